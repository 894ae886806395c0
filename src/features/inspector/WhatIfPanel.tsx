import type { ChartMarks } from '../../app/components/BumpChart.tsx';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { Options } from '../../app/components/Options.tsx';
import { parentOf } from '../../app/whatif-store.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { useLostEvidence, useWhatIfBranches, useWhatIfRound } from './use-what-if.ts';
import { WhatIfBranches } from './WhatIfBranches.tsx';
import { WhatIfGoldBridge } from './WhatIfGoldBridge.tsx';
import { WhatIfLostEvidence } from './WhatIfLostEvidence.tsx';
import { WhatIfParentLine } from './WhatIfParentLine.tsx';
import { WhatIfPoolRows } from './WhatIfPoolRows.tsx';
import { WhatIfSearch } from './WhatIfSearch.tsx';
import { WhatIfShownBranch } from './WhatIfShownBranch.tsx';
import { WhatIfThoughts } from './WhatIfThoughts.tsx';
import { WhatIfVerifier } from './WhatIfVerifier.tsx';

type Props = ChartMarks & {
  trace: Trace;
  /** The loaded corpus (branches run in the engine over it). */
  datasetId: string | undefined;
  onStep: (step: number) => void;
};

/** "What if…": change one step of a finished run and rerun from there; earlier steps replay from the trace. */
export function WhatIfPanel({ trace, datasetId, onStep, ...marks }: Props) {
  const { branches, open, setOpen, shown, error, setError, branch } = useWhatIfBranches(trace, datasetId);
  const { rounds, round, setRound, pool, thoughts, verify } = useWhatIfRound(trace);
  const lost = useLostEvidence(trace);
  const parent = trace.branch ? parentOf(trace) : undefined;
  const { passages } = marks;
  return (
    <section className="panel" data-testid="whatif" aria-labelledby="whatif-heading">
      <h2 id="whatif-heading">What if…</h2>
      <p className="muted">
        Change one step and rerun from there: the steps before it are replayed from this trace with no LLM call, the
        rest runs live ({trace.llm}).
      </p>
      <label>
        Step: after round{' '}
        <select data-testid="whatif-round" value={round} onChange={(e) => setRound(Number(e.target.value))}>
          <Options values={rounds} />
        </select>
      </label>
      {pool && (
        <>
          <WhatIfPoolRows pool={pool} round={round} passages={passages} branch={branch} />
          <WhatIfSearch datasetId={datasetId} round={round} branch={branch} onError={setError} />
        </>
      )}
      <WhatIfThoughts thoughts={thoughts} round={round} branch={branch} />
      {verify && <WhatIfVerifier trace={trace} verify={verify} passages={passages} branch={branch} />}
      {trace.question.gold.length > 0 && (
        <WhatIfGoldBridge trace={trace} round={round} branch={branch} onError={setError} />
      )}
      {lost.length > 0 && <WhatIfLostEvidence lost={lost} passages={passages} branch={branch} />}
      <ErrorLine error={error} />
      {parent && <WhatIfParentLine trace={trace} parent={parent} />}
      {branches.length > 0 && <WhatIfBranches branches={branches} open={open} onOpen={setOpen} />}
      <WhatIfShownBranch shown={shown} trace={trace} onStep={onStep} {...marks} />
    </section>
  );
}
