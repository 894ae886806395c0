import { useMemo, useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { Trace, TraceEventOf } from '../../core/trace/schema.ts';
import { diagnoseTrace } from '../../core/eval/diagnostics/index.ts';
import {
  counterfactualFor,
  parseCounterfactual,
  specRoundOf,
  verifierSelection,
} from '../../core/whatif/counterfactual.ts';
import { describeIntervention, type Intervention } from '../../core/whatif/intervention.ts';
import { BranchCompare } from './BranchCompare.tsx';
import { addBranch, finishBranch, parentOf, rememberParent, useBranches } from '../../app/whatif-store.ts';
import { appStore } from '../../state/store.ts';

interface Props {
  trace: Trace;
  /** The loaded corpus (branches run in the engine over it). */
  datasetId: string | undefined;
  passages: PassageLookup;
  gold: ReadonlySet<string>;
  bridge: ReadonlySet<string>;
  bridgeRule: string;
  onStep: (step: number) => void;
}

const SHOWN = 10;

/**
 * "What if…": change one step of a finished run and rerun from there. The steps before it are replayed
 * from the trace (no LLM call), the rest runs live; the branch appears beside the original.
 */
export function WhatIfPanel({ trace, datasetId, passages, gold, bridge, bridgeRule, onStep }: Props) {
  const engine = useEngine();
  const branches = useBranches(trace);
  const parent = trace.branch ? parentOf(trace) : undefined;
  // gold the run pooled and the reader never read (evidenceLost): one click pins it where it was dropped
  const lost = useMemo(
    () => (trace.question.gold.length > 0 && trace.status === 'done' ? diagnoseTrace(trace).evidenceLost.lost : []),
    [trace],
  );
  const [open, setOpen] = useState<string | null>(null);
  const pools = useMemo(() => trace.events.filter((e): e is TraceEventOf<'pool'> => e.type === 'pool'), [trace]);
  const rounds = useMemo(() => [...new Set(pools.map((p) => p.round))], [pools]);
  const [round, setRound] = useState(() => rounds.find((r) => r >= 1) ?? rounds[0] ?? 0);
  const pool = pools.findLast((p) => p.round === round);
  const thoughts = trace.events.filter((e): e is TraceEventOf<'thought'> => e.type === 'thought' && e.round === round);
  const verify = trace.events.find((e): e is TraceEventOf<'verify'> => e.type === 'verify');
  const [edits, setEdits] = useState<Record<number, string>>({});
  const [selection, setSelection] = useState<Set<string> | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: string; title: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const title = (id: string) => passages.titleOf(id);

  const branch = async (change: Intervention, label = describeIntervention(change), oracle = false) => {
    setError(null);
    if (!datasetId) {
      setError('open the corpus this run was made on to branch it');
      return;
    }
    const key = addBranch(trace, label);
    setOpen(key);
    try {
      const result = await engine.runBranch({ datasetId, parent: trace, intervention: change, label, oracle });
      finishBranch(trace, key, { trace: result });
    } catch (err) {
      finishBranch(trace, key, { error: err instanceof Error ? err.message : String(err) });
    }
  };

  const search = async () => {
    setError(null);
    if (!datasetId || query.trim() === '') return;
    try {
      setFound((await engine.retrieve(datasetId, query, 5)).map((r) => ({ id: r.id, title: r.title })));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const shown = branches.find((b) => b.key === open);
  const selected = selection ?? new Set(verify?.selected ?? []);
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
          {rounds.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      {pool && (
        <>
          <h3>Pool after round {round}</h3>
          <ul className="whatif-rows">
            {pool.pool.slice(0, SHOWN).map((p) => (
              <li key={p.id} data-testid="whatif-pool-row" data-id={p.id}>
                <span>
                  {p.rank}. {title(p.id)}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary"
                  data-testid="whatif-drop"
                  onClick={() =>
                    void branch({ kind: 'pool', round, drop: [p.id] }, `drop "${title(p.id)}" after round ${round}`)
                  }
                >
                  Drop
                </button>
                {p.rank > 1 && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    data-testid="whatif-pin"
                    onClick={() =>
                      void branch(
                        { kind: 'pool', round, insert: { ids: [p.id], rank: 1 } },
                        `pin "${title(p.id)}" to the top after round ${round}`,
                      )
                    }
                  >
                    Pin to top
                  </button>
                )}
              </li>
            ))}
          </ul>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void search();
            }}
          >
            <input
              className="whatif-text"
              data-testid="whatif-search"
              aria-label="Search the corpus for a passage to insert"
              placeholder="Search the corpus for a passage to insert…"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="submit" className="btn btn-secondary" data-testid="whatif-search-go">
              Search
            </button>
          </form>
          <ul className="whatif-rows">
            {found.map((f) => (
              <li key={f.id}>
                <span>{f.title}</span>
                <button
                  type="button"
                  className="btn btn-secondary"
                  data-testid="whatif-insert"
                  onClick={() =>
                    void branch(
                      { kind: 'pool', round, insert: { ids: [f.id], rank: 1 } },
                      `insert "${f.title}" at the top after round ${round}`,
                    )
                  }
                >
                  Insert at top
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {thoughts.length > 0 && <h3>Thoughts and sub-queries of round {round}</h3>}
      {thoughts.map((t, i) => (
        <div key={`${round}-${i}`} className="whatif-thought">
          <label>
            {t.kind}
            <textarea
              className="whatif-text"
              data-testid="whatif-thought"
              rows={2}
              value={edits[i] ?? t.text}
              onChange={(e) => setEdits({ ...edits, [i]: e.target.value })}
            />
          </label>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="whatif-thought-run"
            disabled={(edits[i] ?? t.text).trim() === '' || (edits[i] ?? t.text) === t.text}
            onClick={() =>
              void branch(
                { kind: 'text', round, from: t.text, to: edits[i]!.trim() },
                `${t.kind} thought edited in round ${round}`,
              )
            }
          >
            Rerun with this text
          </button>
        </div>
      ))}
      {verify && (
        <>
          <h3>Verifier's selection</h3>
          <ul className="whatif-rows">
            {verify.candidates.slice(0, SHOWN).map((id) => (
              <li key={id}>
                <label>
                  <input
                    type="checkbox"
                    data-testid="whatif-verify"
                    checked={selected.has(id)}
                    onChange={() => {
                      const next = new Set(selected);
                      if (next.has(id)) next.delete(id);
                      else next.add(id);
                      setSelection(next);
                    }}
                  />{' '}
                  {title(id)}
                </label>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="whatif-verify-run"
            disabled={selection === null}
            onClick={() =>
              void branch(
                verifierSelection(
                  trace,
                  verify.candidates.filter((id) => selected.has(id)),
                ),
              )
            }
          >
            Rerun with this selection
          </button>
        </>
      )}
      {trace.question.gold.length > 0 && (
        <p>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="whatif-gold-bridge"
            title="Reads the question's gold: an oracle branch, never a strategy result"
            onClick={() => {
              // @R is the pool after round R's retrieval counted from the run's first (docs/what-if.md)
              const spec = parseCounterfactual(`gold-bridge@${specRoundOf(trace, round)}`);
              const what = counterfactualFor(spec, trace);
              if ('skip' in what) setError(`${spec.text}: ${what.skip}`);
              else void branch(what.intervention, spec.text, true);
            }}
          >
            Oracle: insert the bridge passages at the top after round {round}
          </button>
        </p>
      )}
      {lost.length > 0 && (
        <ul className="whatif-rows" data-testid="whatif-lost">
          {lost.map((l) => (
            <li key={l.passage}>
              <span>
                Evidence lost: {l.unit} &ldquo;{title(l.passage)}&rdquo; ({l.mechanism}, round {l.round})
              </span>{' '}
              <button
                type="button"
                className="btn btn-secondary"
                data-testid="whatif-pin-lost"
                title="Reads the question's gold: an oracle branch, never a strategy result"
                onClick={() =>
                  void branch(
                    { kind: 'pool', round: l.round, insert: { ids: [l.passage], rank: 1 } },
                    `pin lost evidence "${title(l.passage)}" to the top after round ${l.round}`,
                    true,
                  )
                }
              >
                Pin it and rerun from there (oracle)
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {parent && (
        <p>
          This is a branch of {parent.strategy} on {parent.question.id}
          {trace.branch?.label ? ` (${trace.branch.label})` : ''}.{' '}
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="whatif-back-to-original"
            onClick={() => appStore.getState().showTrace(parent, appStore.getState().runPassages ?? undefined)}
          >
            Back to the original run
          </button>
        </p>
      )}
      {branches.length > 0 && (
        <>
          <h3>Branches</h3>
          <ul className="whatif-rows">
            {branches.map((b) => (
              <li key={b.key}>
                <button
                  type="button"
                  className="btn btn-secondary"
                  data-testid="whatif-branch"
                  data-status={b.status}
                  aria-pressed={open === b.key}
                  onClick={() => setOpen(b.key)}
                >
                  {b.label}
                  {b.trace?.branch?.oracle ? ' (oracle)' : ''} · {b.status}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {shown?.error && (
        <p className="error" role="alert">
          {shown.error}
        </p>
      )}
      {shown?.trace && (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="whatif-step-branch"
          title="Show this branch in the inspector, to step through it like a run"
          onClick={() => {
            rememberParent(shown.trace!, trace);
            appStore.getState().showTrace(shown.trace!, appStore.getState().runPassages ?? undefined);
          }}
        >
          Step through this branch
        </button>
      )}
      {shown?.trace && (
        <BranchCompare
          parent={trace}
          branch={shown.trace}
          gold={gold}
          bridge={bridge}
          bridgeRule={bridgeRule}
          passages={passages}
          onStep={onStep}
        />
      )}
    </section>
  );
}
