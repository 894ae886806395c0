import { useId, useMemo, useState } from 'react';
import { bumpLines, BUMP_DEFAULTS, linePath } from '../trace/bump.ts';
import type { TraceModel } from '../../core/trace/fold.ts';
import type { PassageLookup } from '../use-trace-passages.ts';
import { Term } from './Glossary.tsx';
import { RoleMark } from './Marks.tsx';

interface Props {
  model: TraceModel;
  gold: ReadonlySet<string>;
  bridge: ReadonlySet<string>;
  passages: PassageLookup;
  maxRank?: number;
  heading?: string;
  /** Scale to the panel width (default); false keeps one pixel scale so charts side by side share the axis. */
  fit?: boolean;
  /** How bridges were defined (src/app/trace/bridges.ts -> core bridgeOf), said in the legend. */
  bridgeRule?: string;
  /**
   * Compact layout for narrow lanes (compare): narrow columns with short stage names, no line-end
   * labels (focus or hover a line to read it), scaled to the lane. Charts given the same `columns`
   * share one axis: the same scale for every lane.
   */
  compact?: { columns: number };
  /** Lines drawn bold (a what-if branch: the passages whose ranks differ from the original's). */
  marked?: ReadonlySet<string>;
}

const SHORT_STAGE: Record<string, string> = { initial: 'start', verifier: 'verif.', final: 'cut' };
const stageLabel = (s: { kind: string; label: string; round: number }, compact: boolean) =>
  compact ? (SHORT_STAGE[s.kind] ?? `R${s.round}`) : s.label;

const ROW = 20;
const TOP = 34;
const LEFT = 46;
const COL = 130;
const RIGHT = 150;
const COMPACT_COL = 62;
const COMPACT_RIGHT = 26;

/**
 * Every passage's rank across the initial pool, each round, the verifier promotion and the final cut.
 * Gold lines are amber, bridge lines red; the mu + sigma cut is the dashed line. Hover or focus a line
 * to read its passage below the chart (the box has a fixed height, so nothing jumps).
 */
