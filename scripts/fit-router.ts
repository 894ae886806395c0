// Fits the `auto` router (src/core/strategies/router.ts) on the FIRST HALF of the questions of each
// dataset run, and reports any strategy's numbers per half.
//
//   npx tsx scripts/fit-router.ts fit <dir> <dataset>...     reads <dir>/base-<dataset>.json (eval --out of
//       static, ircot, irgs, bdtr, ...), <dir>/traces-<dataset>/static-*.json (eval --traces: the question's
//       retrieval with raw scores, for the score profile) and ../shared/data/<dataset> (question texts); grows a small
//       decision tree over the router's features (no dataset feature) that maximises mean Recall@5 minus
//       lambda x LLM calls on the datasets' first halves pooled, with depth and lambda chosen by 2-fold
//       cross-validation inside the first halves and at most 70% of BDTR's LLM calls per question; prints
//       both halves per dataset (auto, every single strategy, the per-question oracle); writes
//       src/core/strategies/router-params.ts. --candidates a,b,... limits the routes (default: every
//       ROUTE_CHOICES strategy all the runs hold).
//   npx tsx scripts/fit-router.ts report <json>...            Recall@5, EM, LLM calls/question per strategy on
//       all questions, the first half and the second half of each --out file.
//   npx tsx scripts/fit-router.ts pairs <json>...             which pair fuses best (as the CLI prints it).
//   npx tsx scripts/fit-router.ts table <dir> <dataset>...    README rows from <dir>/{base,extra,auto}-<dataset>.json.
//
// The halves are the first and second half of the questions in the run, in dataset order.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { offlineRouteReply } from '../src/providers/llm/offline-thinker-route.ts';
import { pairFusion } from '../src/core/eval/pair-fusion.ts';
import {
  ROUTE_CHOICES,
  ROUTE_FEATURES,
  route,
  routeFeatures,
  type RouteChoice,
  type RouteFeature,
  type RouteFeatures,
  type RouteNode,
  type RouterParams,
} from '../src/core/strategies/router.ts';

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

interface Sample {
  question: string;
  f: RouteFeatures;
  r5: Record<string, number>;
  calls: Record<string, number>;
  first: boolean;
  dataset: string;
}

