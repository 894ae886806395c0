import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { Fragment, useMemo, useState } from 'react';
import { BACKBONE_SHORT, STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { STRATEGIES } from '../../core/strategies/index.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import { isBaseline, RUN_BACKBONES } from '../../engine/engine-api.ts';
import {
  accuracyByType,
  byType,
  complementarity,
  failedRows,
  perRoundRecall,
  recallCurve,
  roundGroups,
  rowFromTrace,
  rowsToCsv,
  rowsToJson,
  strategiesOf,
  type BatchRow,
} from '../../app/batch/results.ts';
import { BATCH_CONFIGS, type BatchSortKey } from '../../state/batch-slice.ts';
import { appStore } from '../../state/store.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { BarChart, formatValue, LineChart, SeriesColors } from './charts.tsx';
import { download } from './export.ts';
import { DualRagBatchActions } from './DualRagBatchActions.tsx';
import { useJudgeLlm } from '../../app/use-judge-llm.ts';
import { PlotCard } from './PlotCard.tsx';
import { complementarityPair } from './complementarity-pair.ts';
import { IterationPlots } from './IterationPlots.tsx';
import { DiagnosticPlots } from './DiagnosticPlots.tsx';
import { FailureShiftPanel } from './FailureShiftPanel.tsx';
import { useBatchRunner } from './use-batch-runner.ts';
import { CounterfactualCell, CounterfactualSetup, CounterfactualSummary } from './CounterfactualPanel.tsx';
import { useKeepCounterfactuals } from './keep-counterfactuals.ts';
import { BATCH_MODELS, isOracle, MODEL_LABEL, parseVariant, REGIME_LABEL, REGIMES } from '../../app/batch/variants.ts';
import { useSettingsLlmLabel } from './use-settings-llm.ts';
import { QuestionPicker } from './QuestionPicker.tsx';
import { ROW_HEIGHT, useWindow } from './use-window.ts';

const TABLE_HEIGHT = 440;

// core's Recall@5 (over gold items when a document questions file named files or sections); a failed run
// has no score (shown "—", sorted last), never 0%; NaN sorts last without gold
const recall5 = (r: BatchRow) => (r.status === 'done' ? r.metrics?.recall[5] : undefined) ?? Number.NaN;
const SORTS: Record<BatchSortKey, (r: BatchRow) => string | number> = {
  questionId: (r) => r.questionId,
  strategy: (r) => r.strategy,
  type: (r) => r.type,
  recall5,
  firstGoldRank: (r) => r.firstGoldRank ?? Infinity,
};
const fmtMs = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Strategies on backbones (single retrieval, +reader, or core's iterative strategies) over chosen questions of the dataset, with plots and exports. */
export function BatchPage() {
  useKeepCounterfactuals();
  const dataset = useActiveDataset();
  const questions = useMemo(() => dataset.data?.questions ?? [], [dataset.data]);
  const { run, cancel } = useBatchRunner(dataset.data?.id, questions);
  const configs = useAppStore((s) => s.batchConfigs);
  const status = useAppStore((s) => s.batchStatus);
  const runs = useAppStore((s) => s.batchRuns);
  const total = useAppStore((s) => s.batchTotal);
  const startedAt = useAppStore((s) => s.batchStartedAt);
  const error = useAppStore((s) => s.batchError);
  const typeFilter = useAppStore((s) => s.batchTypeFilter);
  const sort = useAppStore((s) => s.batchSort);
  const toggle = useAppStore((s) => s.toggleBatchConfig);
  const models = useAppStore((s) => s.batchModels);
  const regimes = useAppStore((s) => s.batchRegimes);
  const toggleModel = useAppStore((s) => s.toggleBatchModel);
  const toggleRegime = useAppStore((s) => s.toggleBatchRegime);
  const settingsLlm = useSettingsLlmLabel();
  const setTypeFilter = useAppStore((s) => s.setBatchTypeFilter);
  const sortBy = useAppStore((s) => s.sortBatch);

  const rows = useMemo(() => runs.map((r) => rowFromTrace(r.strategy, r.trace)), [runs]);
  // Failed runs are named beside the plots and left out of them (core's summaries read completed runs only).
  const failed = useMemo(() => failedRows(rows), [rows]);
  const completedRows = useMemo(() => rows.filter((r) => r.status === 'done'), [rows]);
  const judge = useJudgeLlm();
  // Rounds that ran (adaptive stopping), LLM calls and the router's choice per run, read off each trace's fold.
  const facts = useMemo(
    () =>
      new Map(
        runs.map((r) => {
          const m = foldTrace(r.trace.events);
          return [
            `${r.strategy}|${r.trace.question.id}`,
            { rounds: m.roundsUsed, calls: m.llmCalls, route: m.route ?? undefined },
          ];
        }),
      ),
    [runs],
  );
  const strategies = strategiesOf(rows);
  const [pairPick, setPairPick] = useState<readonly [string | null, string | null]>([null, null]);
  const maxK = Math.min(200, Math.max(1, ...rows.map((r) => r.ranking.length)));
  const types = [...new Set(rows.map((r) => r.type))].sort();
  const shown = useMemo(() => {
    const f = typeFilter ? rows.filter((r) => r.type === typeFilter) : rows;
    const key = SORTS[sort.key];
    return [...f].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const c =
        typeof x === 'number' && typeof y === 'number'
          ? Number.isNaN(x)
            ? 1
            : Number.isNaN(y)
              ? -1
              : x - y
          : String(x).localeCompare(String(y));
      return sort.desc ? -c : c;
    });
  }, [rows, typeFilter, sort]);

  const win = useWindow(shown.length, TABLE_HEIGHT);
  const done = runs.length;
  const elapsed = startedAt !== null && status === 'running' ? performance.now() - startedAt : null;
  const eta = elapsed !== null && done > 0 ? (elapsed / done) * (total - done) : null;
  const running = status === 'running';
  const canResume = (status === 'cancelled' || status === 'failed') && done < total;
  const open = (r: BatchRow) => {
    // The form above the trace says what the trace ran: its question, backbone and strategy.
    const s = appStore.getState();
    const config = BATCH_CONFIGS.find((c) => c.key === parseVariant(r.strategy).config);
    if (config) {
      s.setBackbone(config.backbone);
      s.setStrategy(config.strategy);
    }
    s.pickQuestion(r.trace.question.id, r.trace.question.question);
    s.showTrace(r.trace);
    appStore.getState().setView('inspector');
    // The inspector opens at its top (the run header and step bar), not where the batch table was scrolled.
    requestAnimationFrame(() => window.scrollTo({ top: 0 }));
  };
  const header = (key: BatchSortKey, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="th-button" onClick={() => sortBy(key)}>
        {label}
        {sort.key === key ? (sort.desc ? ' ▼' : ' ▲') : ''}
      </button>
    </th>
  );
  // Oracle runs (gold context) are never compared with strategies. Complementarity compares the two lanes
  // the user picks in its card, else the first two strategies run (methods before the baselines).
  const compared = strategies.filter((k) => !isOracle(k));
  const lanes = complementarityPair(compared, pairPick, (k) => {
    const config = BATCH_CONFIGS.find((c) => c.key === parseVariant(k).config);
    return config !== undefined && isBaseline(config.strategy);
  });
  const pair = lanes ? complementarity(rows, lanes[0], lanes[1], 5) : null;

  return (
    <div className="batch">
      <form
        className="question-form"
        aria-label="Batch setup"
        onSubmit={(e) => {
          e.preventDefault();
          void run(false);
        }}
      >
        <fieldset className="field checks">
          <legend>Baselines (+reader: answers with the LLM from Settings)</legend>
          {BATCH_CONFIGS.filter((c) => isBaseline(c.strategy)).map((c) => (
            <label key={c.key}>
              <input
                type="checkbox"
                checked={configs.includes(c.key)}
                disabled={running}
                onChange={() => toggle(c.key)}
                data-testid={`batch-config-${c.key}`}
              />{' '}
              {c.key}
            </label>
          ))}
        </fieldset>
        <fieldset className="field batch-strategies" data-testid="batch-strategies">
          <legend>Strategies (LLM from Settings, or the offline thinker)</legend>
          <div
            className="batch-grid"
            role="group"
            aria-label="Strategy on backbone"
            style={{ gridTemplateColumns: `auto repeat(${STRATEGIES.length}, auto)` }}
          >
            <span />
            {STRATEGIES.map((strategy) => (
              <span key={strategy} className="muted">
                {STRATEGY_SHORT[strategy]}
              </span>
            ))}
            {RUN_BACKBONES.map((backbone) => (
              <Fragment key={backbone}>
                <span className="batch-grid-row">{BACKBONE_SHORT[backbone]}</span>
                {STRATEGIES.map((strategy) => {
                  const key = `${strategy}/${backbone}`;
                  return (
                    <input
                      key={key}
                      type="checkbox"
                      aria-label={`${STRATEGY_SHORT[strategy]} on ${BACKBONE_SHORT[backbone]}`}
                      checked={configs.includes(key)}
                      disabled={running}
                      onChange={() => toggle(key)}
                      data-testid={`batch-config-${key}`}
                    />
                  );
                })}
              </Fragment>
            ))}
          </div>
        </fieldset>
        <fieldset className="field checks" data-testid="batch-models">
          <legend>LLMs (models side by side; retrieval-only columns run once)</legend>
          {BATCH_MODELS.map((m) => (
            <label key={m}>
              <input
                type="checkbox"
                checked={models.includes(m)}
                disabled={running}
                onChange={() => toggleModel(m)}
                data-testid={`batch-model-${m}`}
              />{' '}
              {MODEL_LABEL[m]}
              {m === 'settings' && <span className="muted"> ({settingsLlm})</span>}
            </label>
          ))}
        </fieldset>
        <fieldset className="field checks" data-testid="batch-regimes">
          <legend>Evidence regimes (paper 004)</legend>
          {REGIMES.map((r) => (
            <label key={r}>
              <input
                type="checkbox"
                checked={regimes.includes(r)}
                disabled={running}
                onChange={() => toggleRegime(r)}
                data-testid={`batch-regime-${r}`}
              />{' '}
              {REGIME_LABEL[r]}
            </label>
          ))}
        </fieldset>
        <CounterfactualSetup disabled={running} />
        <QuestionPicker questions={questions} disabled={running} />
        <button type="submit" data-testid="batch-run" disabled={running || !dataset.isSuccess || configs.length === 0}>
          Run batch
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="batch-cancel"
          disabled={!running}
          onClick={cancel}
        >
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="batch-resume"
          disabled={!canResume}
          onClick={() => void run(true)}
        >
          Resume
        </button>
      </form>
      <div className="batch-progress" aria-live="polite">
        <progress max={Math.max(1, total)} value={done} data-testid="batch-progress" />
        <span data-testid="batch-status">
          {status === 'idle'
            ? 'Choose strategies and a slice, then Run batch.'
            : `${done} / ${total} runs ${status === 'running' ? `· ETA ${eta === null ? '…' : fmtMs(eta)}` : `· ${status === 'done' && failed.length ? 'finished' : status}`}${failed.length ? `, ${failed.length} failed` : ''}`}
        </span>
      </div>
      {error && (
        <p className="error" role="alert">
          The batch stopped: {error}. Resume continues with the questions not done.
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p className="muted" data-testid="batch-llm">
            LLM: {llmLabels(rows).join(', ')}
            {llmLabels(rows).some((l) => l.startsWith('offline thinker')) &&
              ' — a heuristic stand-in with no model: these are offline-thinker results, not an LLM’s.'}
          </p>
          {failed.length > 0 && (
            <div className="error" role="status" data-testid="batch-failures">
              <p>
                {failed.length} of {rows.length} runs failed: they are not results, and the plots and means below are
                over the {rows.length - failed.length} completed runs only (the CSV lists the failed ones with their
                error and no score).
              </p>
              <ul>
                {failed.slice(0, 5).map((r) => (
                  <li key={`${r.strategy}|${r.questionId}`}>
                    {r.questionId} · {r.strategy}: {r.error ?? 'no error recorded'}
                  </li>
                ))}
                {failed.length > 5 && <li>… and {failed.length - 5} more (the error column of the table).</li>}
              </ul>
            </div>
          )}
          {completedRows.length === 0 ? (
            <p className="muted" data-testid="batch-no-plots">
              No run completed: there is nothing to plot.
            </p>
          ) : (
            /* One colour per lane in every plot (the lanes in the table's order). */
            <SeriesColors names={strategies}>
              <div className="plots">
                <PlotCard title={`Recall@k, k = 1..${maxK}`} file="recall-at-k">
                  {(ref) => (
                    <LineChart
                      ref={ref}
                      title="Recall@k"
                      xLabel="k (log scale)"
                      logX
                      series={recallCurve(rows, maxK).map((s) => ({
                        name: s.strategy,
                        points: s.points.map((p) => ({ x: p.k, y: p.recall })),
                      }))}
                    />
                  )}
                </PlotCard>
                <PlotCard
                  title="Recall@5 per round"
                  file="recall5-per-round"
                  note="Single retrieval has one round (round 0); iterative strategies add a point per round."
                >
                  {(ref) => (
                    <BarChart ref={ref} title="Recall@5 per round" groups={roundGroups(perRoundRecall(rows))} />
                  )}
                </PlotCard>
                <IterationPlots rows={completedRows} />
                {rows.some((r) => r.acc !== null) ? (
                  <PlotCard
                    title="Accuracy by question type"
                    file="accuracy-by-type"
                    note="Acc: the gold answer appears in the prediction (DualRAG); answering strategies only."
                  >
                    {(ref) => (
                      <BarChart
                        ref={ref}
                        title="Accuracy by type"
                        groups={accuracyByType(rows).map((t) => ({
                          label: `${t.type} (${t.count})`,
                          values: Object.entries(t.values).map(([name, value]) => ({ name, value })),
                        }))}
                      />
                    )}
                  </PlotCard>
                ) : (
                  <PlotCard
                    title="Recall@5 by question type"
                    file="recall5-by-type"
                    note="Accuracy by type needs an answering strategy (+reader); retrieval-only runs show Recall@5 by type."
                  >
                    {(ref) => (
                      <BarChart
                        ref={ref}
                        title="Recall@5 by type"
                        groups={byType(rows).map((t) => ({
                          label: `${t.type} (${t.count})`,
                          values: Object.entries(t.values).map(([name, value]) => ({ name, value })),
                        }))}
                      />
                    )}
                  </PlotCard>
                )}
                {pair && lanes && (
                  <PlotCard
                    title={`Complementarity: all gold in top 5, ${lanes[0]} vs ${lanes[1]}`}
                    file="complementarity"
                    note={
                      <span className="pair-pick" data-testid="complementarity-pick">
                        Compare{' '}
                        {([0, 1] as const).map((side) => (
                          <Fragment key={side}>
                            {side === 1 && ' with '}
                            <select
                              aria-label={side === 0 ? 'First lane' : 'Second lane'}
                              data-testid={`complementarity-lane-${side}`}
                              value={lanes[side]}
                              onChange={(e) =>
                                setPairPick(side === 0 ? [e.target.value, lanes[1]] : [lanes[0], e.target.value])
                              }
                            >
                              {compared
                                .filter((k) => k !== lanes[side === 0 ? 1 : 0])
                                .map((k) => (
                                  <option key={k} value={k}>
                                    {k}
                                  </option>
                                ))}
                            </select>
                          </Fragment>
                        ))}
                      </span>
                    }
                  >
                    {(ref) => (
                      <BarChart
                        ref={ref}
                        title="Complementarity"
                        max={Math.max(1, pair.aOnly, pair.bOnly, pair.both, pair.neither)}
                        unit="count"
                        groups={[
                          { label: `${lanes[0]} only`, values: [{ name: 'questions', value: pair.aOnly }] },
                          { label: `${lanes[1]} only`, values: [{ name: 'questions', value: pair.bOnly }] },
                          { label: 'both', values: [{ name: 'questions', value: pair.both }] },
                          { label: 'neither', values: [{ name: 'questions', value: pair.neither }] },
                        ]}
                      />
                    )}
                  </PlotCard>
                )}
                <DiagnosticPlots datasetId={dataset.data?.id} runs={runs} />
                <FailureShiftPanel datasetId={dataset.data?.id} runs={runs} />
              </div>
            </SeriesColors>
          )}
          <div className="toolbar">
            <label className="field field-inline">
              <span>Type</span>
              <select
                value={typeFilter ?? ''}
                onChange={(e) => setTypeFilter(e.target.value || null)}
                data-testid="batch-type-filter"
              >
                <option value="">all types</option>
                {types.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="export-csv"
              onClick={() => download('hopscope-batch.csv', new Blob([rowsToCsv(rows)], { type: 'text/csv' }))}
            >
              Export CSV
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="export-json"
              onClick={() =>
                download('hopscope-batch.json', new Blob([rowsToJson(rows)], { type: 'application/json' }))
              }
            >
              Export JSON
            </button>
            <span className="muted">Click a row to open its trace in the Inspector.</span>
          </div>
          <DualRagBatchActions rows={rows} judge={judge} />
          <CounterfactualSummary />
          <div className="table-scroll" style={{ maxHeight: TABLE_HEIGHT }} onScroll={win.onScroll}>
            <table className="table batch-table" data-testid="batch-table" aria-rowcount={shown.length + 1}>
              <thead>
                <tr>
                  {header('questionId', 'question')}
                  {header('strategy', 'strategy')}
                  {header('type', 'type')}
                  {header('recall5', 'Recall@5')}
                  {header('firstGoldRank', 'first gold rank')}
                  <th scope="col">answer</th>
                  <th scope="col">Acc</th>
                  <th scope="col">rounds</th>
                  <th scope="col">LLM calls</th>
                  <th scope="col">what-if</th>
                  <th scope="col">error</th>
                </tr>
              </thead>
              <tbody>
                {win.start > 0 && <tr aria-hidden="true" style={{ height: win.start * ROW_HEIGHT }} />}
                {shown.slice(win.start, win.end).map((r, i) => (
                  <tr
                    key={`${r.strategy}|${r.questionId}`}
                    data-testid="batch-row"
                    aria-rowindex={win.start + i + 2}
                    style={{ height: ROW_HEIGHT }}
                    tabIndex={0}
                    onClick={() => open(r)}
                    onKeyDown={(e) => e.key === 'Enter' && open(r)}
                    className="clickable"
                  >
                    <td title={r.question}>{r.questionId}</td>
                    <td>{r.strategy}</td>
                    <td>{r.type}</td>
                    <td className="num">{Number.isNaN(recall5(r)) ? '—' : `${(recall5(r) * 100).toFixed(0)}%`}</td>
                    <td className="num">{r.status === 'done' ? (r.firstGoldRank ?? '—') : '—'}</td>
                    <td>{r.answer ?? <span className="muted">—</span>}</td>
                    <td className="num">{r.acc === null ? '—' : formatValue(r.acc, 'percent')}</td>
                    <td
                      className="num"
                      data-testid="batch-rounds"
                      title={
                        facts.get(`${r.strategy}|${r.questionId}`)?.route
                          ? `routed to ${facts.get(`${r.strategy}|${r.questionId}`)?.route}`
                          : undefined
                      }
                    >
                      {facts.get(`${r.strategy}|${r.questionId}`)?.rounds ?? '—'}
                    </td>
                    <td className="num">{facts.get(`${r.strategy}|${r.questionId}`)?.calls ?? '—'}</td>
                    <CounterfactualCell runKey={`${r.strategy}|${r.questionId}`} />
                    <td
                      data-testid="batch-error"
                      className={r.error ? 'error' : undefined}
                      title={r.error ?? undefined}
                    >
                      {r.status === 'failed' ? `failed: ${r.error ?? 'no error recorded'}` : (r.error ?? '')}
                    </td>
                  </tr>
                ))}
                {win.end < shown.length && (
                  <tr aria-hidden="true" style={{ height: (shown.length - win.end) * ROW_HEIGHT }} />
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** Who answered the runs (trace.llm), so offline-thinker numbers are never mistaken for an LLM's. */
function llmLabels(rows: readonly { trace: { llm: string } }[]): string[] {
  return [...new Set(rows.map((r) => r.trace.llm))];
}