export function BumpChart({
  model,
  gold,
  bridge,
  passages,
  maxRank = BUMP_DEFAULTS.maxRank,
  heading = 'Rank movement',
  fit = true,
  bridgeRule = 'gold the question alone missed; heuristic',
  compact,
  marked,
}: Props) {
  const headingId = useId();
  const [hovered, setHovered] = useState<string | null>(null);
  const { stages, cutoff } = model;
  const highlighted = useMemo(() => new Set([...gold, ...model.promotions.map((m) => m.id)]), [gold, model.promotions]);
  const lines = useMemo(
    () => bumpLines(stages, highlighted, { ...BUMP_DEFAULTS, maxRank }),
    [stages, highlighted, maxRank],
  );
  const col = compact ? COMPACT_COL : COL;
  const right = compact ? COMPACT_RIGHT : RIGHT;
  const width = LEFT + Math.max(1, (compact?.columns ?? stages.length) - 1) * col + right;
  const height = TOP + (maxRank + 1) * ROW + 16;
  const x = (stage: number) => LEFT + stage * col;
  const y = (rank: number) => TOP + (rank - 0.5) * ROW;
  const style = (id: string) =>
    bridge.has(id) ? 'bridge' : gold.has(id) ? 'gold' : highlighted.has(id) ? 'promoted' : 'other';
  // Draw plain lines first, highlighted ones on top.
  const ordered = [...lines].sort((a, b) => Number(style(a.id) !== 'other') - Number(style(b.id) !== 'other'));
  const hoveredPassage = hovered ? passages.get(hovered) : undefined;
  const finalIndex = stages.findIndex((s) => s.kind === 'final');

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {stages.length === 0 ? (
        <p className="empty">
          The chart fills in as pools arrive: one column per round, then the verifier and the final cut.
        </p>
      ) : (
        <>
          <div className="chart-scroll">
            <svg
              data-testid="rank-chart"
              className="bump"
              style={compact ? { width: '100%' } : fit ? { maxWidth: width } : { width, minWidth: width }}
              viewBox={`0 0 ${width} ${height}`}
              role="img"
              aria-label={`Rank movement of ${lines.length} passages across ${stages.length} stages`}
            >
              {stages.map((s, i) => (
                <g key={i}>
                  <line x1={x(i)} x2={x(i)} y1={TOP - 6} y2={height - 14} className="bump-axis" />
                  <text x={x(i)} y={16} textAnchor="middle" className="bump-stage">
                    {stageLabel(s, compact !== undefined)}
                    {compact && <title>{s.label}</title>}
                  </text>
                </g>
              ))}
              {[1, 5, 10, 15, 20]
                .filter((r) => r <= maxRank)
                .map((r) => (
                  <text key={r} x={LEFT - 14} y={y(r) + 4} textAnchor="end" className="bump-tick">
                    {r}
                  </text>
                ))}
              <text x={4} y={height - 2} className="bump-tick">
                ↑ rank
              </text>
              <text x={LEFT - 14} y={y(maxRank + 1) + 4} textAnchor="end" className="bump-tick">
                &gt;{maxRank}
              </text>
              {cutoff && finalIndex > 0 && cutoff.kept.length <= maxRank && (
                <g data-testid="cutoff-line">
                  <line
                    x1={x(finalIndex - 1) - 20}
                    x2={x(finalIndex) + 20}
                    y1={y(cutoff.kept.length + 0.5)}
                    y2={y(cutoff.kept.length + 0.5)}
                    className="bump-cut"
                  />
                  <text
                    x={x(finalIndex) - 8}
                    y={y(cutoff.kept.length + 0.5) + 14}
                    textAnchor="end"
                    className="bump-cut-label"
                  >
                    score ≥ μ+σ = {cutoff.threshold.toFixed(2)}
                  </text>
                </g>
              )}
              {ordered.map((line) => {
                const kind = style(line.id);
                const last = line.points[line.points.length - 1];
                const dim = hovered !== null && hovered !== line.id;
                return (
                  <g
                    key={line.id}
                    data-testid="bump-line"
                    data-id={line.id}
                    data-gold={String(gold.has(line.id))}
                    data-bridge={String(bridge.has(line.id))}
                    data-marked={marked?.has(line.id) ? 'true' : undefined}
                    className={`bump-line bump-${kind}${marked?.has(line.id) ? ' bump-marked' : ''}${dim ? ' dim' : ''}${hovered === line.id ? ' active' : ''}`}
                    tabIndex={0 /* every line is reachable by keyboard, not only the highlighted ones */}
                    role="button"
                    aria-label={`${passages.titleOf(line.id)}${kind === 'bridge' ? ' (bridge)' : kind === 'gold' ? ' (gold)' : ''}: ranks ${line.points.map((p) => p.rank).join(', ')}`}
                    onMouseEnter={() => setHovered(line.id)}
                    onMouseLeave={() => setHovered(null)}
                    onFocus={() => setHovered(line.id)}
                    onBlur={() => setHovered(null)}
                  >
                    <path d={linePath(line.points, x, y)} />
                    {/* A wide transparent twin makes thin lines easy to hover. */}
                    <path d={linePath(line.points, x, y)} className="bump-hit" />
                    {line.points.map((p) =>
                      kind === 'bridge' ? (
                        // The bridge's diamond, as in every other panel.
                        <rect
                          key={p.stage}
                          x={x(p.stage) - 4.5}
                          y={y(p.shownRank) - 4.5}
                          width={9}
                          height={9}
                          transform={`rotate(45 ${x(p.stage)} ${y(p.shownRank)})`}
                          className="bump-diamond"
                        >
                          <title>{`${passages.titleOf(line.id)} (bridge) — ${stages[p.stage]?.label}: rank ${p.rank}`}</title>
                        </rect>
                      ) : (
                        <circle key={p.stage} cx={x(p.stage)} cy={y(p.shownRank)} r={kind === 'other' ? 3 : 4.5}>
                          <title>{`${passages.titleOf(line.id)} — ${stages[p.stage]?.label}: rank ${p.rank}`}</title>
                        </circle>
                      ),
                    )}
                    {last && kind !== 'other' && !compact && (
                      <text x={x(last.stage) + 9} y={y(last.shownRank) + 4} className="bump-label">
                        {kind === 'bridge' ? '◆ ' : kind === 'gold' ? '★ ' : ''}
                        {passages.titleOf(line.id)}
                      </text>
                    )}
                  </g>
                );
              })}
            </svg>
          </div>
          <div className="legend">
            <span className="key key-gold">
              <span className="glyph-gold">★</span> <Term term="gold" />
            </span>
            <span className="key key-bridge">
              <span className="glyph-bridge">◆</span> <Term term="bridge" />{' '}
              <span data-testid="bridge-rule">({bridgeRule})</span>
            </span>
            <span className="key key-promoted">
              promoted by the <Term term="verifier" />
            </span>
            <span className="key key-cut">
              <Term term="μ+σ cut" /> (a score threshold, drawn after the last kept rank)
            </span>
          </div>
          <div className="hover-box" data-testid="chart-hover" aria-live="polite">
            {hoveredPassage ? (
              <>
                <strong>{hoveredPassage.title}</strong>
                <RoleMark id={hoveredPassage.id} gold={gold} bridge={bridge} />{' '}
                <span className="passage-text">{hoveredPassage.text}</span>
              </>
            ) : (
              <span className="muted">Hover or focus (Tab) a line to read its passage.</span>
            )}
          </div>
        </>
      )}
    </section>
  );
}
