// What the eval CLI prints and writes: readable tables for stdout, and the flat JSON summary of the
// `--out` contract ({ "recall@5": 0.71, "allGold@5": ..., "em": ..., "byType": {...}, "byHops": {...} }).
import type { ScoreMeans, Summary } from '../core/eval/metrics.ts';

/** null: n/a (Recall@k of questions without gold). */
export type FlatMeans = Record<string, number | null>;
/** The basis of a strategy run's numbers: the completed questions they are means over, and the failed ones. */
export interface Basis {
  completed: number;
  failed: number;
  total: number;
}

const basisText = (b: Basis) =>
  `completed ${b.completed} of ${b.total}${b.failed ? ` (${b.failed} failed, not scored)` : ''}`;
export type FlatSummary = FlatMeans & { byType: Record<string, FlatMeans>; byHops: Record<string, FlatMeans> };

const ANSWER_FIELDS = ['em', 'f1', 'acc'] as const;

/** A mean as printed: "n/a" when no question had gold to score it against. */
const na = (v: number | null | undefined): number | string => (v === null ? 'n/a' : (v ?? NaN));

function flatMeans(m: ScoreMeans): FlatMeans {
  const out: FlatMeans = { count: m.count, ...(m.withGold !== undefined ? { withGold: m.withGold } : {}) };
  for (const [k, v] of Object.entries(m.recall)) out[`recall@${k}`] = v;
  for (const [k, v] of Object.entries(m.allGold)) out[`allGold@${k}`] = v;
  for (const f of ANSWER_FIELDS) if (m[f] !== undefined) out[f] = m[f];
  return out;
}

export function flatSummary(s: Summary): FlatSummary {
  const map = (groups: Record<string, ScoreMeans>) =>
    Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, flatMeans(v)]));
  return Object.assign(flatMeans(s), { byType: map(s.byType), byHops: map(s.byHops) });
}

/** A run where no question completed: every metric null (no result, never 0). */
export function noMetrics(ks: readonly number[]): FlatSummary {
  const out: FlatMeans = { count: 0 };
  for (const k of ks) out[`recall@${k}`] = null;
  for (const k of ks) out[`allGold@${k}`] = null;
  return Object.assign(out, { byType: {}, byHops: {} });
}

/**
 * One table per breakdown: overall, by type, by hops; columns R@k (and AllGold@k for the overall row),
 * EM/F1/Acc. With a basis (strategy runs) the overall row says which questions its numbers are over;
 * a null summary (no question completed) prints n/a, not 0.
 */
export function summaryTables(title: string, summary: Summary | null, ks: readonly number[], basis?: Basis): string {
  const answers = ANSWER_FIELDS.filter((f) => summary?.[f] !== undefined);
  const header = (first: string) => [first, 'n', ...ks.map((k) => `R@${k}`), ...answers.map((f) => f.toUpperCase())];
  const row = (label: string, m: ScoreMeans) => [
    label,
    m.count,
    ...ks.map((k) => na(m.recall[k])),
    ...answers.map((f) => m[f] ?? NaN),
  ];
  const overall = summary ? row('all', summary) : ['all', 0, ...ks.map(() => 'n/a')];
  const parts = [
    title,
    formatTable([...header('all'), ...(basis ? ['basis'] : [])], [[...overall, ...(basis ? [basisText(basis)] : [])]]),
  ];
  if (!summary) return parts.join('\n\n');
  if (summary.withGold !== undefined)
    parts.push(
      summary.withGold === 0
        ? 'no question has gold passages: Recall@k and AllGold@k are n/a'
        : `Recall@k and AllGold@k over the ${summary.withGold} of ${summary.count} questions with gold (the others: n/a)`,
    );
  if (ks.length > 0)
    parts.push(
      formatTable(['all', ...ks.map((k) => `AllGold@${k}`)], [['all', ...ks.map((k) => na(summary.allGold[k]))]]),
    );
  for (const [by, groups] of [
    ['type', summary.byType],
    ['hops', summary.byHops],
  ] as const) {
    const rows = Object.entries(groups).map(([g, m]) => row(g, m));
    if (rows.length > 0) parts.push(formatTable(header(by), rows));
  }
  return parts.join('\n\n');
}

// Plain-text tables for the terminal: right-aligned numbers, a header rule, no dependencies.
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3);
}
