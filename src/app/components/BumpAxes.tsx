import type { Stage } from '../../core/trace/fold.ts';
import { LEFT, TOP, type BumpScale } from './use-bump-layout.ts';

const SHORT_STAGE: Record<string, string> = { initial: 'start', verifier: 'verif.', final: 'cut' };
const stageLabel = (s: { kind: string; label: string; round: number }, compact: boolean) =>
  compact ? (SHORT_STAGE[s.kind] ?? `R${s.round}`) : s.label;

type Props = { stages: readonly Stage[]; maxRank: number; scale: BumpScale; compact: boolean };

/** The bump chart's axes: one column per stage with its name (short when compact), and the rank ticks. */
export function BumpAxes({ stages, maxRank, scale: { x, y, height }, compact }: Props) {
  return (
    <>
      {stages.map((s, i) => (
        <g key={i}>
          <line x1={x(i)} x2={x(i)} y1={TOP - 6} y2={height - 14} className="bump-axis" />
          <text x={x(i)} y={16} textAnchor="middle" className="bump-stage">
            {stageLabel(s, compact)}
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
    </>
  );
}
