import type { Stage } from '../../core/trace/fold.ts';
import { linePath, type BumpLine } from '../trace/bump.ts';
import type { PassageMarks } from './Marks.tsx';
import type { BumpScale, LineKind } from './use-bump-layout.ts';

type Props = PassageMarks & {
  line: BumpLine;
  kind: LineKind;
  marked: ReadonlySet<string> | undefined;
  hovered: string | null;
  setHovered: (id: string | null) => void;
  stages: readonly Stage[];
  scale: BumpScale;
  /** No line-end label (compact lanes). */
  compact: boolean;
};

/** One passage's line across the stages: a mark per stage (the bridge's diamond or a dot), its label, hover and focus. */
export function BumpLineMark(props: Props) {
  const { line, kind, gold, bridge, marked, hovered, setHovered, passages, stages, scale, compact } = props;
  const { x, y } = scale;
  const last = line.points[line.points.length - 1];
  const dim = hovered !== null && hovered !== line.id;
  return (
    <g
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
}
