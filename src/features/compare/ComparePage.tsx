import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { passagesQuery, runQuery } from '../../app/queries.ts';
import { foldTrace, traceIds } from '../../core/trace/fold.ts';
import { parseRunOrTrace } from '../../app/trace/run-file.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { Passage } from '../../core/types.ts';
import { MAX_LANES, MIN_LANES, type CompareLane } from '../../state/compare-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { BACKBONE_SHORT, STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { RUN_BACKBONES, RUN_STRATEGIES, type RunBackbone, type RunStrategy } from '../../engine/engine-api.ts';
import { LaneView, SHOWN } from './LaneView.tsx';
import { RETRIEVAL_ONLY } from '../../core/strategies/index.ts';
import { DEFAULT_BACKBONE } from '../../core/backbones/about.ts';

const MAX_RANK = 20;
const laneLabel = (backbone: RunBackbone, strategy: RunStrategy) =>
  `${STRATEGY_SHORT[strategy]} on ${BACKBONE_SHORT[backbone]}`;

interface LaneState {
  lane: CompareLane;
  label: string;
  trace: Trace | undefined;
  error: string | null;
  pending: boolean;
}

/** Two to four strategies (or one strategy on several backbones) on the same question, side by side. */
export function ComparePage() {
  const engine = useEngine();
  const dataset = useActiveDataset();
  const questionId = useAppStore((s) => s.compareQuestionId);
  const lanes = useAppStore((s) => s.compareLanes);
  const requested = useAppStore((s) => s.compareRequested);
  const setCompareQuestion = useAppStore((s) => s.setCompareQuestion);
  const addLane = useAppStore((s) => s.addLane);
  const setLane = useAppStore((s) => s.setLane);
  const removeLane = useAppStore((s) => s.removeLane);
  const requestCompare = useAppStore((s) => s.requestCompare);
  const [fileError, setFileError] = useState<string | null>(null);
  const question = dataset.data?.questions.find((q) => q.id === questionId);

  const runs = useQueries({
    queries: lanes.map((lane) => ({
      ...runQuery(engine, {
        datasetId: dataset.data?.id ?? '',
        question: question ?? { id: '', question: '', answers: [], gold: [] },
        backbone: lane.kind === 'run' ? lane.backbone : DEFAULT_BACKBONE,
        strategy: lane.kind === 'run' ? lane.strategy : RETRIEVAL_ONLY,
        k: 20,
      }),
      enabled: lane.kind === 'run' && question !== undefined && requested > 0 && dataset.isSuccess,
    })),
  });
  const states: LaneState[] = lanes.map((lane, i) => {
    if (lane.kind === 'file')
      return {
        lane,
        label: `${lane.trace.strategy} on ${lane.trace.retriever} (${lane.name})`,
        trace: lane.trace,
        error:
          lane.trace.question.id !== questionId && questionId !== null
            ? `this trace answers ${lane.trace.question.id}, not ${questionId}`
            : null,
        pending: false,
      };
    const r = runs[i];
    return {
      lane,
      label: laneLabel(lane.backbone, lane.strategy),
      trace: r?.data,
      error: r?.isError ? r.error.message : null,
      pending: r?.fetchStatus === 'fetching',
    };
  });

  // One passage lookup for all lanes: shipped passages of file lanes, the engine for the rest.
  const shipped = useMemo(
    () =>
      new Map<string, Passage>(
        lanes.flatMap((l) => (l.kind === 'file' && l.passages ? l.passages.map((p) => [p.id, p] as const) : [])),
      ),
    [lanes],
  );
  const traces = states.map((s) => s.trace);
  const ids = useMemo(
    () => [...new Set(traces.flatMap((t) => (t ? traceIds(t.events) : [])))].filter((id) => !shipped.has(id)),
    [traces, shipped],
  );
  const fetched = useQuery({
    ...passagesQuery(engine, dataset.data?.id ?? '', ids),
    enabled: dataset.isSuccess && ids.length > 0,
    placeholderData: (p) => p,
  });
  const passages: PassageLookup = useMemo(
    () => ({
      get: (id) => shipped.get(id) ?? fetched.data?.get(id),
      titleOf: (id) => (shipped.get(id) ?? fetched.data?.get(id))?.title ?? id,
      error: fetched.isError ? fetched.error.message : null,
    }),
    [shipped, fetched.data, fetched.isError, fetched.error],
  );
  // One axis for every lane: as many stage columns as the widest lane has.
  const columns = Math.max(2, ...states.map((s) => (s.trace ? foldTrace(s.trace.events).stages.length : 0)));
  const shownSets = states.map((s) => new Set(s.trace ? foldTrace(s.trace.events).finalRanking.slice(0, SHOWN) : []));

  const openFile = async (file: File) => {
    setFileError(null);
    try {
      const { trace, passages: carried } = parseRunOrTrace(await file.text(), file.name);
      addLane({ kind: 'file', name: file.name, trace, passages: carried });
      if (questionId === null) setCompareQuestion(trace.question.id);
    } catch (err) {
      setFileError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div className="compare">
      <form
        className="question-form"
        aria-label="Compare setup"
        onSubmit={(e) => {
          e.preventDefault();
          requestCompare();
        }}
      >
        <label className="field">
          <span>Question</span>
          <select
            data-testid="compare-question"
            value={questionId ?? ''}
            disabled={!dataset.isSuccess}
            onChange={(e) => setCompareQuestion(e.target.value || null)}
          >
            <option value="">{dataset.isSuccess ? '— pick a dataset question —' : 'indexing the demo…'}</option>
            {dataset.data?.questions.map((q) => (
              <option key={q.id} value={q.id}>
                {q.id}: {q.question}
              </option>
            ))}
          </select>
        </label>
        <label className="file-label">
          Add a lane from a run or trace file…
          <input
            type="file"
            accept=".json,application/json"
            data-testid="compare-file"
            disabled={lanes.length >= MAX_LANES}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void openFile(f);
            }}
          />
        </label>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="compare-add"
          disabled={lanes.length >= MAX_LANES}
          onClick={() => addLane({ kind: 'run', backbone: DEFAULT_BACKBONE, strategy: RETRIEVAL_ONLY })}
        >
          + Lane
        </button>
        <button type="submit" data-testid="compare-run" disabled={!question}>
          Compare
        </button>
      </form>
      {fileError && (
        <p className="error" role="alert">
          {fileError}
        </p>
      )}
      {!question && (
        <p className="empty">
          Pick a question, choose 2–4 lanes (a backbone, or a recorded run from a file), then press Compare.
        </p>
      )}
      <div className="lanes" style={{ gridTemplateColumns: `repeat(${lanes.length}, minmax(0, 1fr))` }}>
        {states.map((s) => (
          <section key={s.lane.key} className="panel lane" data-testid="compare-lane" aria-label={s.label}>
            <div className="lane-head">
              {s.lane.kind === 'run' ? (
                <span className="lane-pickers">
                  <select
                    aria-label="Strategy"
                    data-testid="compare-strategy"
                    value={s.lane.strategy}
                    onChange={(e) =>
                      setLane(s.lane.key, {
                        kind: 'run',
                        backbone: (s.lane as { backbone: RunBackbone }).backbone,
                        strategy: e.target.value as RunStrategy,
                      })
                    }
                  >
                    {RUN_STRATEGIES.map((x) => (
                      <option key={x} value={x}>
                        {STRATEGY_SHORT[x]}
                      </option>
                    ))}
                  </select>
                  <select
                    aria-label="Backbone"
                    data-testid="compare-backbone"
                    value={s.lane.backbone}
                    onChange={(e) =>
                      setLane(s.lane.key, {
                        kind: 'run',
                        backbone: e.target.value as RunBackbone,
                        strategy: (s.lane as { strategy: RunStrategy }).strategy,
                      })
                    }
                  >
                    {RUN_BACKBONES.map((b) => (
                      <option key={b} value={b}>
                        on {BACKBONE_SHORT[b]}
                      </option>
                    ))}
                  </select>
                </span>
              ) : (
                <strong>{s.label}</strong>
              )}
              <button
                type="button"
                className="btn-link"
                aria-label={`Remove lane ${s.label}`}
                disabled={lanes.length <= MIN_LANES}
                onClick={() => removeLane(s.lane.key)}
              >
                ✕
              </button>
            </div>
            {s.error ? (
              <p className="error" role="alert">
                {s.error}
              </p>
            ) : s.trace ? (
              <LaneView
                label={s.label}
                trace={s.trace}
                others={new Set(shownSets.flatMap((set, j) => (states[j] === s ? [] : [...set])))}
                passages={passages}
                maxRank={MAX_RANK}
                columns={columns}
              />
            ) : (
              <p className="empty">
                {s.pending ? 'Running…' : question ? 'Press Compare to run this lane.' : 'Waiting for a question.'}
              </p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
