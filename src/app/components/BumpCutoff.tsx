import type { TraceModel } from '../../core/trace/fold.ts';
import type { BumpScale } from './use-bump-layout.ts';

interface Props {
  cutoff: TraceModel['cutoff'];
  /** The final stage's column (the cut is drawn just before it). */
  finalIndex: number;
  maxRank: number;
  scale: BumpScale;
}

/** The μ+σ cut as a dashed line after the last kept rank, with its threshold (when the cut is on the chart). */
export function BumpCutoff({ cutoff, finalIndex, maxRank, scale: { x, y } }: Props) {
  if (!cutoff || finalIndex <= 0 || cutoff.kept.length > maxRank) return null;
  const atCut = y(cutoff.kept.length + 0.5);
  return (
    <g data-testid="cutoff-line">
      <line x1={x(finalIndex - 1) - 20} x2={x(finalIndex) + 20} y1={atCut} y2={atCut} className="bump-cut" />
      <text x={x(finalIndex) - 8} y={atCut + 14} textAnchor="end" className="bump-cut-label">
        score ≥ μ+σ = {cutoff.threshold.toFixed(2)}
      </text>
    </g>
  );
}