/** Per-question features and every candidate strategy's R@5 and LLM calls, in dataset order. */
async function samplesOf(dir: string, datasets: string[]): Promise<{ samples: Sample[]; candidates: RouteChoice[] }> {
  const samples: Sample[] = [];
  let candidates: RouteChoice[] = [...ROUTE_CHOICES];
  for (const d of datasets) {
    const out = JSON.parse(await readFile(join(dir, `base-${d}.json`), 'utf8')) as OutJson;
    // extra-<d>.json: strategies of a second run on the same memo (e.g. after an interrupted base run)
    try {
      Object.assign(
        out.strategies,
        (JSON.parse(await readFile(join(dir, `extra-${d}.json`), 'utf8')) as OutJson).strategies,
      );
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const byKey = await questionRetrievals(join(dir, `traces-${d}`));
    const dataset = await readDatasetDir(join('..', 'shared', 'data', d));
    const text = new Map(dataset.questions.map((q) => [q.id, q.question]));
    const n = out.strategies.static!.questions.length;
    candidates = candidates.filter((c) => out.strategies[c]?.questions.length === n);
    const byId = Object.fromEntries(
      candidates.map((c) => [c, new Map(out.strategies[c]!.questions.map((r) => [r.id, r]))]),
    );
    for (const [i, row] of out.strategies.static!.questions.entries()) {
      const q = text.get(row.id)!;
      const base = byKey.get(row.id);
      if (!base) throw new Error(`${d}: no static trace with the question retrieval for ${row.id}`);
      const r5: Record<string, number> = {};
      const calls: Record<string, number> = {};
      for (const c of candidates) {
        const r = byId[c]!.get(row.id);
        if (r) [r5[c], calls[c]] = [r.recall['5']!, r.llmCalls];
      }
      samples.push({ question: q, f: routeFeatures(q, base), r5, calls, first: i < n / 2, dataset: d });
    }
  }
  return { samples, candidates };
}

/** question id -> the question's own retrieval with raw backbone scores, from the static traces (eval --traces). */
async function questionRetrievals(traces: string): Promise<Map<string, { id: string; score: number }[]>> {
  const out = new Map<string, { id: string; score: number }[]>();
  for (const f of (await readdir(traces)).filter((x) => x.startsWith('static-'))) {
    const t = JSON.parse(await readFile(join(traces, f), 'utf8')) as {
      question: { id: string };
      events: { type: string; label?: string; results?: { id: string; score: number }[] }[];
    };
    const r = t.events.find((e) => e.type === 'retrieve' && e.label === 'question');
    if (r?.results) out.set(t.question.id, r.results);
  }
  return out;
}

const score = (s: Sample, c: string, lambda: number) => s.r5[c]! - lambda * s.calls[c]!;

function bestLeaf(
  ss: readonly Sample[],
  cands: readonly RouteChoice[],
  lambda: number,
): { leaf: RouteChoice; value: number } {
  let best = { leaf: cands[0]!, value: -Infinity };
  for (const c of cands) {
    const v = ss.reduce((a, s) => a + score(s, c, lambda), 0);
    if (v > best.value + 1e-9) best = { leaf: c, value: v };
  }
  return best;
}

function thresholds(ss: readonly Sample[], k: RouteFeature): number[] {
  const vals = [...new Set(ss.map((s) => Number(s.f[k])))].sort((a, b) => a - b);
  const mids = vals.slice(1).map((v, i) => (v + vals[i]!) / 2);
  if (mids.length <= 24) return mids;
  return Array.from({ length: 24 }, (_, i) => mids[Math.floor(((i + 0.5) * mids.length) / 24)]!);
}

/** Greedy tree: each node splits where the summed leaf values (R@5 - lambda x calls) gain most. */
function grow(
  ss: readonly Sample[],
  cands: readonly RouteChoice[],
  lambda: number,
  depth: number,
  minLeaf: number,
): RouteNode {
  const here = bestLeaf(ss, cands, lambda);
  if (depth === 0) return { leaf: here.leaf };
  let best: { feature: RouteFeature; at: number; value: number } | undefined;
  for (const feature of ROUTE_FEATURES)
    for (const at of thresholds(ss, feature)) {
      const below = ss.filter((s) => Number(s.f[feature]) < at);
      const above = ss.filter((s) => Number(s.f[feature]) >= at);
      if (below.length < minLeaf || above.length < minLeaf) continue;
      const value = bestLeaf(below, cands, lambda).value + bestLeaf(above, cands, lambda).value;
      if (value > here.value + 1e-6 && (!best || value > best.value))
        best = { feature, at: Math.round(at * 1000) / 1000, value };
    }
  if (!best) return { leaf: here.leaf };
  const below = grow(
    ss.filter((s) => Number(s.f[best.feature]) < best.at),
    cands,
    lambda,
    depth - 1,
    minLeaf,
  );
  const above = grow(
    ss.filter((s) => Number(s.f[best.feature]) >= best.at),
    cands,
    lambda,
    depth - 1,
    minLeaf,
  );
  // Two identical leaves need no test.
  if ('leaf' in below && 'leaf' in above && below.leaf === above.leaf) return below;
  return { feature: best.feature, at: best.at, below, above };
}

function evaluate(ss: readonly Sample[], tree: RouteNode) {
  const picks = ss.map((s) => route(s.f, { tree, fittedOn: '' }).choice);
  return { r5: mean(ss.map((s, i) => s.r5[picks[i]!]!)), calls: mean(ss.map((s, i) => s.calls[picks[i]!]!)), picks };
}

const LAMBDAS = [0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2];
const DEPTHS = [0, 1, 2, 3];

async function fit(dir: string, datasets: string[], only?: readonly string[]) {
  const found = await samplesOf(dir, datasets);
  const { samples } = found;
  const candidates = only ? found.candidates.filter((c) => only.includes(c)) : found.candidates;
  const train = samples.filter((s) => s.first);
  const test = samples.filter((s) => !s.first);
  const budget = 0.7 * mean(train.map((s) => s.calls.bdtr!));
  const minLeaf = Math.max(30, Math.round(0.06 * train.length));
  // (lambda, depth) by 2-fold cross-validation inside the first halves (alternate questions), so that
  // the second halves stay unseen; then the tree is grown on all the first halves.
  const folds = [train.filter((_, i) => i % 2 === 0), train.filter((_, i) => i % 2 === 1)];
  let chosen: { lambda: number; depth: number; r5: number; calls: number } | undefined;
  for (const lambda of LAMBDAS)
    for (const depth of DEPTHS) {
      const runs = [0, 1].map((k) =>
        evaluate(folds[1 - k]!, grow(folds[k]!, candidates, lambda, depth, Math.round(minLeaf / 2))),
      );
      const r5 = mean(runs.map((r) => r.r5));
      const calls = mean(runs.map((r) => r.calls));
      console.log(`cv lambda ${lambda} depth ${depth}: R@5 ${r5.toFixed(4)}, calls ${calls.toFixed(2)}`);
      if (calls > budget) continue;
      if (!chosen || r5 > chosen.r5 + 1e-9) chosen = { lambda, depth, r5, calls };
    }
  if (!chosen) throw new Error('no tree within the call budget');
  let tree = grow(train, candidates, chosen.lambda, chosen.depth, minLeaf);
  let lambda = chosen.lambda;
  // Refitting on all of the first halves may land above the budget: raise lambda until it fits.
  while (evaluate(train, tree).calls > budget)
    tree = grow(train, candidates, (lambda = lambda + 0.01), chosen.depth, minLeaf);
  const onTrain = evaluate(train, tree);
  const counts = `${train.length} questions (first halves of ${datasets.map((d) => `${d} ${samples.filter((s) => s.dataset === d && s.first).length}`).join(', ')})`;
  const fittedOn = `decision tree (depth <= ${chosen.depth}, leaves >= ${minLeaf} questions, R@5 - ${lambda} x LLM calls, depth and lambda by 2-fold CV) on ${counts}: mean R@5 ${onTrain.r5.toFixed(4)} at ${onTrain.calls.toFixed(2)} LLM calls/question (budget ${budget.toFixed(2)} = 70% of the BDTR calls); candidates ${candidates.join(', ')}`;
  console.log(fittedOn);
  console.log(JSON.stringify(tree, null, 1));
  // The fair comparator: the single strategy a user would deploy without a router, chosen on the same
  // first halves the tree was fitted on (pooled, and per set), scored on the rows shown.
  const bestOn = (ss: readonly Sample[]) =>
    candidates.reduce(
      (b, c) => (mean(ss.map((s) => s.r5[c]!)) > mean(ss.map((s) => s.r5[b]!)) + 1e-9 ? c : b),
      candidates[0]!,
    );
  const line = (name: string, ss: readonly Sample[]) => {
    const auto = evaluate(ss, tree);
    const sets = [...new Set(ss.map((s) => s.dataset))];
    const chosen = bestOn(train.filter((s) => sets.includes(s.dataset)));
    const fair = `single strategy chosen on the first half${sets.length > 1 ? 'ves' : ''}: ${chosen} ${mean(ss.map((s) => s.r5[chosen]!)).toFixed(4)}`;
    const singles = candidates
      .map((c) => ({ c, r5: mean(ss.map((s) => s.r5[c]!)), calls: mean(ss.map((s) => s.calls[c]!)) }))
      .sort((a, b) => b.r5 - a.r5);
    const oracle = mean(ss.map((s) => Math.max(...candidates.map((c) => s.r5[c]!))));
    const routes = Object.entries(
      auto.picks.reduce<Record<string, number>>((a, p) => ({ ...a, [p]: (a[p] ?? 0) + 1 }), {}),
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    // decide=llm with the offline thinker: its labelled wording heuristic over the default menu (simulated from the same rows)
    const menu = ['static', 'ircot', 'irgs', 'bdtr']
      .map((n) => `- ${n} (${n === 'static' ? 1 : 3} LLM calls): x`)
      .join('\n');
    const heur = ss.map(
      (s) => (JSON.parse(offlineRouteReply(`${menu}\nQuestion: ${s.question}`)) as { route: string }).route,
    );
    const heurLine = `offline route heuristic (decide=llm, +1 call) R@5 ${mean(ss.map((s, i) => s.r5[heur[i]!]!)).toFixed(4)} at ${mean(ss.map((s, i) => s.calls[heur[i]!]! + 1)).toFixed(2)} calls`;
    console.log(`${name} (${ss.length}): ${heurLine}`);
    console.log(
      `${name} (${ss.length}): auto R@5 ${auto.r5.toFixed(4)} at ${auto.calls.toFixed(2)} calls (BDTR ${mean(ss.map((s) => s.calls.bdtr!)).toFixed(2)}) | ${fair} | best single on these rows ${singles[0]!.c} ${singles[0]!.r5.toFixed(4)} | oracle ${oracle.toFixed(4)} | routes ${routes}\n   ${singles.map((x) => `${x.c} ${x.r5.toFixed(4)}/${x.calls.toFixed(2)}`).join(', ')}`,
    );
  };
  for (const [half, ss] of [
    ['first halves', train],
    ['second halves (unseen)', test],
  ] as const) {
    line(half, ss);
    for (const d of datasets)
      line(
        `  ${d} ${half}`,
        ss.filter((s) => s.dataset === d),
      );
  }
  // README row: auto as the routed strategies' own per-question rows (what `auto` runs, question by question)
  const cells = datasets.map((d) => {
    const all = samples.filter((s) => s.dataset === d);
    return `${evaluate(all, tree).r5.toFixed(3)} (${evaluate(
      all.filter((s) => !s.first),
      tree,
    ).r5.toFixed(3)})`;
  });
  console.log(
    `| auto (simulated from the routed rows) | ${cells.join(' | ')} | calls ${mean(
      datasets.map(
        (d) =>
          evaluate(
            samples.filter((s) => s.dataset === d),
            tree,
          ).calls,
      ),
    ).toFixed(2)} |`,
  );
  const params: RouterParams = { tree, fittedOn };
  if (process.env.FIT_DRY) return;
  await writeFile(
    'src/core/strategies/router-params.ts',
    `// Fitted by scripts/fit-router.ts (offline thinker over hipporag2; see there and docs/strategies.md):\n// ${fittedOn}\nimport type { RouterParams } from './router.ts';\n\nexport const ROUTER_PARAMS: RouterParams = ${JSON.stringify(
      params,
      null,
      2,
    )
      .replace(/"(\w+)":/g, '$1:')
      .replace(/"/g, "'")};\n`,
  );
}

async function report(files: string[]) {
  for (const f of files) {
    const out = JSON.parse(await readFile(f, 'utf8')) as OutJson & { strategy?: string };
    // a one-strategy run writes that strategy's result at the top level
    out.strategies ??= { [out.strategy!]: out as unknown as OutJson['strategies'][string] };
    console.log(`\n${out.dataset} (${f})`);
    console.log(
      'strategy | n | R@5 all | R@5 1st half | R@5 2nd half | EM all | EM 2nd half | calls/q all | calls/q 2nd half',
    );
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
    const out = JSON.parse(await readFile(f, 'utf8')) as {
      dataset: string;
      strategies: Record<
        string,
        { questions: { id: string; ranking: { id: string; score: number }[]; goldIds: string[] }[] }
      >;
    };
    for (const part of ['all', 'first half'] as const) {
      const pick = <T>(qs: T[]) => (part === 'all' ? qs : qs.slice(0, Math.ceil(qs.length / 2)));
      const rows = pairFusion(
        new Map(
          Object.entries(out.strategies).map(([name, s]) => [
            name,
            { questions: new Map(pick(s.questions).map((q) => [q.id, { ranking: q.ranking, gold: q.goldIds }])) },
          ]),
        ),
        5,
      );
      console.log(`\n${out.dataset} (${part}): pairs by R@5 of RRF(A, B)`);
      for (const r of rows.slice(0, 6))
        console.log(
          `${r.a} + ${r.b}: ${r.fused.toFixed(3)} (A ${r.recallA.toFixed(3)}, B ${r.recallB.toFixed(3)}, gain ${r.gain >= 0 ? '+' : ''}${r.gain.toFixed(3)})`,
        );
    }
  }
}

interface Summary {
  em?: number;
  llmCallsPerQuestion: number;
  roundsUsed: number;
  readerPassages: number;
  equalBudget?: { em: number };
  routes?: Record<string, number>;
}

/** README rows: per strategy, R@5 on all (second half) per dataset, EM own / at the equal budget, calls, rounds, passages read. */
async function table(dir: string, datasets: string[]) {
  const outs = await Promise.all(
    datasets.map(async (d) => {
      const merged: OutJson['strategies'] = {};
      for (const f of [`base-${d}.json`, `extra-${d}.json`, `auto-${d}.json`]) {
        try {
          const out = JSON.parse(await readFile(join(dir, f), 'utf8')) as OutJson & { strategy?: string };
          // a one-strategy run writes that strategy's result at the top level
          Object.assign(merged, out.strategies ?? { [out.strategy!]: out as unknown as OutJson['strategies'][string] });
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        }
      }
      return merged;
    }),
  );
  const names = [...new Set(outs.flatMap((o) => Object.keys(o)))];
  const f3 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? 'n/a' : x.toFixed(3));
  console.log(
    `| strategy | ${datasets.map((d) => `${d} R@5 all (2nd half)`).join(' | ')} | EM own / readerTop 5 (${datasets.join('; ')}) | LLM calls/q | rounds used | passages read |`,
  );
  console.log(`|---|${datasets.map(() => '---|').join('')}---|---|---|---|`);
  for (const name of names) {
    const cells: string[] = [];
    const ems: string[] = [];
    const calls: number[] = [];
    const rounds: number[] = [];
    const read: number[] = [];
    for (const o of outs) {
      const s = o[name];
      if (!s || s.questions.length === 0) {
        cells.push('n/a');
        ems.push('n/a');
        continue;
      }
      const rows = s.questions;
      const half = Math.ceil(rows.length / 2);
      cells.push(
        `${f3(mean(rows.map((r) => r.recall['5']!)))} (${f3(mean(rows.slice(half).map((r) => r.recall['5']!)))})`,
      );
      const sum = s.summary as unknown as Summary;
      ems.push(`${f3(sum.em)}/${f3(sum.equalBudget?.em ?? sum.em)}`);
      calls.push(sum.llmCallsPerQuestion);
      rounds.push(sum.roundsUsed);
      read.push(sum.readerPassages);
    }
    console.log(
      `| ${name} | ${cells.join(' | ')} | ${ems.join('; ')} | ${mean(calls).toFixed(2)} | ${mean(rounds).toFixed(2)} | ${mean(read).toFixed(1)} |`,
    );
  }
  for (const [i, o] of outs.entries()) {
    const r = (o.auto?.summary as unknown as Summary | undefined)?.routes;
    if (r)
      console.log(
        `routes ${datasets[i]}: ${Object.entries(r)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
  }
}

const [cmd, ...rest] = process.argv.slice(2);
if (cmd === 'fit') {
  const at = rest.indexOf('--candidates');
  const only = at >= 0 ? rest.splice(at, 2)[1]!.split(',') : undefined;
  await fit(rest[0]!, rest.slice(1), only);
} else if (cmd === 'report') await report(rest);
else if (cmd === 'pairs') await pairs(rest);
else if (cmd === 'table') await table(rest[0]!, rest.slice(1));
else
  console.error(
    'usage: fit-router.ts fit <dir> <dataset>... [--candidates a,b,...] | report <json>... | pairs <json>... | table <dir> <dataset>...',
  );
