import { useMemo } from 'react';
import { BumpChart } from '../../app/components/BumpChart.tsx';
import { scoreTrace } from '../../app/trace/scores.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { DIAGNOSTICS, diagnoseTrace } from '../../core/eval/diagnostics/index.ts';
import { foldTrace, type TraceModel } from '../../core/trace/fold.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { firstDifference } from '../../core/whatif/diff.ts';

interface Props {
  parent: Trace;
  branch: Trace;
  gold: ReadonlySet<string>;
  bridge: ReadonlySet<string>;
  bridgeRule: string;
  passages: PassageLookup;
  /** Shows the original at a step (the step bar's position: events through this index). */
  onStep: (step: number) => void;
}

/**
 * Passages that one run has at a stage and the other lacks, or that moved more than one rank: a
 * dropped or inserted passage shifts everything below it by one, which is not itself a change.
 */
function changedIds(a: TraceModel, b: TraceModel): Set<string> {
  const out = new Set<string>();
  const n = Math.max(a.stages.length, b.stages.length);
  const differs = (x: number, y: number | undefined) => y === undefined || Math.abs(x - y) > 1;
  for (let i = 0; i < n; i++) {
    const ra = a.stages[i]?.ranks ?? new Map<string, number>();
    const rb = b.stages[i]?.ranks ?? new Map<string, number>();
    for (const [id, r] of ra) if (differs(r, rb.get(id))) out.add(id);
    for (const [id, r] of rb) if (differs(r, ra.get(id))) out.add(id);
  }
  return out;
}

/** A what-if branch beside its original: rank charts with the changed lines bold, answers, metrics, diagnostics and the first step where they differ. */
export function BranchCompare({ parent, branch, gold, bridge, bridgeRule, passages, onStep }: Props) {
  const a = useMemo(() => foldTrace(parent.events), [parent]);
  const b = useMemo(() => foldTrace(branch.events), [branch]);
  const marked = useMemo(() => changedIds(a, b), [a, b]);
  const first = useMemo(() => firstDifference(parent.events, branch.events), [parent, branch]);
  const rows = Math.min(20, Math.max(5, ...a.stages.map((s) => s.ranks.size), ...b.stages.map((s) => s.ranks.size)));
  const columns = Math.max(a.stages.length, b.stages.length);
  const side = (t: Trace, m: TraceModel, title: string, testid: string) => {
    const s = scoreTrace(m, t.question);
    const d = t.question.gold.length > 0 ? diagnoseTrace(t) : null;
    const flagged = d ? DIAGNOSTICS.filter((k) => d[k].flagged) : [];
    const calls = m.modules.reduce((n, x) => n + x.calls, 0);
    return (
      <div data-testid={testid}>
        <BumpChart
          model={m}
          gold={gold}
          bridge={bridge}
          bridgeRule={bridgeRule}
          passages={passages}
          maxRank={rows}
          heading={title}
          compact={{ columns }}
          marked={marked}
        />
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
        {branch.branch?.label ?? 'branch'}
        {branch.branch?.oracle && <span className="badge badge-offline">oracle: reads the gold</span>}
      </h3>
      <p className="whatif-diff" data-testid="whatif-first-difference">
        {first === null || at === undefined ? (
          'No difference: the branch reproduces the original.'
        ) : (
          <>
            First difference at step {first + 1}: {at.type} in round {at.round}.{' '}
            <button type="button" className="btn btn-secondary" onClick={() => onStep(first + 1)}>
              Show this step
            </button>
          </>
        )}
      </p>
      {warnings.map((w) => (
        <p key={w} className="error" role="status" data-testid="whatif-warning">
          {w}
        </p>
      ))}
      <p className="muted">
        Bold lines: passages that entered, left or moved more than one rank against the other run ({marked.size}); the
        others are faded.
      </p>
      <div className="whatif-compare">
        {side(parent, a, 'Original', 'whatif-original')}
        {side(branch, b, 'Branch', 'whatif-branch-side')}
      </div>
    </section>
  );
}
