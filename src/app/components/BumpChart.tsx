import { useId, useState } from 'react';
import type { TraceModel } from '../../core/trace/fold.ts';
import type { PassageMarks } from './Marks.tsx';
import { BumpAxes } from './BumpAxes.tsx';
import { BumpCutoff } from './BumpCutoff.tsx';
import { BumpHoverBox } from './BumpHoverBox.tsx';
import { BumpLegend } from './BumpLegend.tsx';
import { BumpLineMark } from './BumpLineMark.tsx';
import { useBumpLayout } from './use-bump-layout.ts';

/** What every rank chart marks, and how bridges were defined (core's bridgeOf), said in the legend. */
export type ChartMarks = PassageMarks & { bridgeRule: string };

type Props = ChartMarks & {
  model: TraceModel;
  maxRank?: number;
  heading?: string;
  /**
   * Compact layout for narrow lanes (compare): narrow columns with short stage names, no line-end
   * labels (focus or hover a line to read it), scaled to the lane. Charts given the same `columns`
   * share one axis: the same scale for every lane.
   */
  compact?: { columns: number };
  /** Lines drawn bold (a what-if branch: the passages whose ranks differ from the original's). */
  marked?: ReadonlySet<string>;
};

/**
 * Every passage's rank across the initial pool, each round, the verifier promotion and the final cut.
 * Gold lines are amber, bridge lines red; the mu + sigma cut is the dashed line. Hover or focus a line
 * to read its passage below the chart (the box has a fixed height, so nothing jumps).
 */
export function BumpChart(props: Props) {
  const { model, gold, bridge, passages, bridgeRule, compact, marked } = props;
  const { maxRank = 20, heading = 'Rank movement' } = props;
  const headingId = useId();
  const [hovered, setHovered] = useState<string | null>(null);
  const { stages, cutoff } = model;
  const { lines, ordered, kindOf, scale, finalIndex } = useBumpLayout({ model, gold, bridge, maxRank, compact });
  const { width, height } = scale;

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
              style={compact ? { width: '100%' } : { maxWidth: width }}
              viewBox={`0 0 ${width} ${height}`}
              role="img"
              aria-label={`Rank movement of ${lines.length} passages across ${stages.length} stages`}
            >
              <BumpAxes stages={stages} maxRank={maxRank} scale={scale} compact={compact !== undefined} />
              <BumpCutoff cutoff={cutoff} finalIndex={finalIndex} maxRank={maxRank} scale={scale} />
              {ordered.map((line) => (
                <BumpLineMark
                  key={line.id}
                  kind={kindOf(line.id)}
                  compact={compact !== undefined}
                  {...{ line, gold, bridge, marked, hovered, setHovered, passages, stages, scale }}
                />
              ))}
            </svg>
          </div>
          <BumpLegend bridgeRule={bridgeRule} />
          <BumpHoverBox passage={hovered ? passages.get(hovered) : undefined} gold={gold} bridge={bridge} />
        </>
      )}
    </section>
  );
}
