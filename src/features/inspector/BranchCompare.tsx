import { useMemo } from 'react';
import { BumpChart, type ChartMarks } from '../../app/components/BumpChart.tsx';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { scoreTrace } from '../../app/trace/scores.ts';
import { DIAGNOSTICS, diagnoseTrace } from '../../core/eval/diagnostics/index.ts';
import { foldTrace, traceIds, type TraceModel } from '../../core/trace/fold.ts';
import type { Passage } from '../../core/types.ts';
import { diagnosticName, useDiagnosticPassages } from './Diagnostics.tsx';
import { changedIds, withTitles } from './branch-marks.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { firstDifference } from '../../core/whatif/diff.ts';

type Props = ChartMarks & {
  parent: Trace;
  branch: Trace;
  /** Shows the original at a step (the step bar's position: events through this index). */
  onStep: (step: number) => void;
};

/** A what-if branch beside its original: rank charts with the changed lines bold, answers, metrics, diagnostics and the first step where they differ. */
export function BranchCompare({ parent, branch, onStep, ...marks }: Props) {
  const { passages } = marks;
  const a = useMemo(() => foldTrace(parent.events), [parent]);
  const b = useMemo(() => foldTrace(branch.events), [branch]);
  const marked = useMemo(() => changedIds(a, b, branch), [a, b, branch]);
  // the diagnostics read the same passages as the main panel's, so the original's flags match it
  const parentPassages = useDiagnosticPassages(parent);
  const branchPassages = useDiagnosticPassages(branch);
  const ids = useMemo(() => new Set([...traceIds(parent.events), ...traceIds(branch.events)]), [parent, branch]);
  const label = withTitles(branch.branch?.label ?? 'branch', ids, passages.titleOf);
  const first = useMemo(() => firstDifference(parent.events, branch.events), [parent, branch]);
  const rows = Math.min(20, Math.max(5, ...a.stages.map((s) => s.ranks.size), ...b.stages.map((s) => s.ranks.size)));
  const columns = Math.max(a.stages.length, b.stages.length);
  const side = (t: Trace, m: TraceModel, title: string, testid: string, read: Map<string, Passage> | undefined) => {
    const s = scoreTrace(m, t.question);
    const d = t.question.gold.length > 0 ? diagnoseTrace(t, { passages: read }) : null;
    const flagged = d ? DIAGNOSTICS.filter((k) => d[k].flagged).map(diagnosticName) : [];
    const calls = m.modules.reduce((n, x) => n + x.calls, 0);
    return (
      <div data-testid={testid}>
        <BumpChart model={m} maxRank={rows} heading={title} compact={{ columns }} marked={marked} {...marks} />
        <dl className="whatif-facts">
          <dt>Answer</dt>
          <dd data-testid="whatif-answer">{m.answer ?? '(none)'}</dd>
          {s.answer && (
            <>
              <dt>EM / Acc</dt>
              <dd>
                {s.answer.em} / {s.answer.acc}
              </dd>
            </>
          )}
          {s.recall && (
            <>
              <dt>Recall</dt>
              <dd>{s.recall.map((r) => `@${r.k} ${r.value.toFixed(2)}`).join(' · ')}</dd>
            </>
          )}
          <dt>LLM calls</dt>
          <dd>
            {calls}
            {t.branch ? ` (${t.branch.replayed} replayed from the original, no model call)` : ''}
          </dd>
          {d && (
            <>
              <dt>Diagnostics flagged</dt>
              <dd data-testid="whatif-diagnostics">{flagged.length ? flagged.join(', ') : 'none'}</dd>
            </>
          )}
        </dl>
      </div>
    );
  };
  const at = first === null ? undefined : (parent.events[first] ?? branch.events[first]);
  const warnings = branch.events.flatMap((e) => (e.type === 'warning' && e.module === 'whatif' ? [e.message] : []));
  return (
    <section className="panel" data-testid="whatif-compare" aria-label="Branch beside the original">
      <h3>
        {label}
        {branch.branch?.oracle && <span className="badge badge-offline">oracle: reads the gold</span>}
      </h3>
      <p className="whatif-diff" data-testid="whatif-first-difference">
        {first === null || at === undefined ? (
          'No difference: the branch reproduces the original.'
        ) : (
          <>
            First difference at step {first + 1}: {at.type} in round {at.round}.{' '}
            <SecondaryButton onClick={() => onStep(first + 1)}>Show this step</SecondaryButton>
          </>
        )}
      </p>
      {warnings.map((w) => (
        <p key={w} className="error" role="status" data-testid="whatif-warning">
          {withTitles(w, ids, passages.titleOf)}
        </p>
      ))}
      <p className="muted">
        Bold lines: the passages the change names and those that entered, left or moved more than one rank in the final
        ranking ({marked.size}); the others are faded.
      </p>
      <div className="whatif-compare">
        {side(parent, a, 'Original', 'whatif-original', parentPassages)}
        {side(branch, b, 'Branch', 'whatif-branch-side', branchPassages)}
      </div>
    </section>
  );
}
