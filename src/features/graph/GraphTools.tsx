import { SideToggle } from '../../app/components/SideToggle.tsx';
import type { ReactNode } from 'react';
import type { GraphStep } from './use-graph-step.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

interface Props {
  /** Fit / reset view: the camera back to the whole graph. */
  onFit(): void;
  showPaths: boolean;
  setShowPaths(show: boolean): void;
  /** Its `at`: the step shown, as the inspector's step bar counts, of `steps`. */
  graphStep: GraphStep;
  steps: number;
  /** The picker of a what-if branch to compare (BranchPicker). */
  branchPicker: ReactNode;
}

/** The tools above the canvas: fit, the evidence paths toggle, stepping through the run, a branch to compare, the side panel toggle. */
export function GraphTools({ onFit, showPaths, setShowPaths, graphStep: { at, setStep }, steps, branchPicker }: Props) {
  return (
    <div className="graph-tools">
      <SmallButton data-testid="graph-fit" onClick={onFit} title="Back to the whole graph after zooming or panning">
        Fit / reset view
      </SmallButton>
      <label className="check">
        <input
          type="checkbox"
          checked={showPaths}
          onChange={(e) => setShowPaths(e.target.checked)}
          data-testid="graph-paths-toggle"
        />{' '}
        Evidence paths (seed → bridge → gold)
      </label>
      {/* Step here and the inspector steps with the graph (the step lives in the store). */}
      <span className="graph-step" role="group" aria-label="Step through the run">
        <SmallButton data-testid="graph-step-prev" disabled={at <= 1} onClick={() => setStep(Math.max(1, at - 1))}>
          ← Step
        </SmallButton>
        <span data-testid="graph-step-count">
          step {at} / {steps}
        </span>
        <SmallButton
          data-testid="graph-step-next"
          disabled={at >= steps}
          onClick={() => setStep(Math.min(steps, at + 1))}
        >
          Step →
        </SmallButton>
      </span>
      {branchPicker}
      <SideToggle controls="graph-side" />
    </div>
  );
}
