// One committed result file (docs/results/<id>.json): what ran (command, date, commit, machine) and
// the few numbers the document shows, summarised from the CLI's --out JSON. Validated when read back,
// so a damaged or hand-edited file is an error naming the file, not a wrong table.
import { z } from 'zod';

const rates = z.record(z.string(), z.number());

const diagnostic = z.object({ rate: z.number().nullable(), applicable: z.number() });

/**
 * Per-question scores in dataset order, for the paired intervals the page computes (src/core/eval/paired.ts):
 * question ids, Recall@5 and EM, null where the question's run did not complete (never a 0).
 */
const perQuestion = z.object({
  ids: z.array(z.string()),
  r5: z.array(z.number().nullable()),
  em: z.array(z.number().nullable()).optional(),
});
export type PerQuestion = z.infer<typeof perQuestion>;

export const strategyRecord = z.object({
  strategy: z.string(),
  title: z.string(),
  /** Completed questions, the ones every mean is over. */
  count: z.number(),
  /** Recall@k over all questions, the first half and the second half (dataset order). */
  recall: rates,
  recallFirst: rates,
  recallSecond: rates,
  halves: z.tuple([z.number(), z.number()]),
  em: z.number().nullable(),
  acc: z.number().nullable(),
  emFirst: z.number().nullable(),
  emSecond: z.number().nullable(),
  equalBudgetEm: z.number().nullable(),
  llmCalls: z.number(),
  rounds: z.number(),
  passagesRead: z.number(),
  retrievalTriggers: z.number().nullable(),
  bridgeRecall5: z.number().nullable(),
  recall5ByRound: z.array(z.number()),
  normalize: z.string(),
  failed: z.number(),
  aborted: z.number(),
  diagnostics: z.record(z.string(), diagnostic),
  stopEarly: z.number().nullable(),
  stopLate: z.number().nullable(),
  lateHits: z.number().nullable(),
  brier: z.number().nullable(),
  correctness: z.string().nullable(),
  perQuestion: perQuestion.optional(),
});
export type StrategyRecord = z.infer<typeof strategyRecord>;

export const retrievalRecord = z.object({
  count: z.number(),
  recall: rates,
  allGold: rates,
  recallFirst: rates,
  recallSecond: rates,
  halves: z.tuple([z.number(), z.number()]),
  perQuestion: perQuestion.optional(),
});
export type RetrievalRecord = z.infer<typeof retrievalRecord>;

export const runRecord = z.object({
  format: z.literal('hopscope-results/1'),
  id: z.string(),
  table: z.string(),
  dataset: z.string(),
  command: z.string(),
  /** ISO date-time the run finished. */
  date: z.string(),
  commit: z.string(),
  machine: z.string(),
  seconds: z.number(),
  llm: z.string().nullable(),
  retriever: z.string(),
  retrieval: retrievalRecord.optional(),
  /** strategy name -> regime ('iterative' when no --regime) -> record. */
  strategies: z.record(z.string(), z.record(z.string(), strategyRecord)).optional(),
});
export type RunRecord = z.infer<typeof runRecord>;

// ---- summarising the CLI's --out JSON (only the fields read here are checked) ----

const questionRow = z.object({
  id: z.string(),
  recall: z.record(z.string(), z.number()),
  em: z.number().optional(),
  /** Absent in outputs written before the CLI recorded it: those counted every question. */
  status: z.string().optional(),
});
const diagnosticRaw = z
  .object({ rate: z.number().nullable(), applicable: z.number() })
  .passthrough()
  .partial({ rate: true });
const strategyRaw = z.object({
  strategy: z.string(),
  title: z.string(),
  summary: z
    .object({
      count: z.number(),
      em: z.number().optional(),
      acc: z.number().optional(),
      normalize: z.string(),
      readerPassages: z.number(),
      llmCallsPerQuestion: z.number(),
      roundsUsed: z.number(),
      failed: z.number(),
      aborted: z.number(),
      equalBudget: z.object({ em: z.number() }).optional(),
      'bridgeRecall@5': z.number().optional(),
      recallByRound: z.array(z.record(z.string(), z.number())),
      diagnostics: z.record(z.string(), diagnosticRaw.passthrough()).optional(),
      diagnosticsBasis: z.object({ correctness: z.string() }).passthrough().optional(),
    })
    .passthrough(),
  questions: z.array(questionRow.passthrough()),
  retrievalTriggers: z.array(z.number()).optional(),
});
const strategyEntry = z.union([z.object({ regimes: z.record(z.string(), strategyRaw) }), strategyRaw]);
export const cliOutput = z.object({
  retriever: z.string(),
  llm: z.string().optional(),
  summary: z.object({ count: z.number() }).passthrough().optional(),
  questions: z.array(z.object({ id: z.string(), goldRanks: z.array(z.number().nullable()) }).passthrough()).optional(),
  strategies: z.record(z.string(), strategyEntry).optional(),
});

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
/** First half = the first ceil(n/2) questions in dataset order (MuSiQue 1-178, 2Wiki 1-361, HotpotQA 1-371). */
export const halfAt = (n: number) => Math.ceil(n / 2);

function recallsOf(rows: readonly { recall: Record<string, number> }[]): Record<string, number> {
  const ks = Object.keys(rows[0]?.recall ?? {});
  return Object.fromEntries(ks.map((k) => [k, mean(rows.map((r) => r.recall[k] ?? 0))]));
}

