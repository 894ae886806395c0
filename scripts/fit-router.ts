// Fits the `auto` router (src/core/strategies/router.ts) on the FIRST HALF of the questions of each
// dataset run, and reports any strategy's numbers per half.
//
//   npx tsx scripts/fit-router.ts fit <dir> <dataset>...     reads <dir>/base-<dataset>.json (eval --out of
//       static, ircot, irgs, bdtr, ...), <dir>/memo-<dataset>.json (eval --retrieval-memo: the question's
//       retrieval, for the score profile) and ../shared/data/<dataset> (question texts); grid-searches the
//       rule for the best mean Recall@5 with at most 70% of BDTR's LLM calls per question, pooled over the
//       datasets' first halves; writes src/core/strategies/router-params.ts.
//   npx tsx scripts/fit-router.ts report <json>...            Recall@5, EM, LLM calls/question per strategy on
//       all questions, the first half and the second half of each --out file.
//   npx tsx scripts/fit-router.ts pairs <json>...             which pair fuses best (as the CLI prints it).
//
// The halves are the first and second half of the questions in the run, in dataset order.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { pairFusion } from '../src/core/eval/pair-fusion.ts';
import { ROUTE_CHOICES, route, routeFeatures, type RouteChoice, type RouteFeatures, type RouterParams } from '../src/core/strategies/router.ts';

interface Row {
  id: string;
  recall: Record<string, number>;
  em?: number;
  llmCalls: number;
}
interface OutJson {
  dataset: string;
  strategies: Record<string, { questions: Row[]; summary: Record<string, unknown> }>;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

async function fit(dir: string, datasets: string[]) {
  interface Sample { f: RouteFeatures; r5: Record<RouteChoice, number>; calls: Record<RouteChoice, number>; first: boolean; dataset: string }
  const samples: Sample[] = [];
  for (const d of datasets) {
    const out = JSON.parse(await readFile(join(dir, `base-${d}.json`), 'utf8')) as OutJson;
    const memo = JSON.parse(await readFile(join(dir, `memo-${d}.json`), 'utf8')) as { entries: [string, { id: string; score: number }[]][] };
    const byKey = new Map(memo.entries);
    const dataset = await readDatasetDir(join('..', 'shared', 'data', d));
    const text = new Map(dataset.questions.map((q) => [q.id, q.question]));
    const rows = Object.fromEntries(ROUTE_CHOICES.map((s) => [s, out.strategies[s]!.questions])) as Record<RouteChoice, Row[]>;
    const n = rows.static.length;
    for (let i = 0; i < n; i++) {
      const id = rows.static[i]!.id;
      const q = text.get(id)!;
      const base = byKey.get(`50\u0000${q}`);
      if (!base) throw new Error(`${d}: no memoised question retrieval for ${id}`);
      samples.push({
        f: routeFeatures(q, base),
        r5: Object.fromEntries(ROUTE_CHOICES.map((s) => [s, rows[s][i]!.recall['5']!])) as Record<RouteChoice, number>,
        calls: Object.fromEntries(ROUTE_CHOICES.map((s) => [s, rows[s][i]!.llmCalls])) as Record<RouteChoice, number>,
        first: i < n / 2,
        dataset: d,
      });
    }
  }
  const train = samples.filter((s) => s.first);
  const budget = 0.7 * mean(train.map((s) => s.calls.bdtr));
  const ratios = [...new Set(train.map((s) => Math.round(s.f.ratio2 * 100) / 100))].sort((a, b) => a - b);
  let best: { p: RouterParams; r5: number; calls: number } | undefined;
  for (const comparison of ROUTE_CHOICES)
    for (const flat of ROUTE_CHOICES)
      for (const peaked of ROUTE_CHOICES)
        for (const flatAt of [...ratios, 1.01]) {
          const p: RouterParams = { comparison, flat, peaked, flatAt, fittedOn: '' };
          const picks = train.map((s) => route(s.f, p).choice);
          const r5 = mean(train.map((s, i) => s.r5[picks[i]!]));
          const calls = mean(train.map((s, i) => s.calls[picks[i]!]));
          if (calls > budget) continue;
          if (!best || r5 > best.r5 + 1e-9 || (Math.abs(r5 - best.r5) <= 1e-9 && calls < best.calls)) best = { p, r5, calls };
        }
  if (!best) throw new Error('no rule within the call budget');
  const counts = `${train.length} questions (first halves of ${datasets.map((d) => `${d} ${samples.filter((s) => s.dataset === d && s.first).length}`).join(', ')})`;
  best.p.fittedOn = `grid search on ${counts}: mean R@5 ${best.r5.toFixed(4)} at ${best.calls.toFixed(2)} LLM calls/question (budget ${budget.toFixed(2)} = 70% of the BDTR calls)`;
  for (const s of ['static', 'ircot', 'irgs', 'bdtr'] as const) console.log(`train ${s}: R@5 ${mean(train.map((x) => x.r5[s])).toFixed(4)}, calls ${mean(train.map((x) => x.calls[s])).toFixed(2)}`);
  console.log('best', best);
  const test = samples.filter((s) => !s.first);
  const picks = test.map((s) => route(s.f, best!.p).choice);
  console.log(`second halves (${test.length}): auto R@5 ${mean(test.map((s, i) => s.r5[picks[i]!])).toFixed(4)}, calls ${mean(test.map((s, i) => s.calls[picks[i]!])).toFixed(2)}; ` +
    ROUTE_CHOICES.map((c) => `${c} ${mean(test.map((s) => s.r5[c])).toFixed(4)}`).join(', '));
  await writeFile(
    'src/core/strategies/router-params.ts',
    `// Fitted by scripts/fit-router.ts (offline thinker over hipporag2; see there and docs/strategies.md):\n// ${best.p.fittedOn}\nimport type { RouterParams } from './router.ts';\n\nexport const ROUTER_PARAMS: RouterParams = ${JSON.stringify(best.p, null, 2).replace(/"(\w+)":/g, '$1:').replace(/"/g, "'")};\n`,
  );
}

async function report(files: string[]) {
  for (const f of files) {
    const out = JSON.parse(await readFile(f, 'utf8')) as OutJson;
    console.log(`\n${out.dataset} (${f})`);
    console.log('strategy | n | R@5 all | R@5 1st half | R@5 2nd half | EM all | EM 2nd half | calls/q all | calls/q 2nd half');
    for (const [name, s] of Object.entries(out.strategies)) {
      const rows = s.questions;
      const half = Math.ceil(rows.length / 2);
      const parts = [rows, rows.slice(0, half), rows.slice(half)];
      const r5 = parts.map((p) => mean(p.map((r) => r.recall['5']!)).toFixed(3));
      const em = [rows, rows.slice(half)].map((p) => mean(p.map((r) => r.em ?? 0)).toFixed(3));
      const calls = [rows, rows.slice(half)].map((p) => mean(p.map((r) => r.llmCalls)).toFixed(2));
      console.log(`${name} | ${rows.length} | ${r5.join(' | ')} | ${em.join(' | ')} | ${calls.join(' | ')}`);
    }
  }
}

/** The CLI's "which pair fuses best" table for an --out file written before the CLI printed it. */
async function pairs(files: string[]) {
  for (const f of files) {
    const out = JSON.parse(await readFile(f, 'utf8')) as { dataset: string; strategies: Record<string, { questions: { id: string; ranking: { id: string; score: number }[]; goldIds: string[] }[] }> };
    for (const part of ['all', 'first half'] as const) {
      const pick = <T,>(qs: T[]) => (part === 'all' ? qs : qs.slice(0, Math.ceil(qs.length / 2)));
      const rows = pairFusion(new Map(Object.entries(out.strategies).map(([name, s]) => [name, { questions: new Map(pick(s.questions).map((q) => [q.id, { ranking: q.ranking, gold: q.goldIds }])) }])), 5);
      console.log(`\n${out.dataset} (${part}): pairs by R@5 of RRF(A, B)`);
      for (const r of rows.slice(0, 6)) console.log(`${r.a} + ${r.b}: ${r.fused.toFixed(3)} (A ${r.recallA.toFixed(3)}, B ${r.recallB.toFixed(3)}, gain ${r.gain >= 0 ? '+' : ''}${r.gain.toFixed(3)})`);
    }
  }
}

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'fit') await fit(rest[0]!, rest.slice(1));
else if (cmd === 'report') await report(rest);
else if (cmd === 'pairs') await pairs(rest);
else console.error('usage: fit-router.ts fit <dir> <dataset>... | report <json>... | pairs <json>...');