const completed = (r: { status?: string | undefined }) => r.status === undefined || r.status === 'done';
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function summariseStrategy(s: z.infer<typeof strategyRaw>): StrategyRecord {
  // Halves by dataset position; every mean over the completed questions only (a failed run is no 0).
  const all = s.questions;
  const h = halfAt(all.length);
  const rows = all.filter(completed);
  const first = all.slice(0, h).filter(completed);
  const second = all.slice(h).filter(completed);
  const meanOrNull = (xs: readonly { em?: number | undefined }[]) =>
    xs.length ? mean(xs.map((r) => r.em ?? 0)) : null;
  const sm = s.summary;
  const d = sm.diagnostics ?? {};
  const num = (x: unknown) => (typeof x === 'number' ? x : null);
  const stopping = d.stoppingCalibration as Record<string, unknown> | undefined;
  const coverage = d.coverageGap as Record<string, unknown> | undefined;
  const sufficiency = stopping?.sufficiency as Record<string, unknown> | null | undefined;
  const triggers = s.retrievalTriggers;
  return {
    strategy: s.strategy,
    title: s.title,
    count: sm.count,
    recall: recallsOf(rows),
    recallFirst: recallsOf(first),
    recallSecond: recallsOf(second),
    halves: [first.length, second.length],
    em: sm.em ?? null,
    acc: sm.acc ?? null,
    emFirst: meanOrNull(first),
    emSecond: meanOrNull(second),
    equalBudgetEm: sm.equalBudget?.em ?? null,
    llmCalls: sm.llmCallsPerQuestion,
    rounds: sm.roundsUsed,
    passagesRead: sm.readerPassages,
    retrievalTriggers: triggers ? mean(triggers.flatMap((n, i) => Array<number>(n).fill(i))) : null,
    bridgeRecall5: sm['bridgeRecall@5'] ?? null,
    recall5ByRound: sm.recallByRound.map((r) => r['recall@5'] ?? NaN).filter((x) => !Number.isNaN(x)),
    normalize: sm.normalize,
    failed: sm.failed,
    aborted: sm.aborted,
    diagnostics: Object.fromEntries(
      Object.entries(d).map(([k, v]) => [k, { rate: v.rate ?? null, applicable: v.applicable }]),
    ),
    stopEarly: num(stopping?.early),
    stopLate: num(stopping?.late),
    lateHits: num(coverage?.lateHitRate),
    brier: num(sufficiency?.brier),
    correctness: sm.diagnosticsBasis?.correctness ?? null,
    perQuestion: {
      ids: all.map((r) => r.id),
      r5: all.map((r) => (completed(r) && r.recall['5'] !== undefined ? round4(r.recall['5']) : null)),
      em: all.map((r) => (completed(r) && r.em !== undefined ? r.em : null)),
    },
  };
}

/** The committed numbers of one CLI output (`--out`), plus the run's provenance. */
export function summarise(
  raw: unknown,
  meta: Omit<RunRecord, 'format' | 'llm' | 'retriever' | 'retrieval' | 'strategies'>,
): RunRecord {
  const out = cliOutput.parse(raw);
  const record: RunRecord = { format: 'hopscope-results/1', ...meta, llm: out.llm ?? null, retriever: out.retriever };
  // One strategy: the CLI writes its fields at the top level instead of under "strategies".
  const single = out.strategies ? undefined : (raw as { strategy?: unknown }).strategy;
  const strategies =
    out.strategies ?? (typeof single === 'string' ? { [single]: strategyEntry.parse(raw) } : undefined);
  if (strategies) {
    record.strategies = Object.fromEntries(
      Object.entries(strategies).map(([name, entry]) => [
        name,
        'regimes' in entry
          ? Object.fromEntries(Object.entries(entry.regimes).map(([reg, s]) => [reg, summariseStrategy(s)]))
          : { iterative: summariseStrategy(entry) },
      ]),
    );
  } else if (out.questions) {
    const qs = out.questions.map((q) => {
      const recall = (k: number) => {
        const g = q.goldRanks;
        return g.length ? g.filter((r) => r !== null && r <= k).length / g.length : 0;
      };
      return { id: q.id, recall: Object.fromEntries(KS_RETRIEVAL.map((k) => [String(k), recall(k)])) };
    });
    const h = halfAt(qs.length);
    const summary = out.summary as Record<string, unknown>;
    const pick = (prefix: string) =>
      Object.fromEntries(
        Object.entries(summary)
          .filter(([k, v]) => k.startsWith(prefix) && typeof v === 'number')
          .map(([k, v]) => [k.slice(prefix.length), v as number]),
      );
    record.retrieval = {
      count: qs.length,
      recall: pick('recall@'),
      allGold: pick('allGold@'),
      recallFirst: recallsOf(qs.slice(0, h)),
      recallSecond: recallsOf(qs.slice(h)),
      halves: [h, qs.length - h],
      perQuestion: { ids: qs.map((q) => q.id), r5: qs.map((q) => round4(q.recall['5']!)) },
    };
  }
  return record;
}

const KS_RETRIEVAL = [2, 5, 10, 100];

/** A record as committed: indented JSON, with each array of plain values on one line (per-question vectors). */
export function stringifyRecord(record: RunRecord): string {
  const flat: string[] = [];
  const text = JSON.stringify(
    record,
    (_k, v: unknown) => {
      if (Array.isArray(v) && v.length > 0 && v.every((x) => x === null || typeof x !== 'object')) {
        flat.push(JSON.stringify(v));
        return `\u0000${flat.length - 1}\u0000`;
      }
      return v;
    },
    1,
  );
  return text.replace(/"\\u0000(\d+)\\u0000"/g, (_m, i: string) => flat[Number(i)]!) + '\n';
}
