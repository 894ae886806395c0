// GEAR, the graph-enhanced retrieval agent (GEAR paper §5, Eq. 4-10), over a graph-expansion backbone
// (naivege / syncge: its base retriever, triple index T and beam search). Per step n (round n), with
// q(1) = q, the original question:
//   C'_q(n) = base top-`chunks` for q(n) (10 chunks before synchronisation, App. B.2)
//   T'_q(n) = read(C'_q(n), q(n)): SyncGE's read with the step's query and no memory (§4.1 Eq. 1)
//   tripleLink each proximal triple (Eq. 2) -> Diverse Triple Beam Search -> RRF with C'_q(n) = C_q(n) (Eq. 3)
//   T^G = read(C_q(n), q, G^(n-1)): the gist read of the graph-expanded contexts, top `chunks`, with the
//         question and the memory so far (Eq. 4; "GEAR reads multi-hop contexts", §6)
//   G^(n) = G^(n-1) ∘ T^G (Eq. 5), recorded as a `memory` event (kind gist) with provenance
//   a(n), r(n) = reason(G^(n), q) (Eq. 6); stop when answerable (a `stop` thought) or at the step cap
//   q(n+1) = rewrite(G^(n), q, r(n)) (Eq. 7)
// So each step makes the paper's LLM calls: two reads (Eq. 1 and Eq. 4, both the J.2 reader, module
// gear.reader), the answerability reasoning and, unless it stops, the rewrite.
// After termination: passageLink(t_j) = RRF(h(t_j, C), h(t_j, T)) for every gist triple (Eq. 8, Eq. 10),
// and the final list = RRF(C_t1 .. C_t|G|, C_q(1) .. C_q(n)) (Eq. 9); the J.3 reader answers from its top 5.
// A gist triple's provenance is the read passages that name its subject or object (the passage
// tripleLink lands it in, when that passage was read, first).
import { z } from 'zod';
import { normalizePhrase } from '../triples/normalize.ts';
import { tripleText } from '../triples/triple-index.ts';
import type { GraphExpander, GraphExpansionRetriever } from '../retrievers/graph-expansion.ts';
import { rrf } from '../retrievers/rrf.ts';
import { PASSAGE_LINK } from '../trace/fold.ts';
import type { MemoryEntry } from '../trace/schema.ts';
import type { Passage, Ranked } from '../types.ts';
import { StrategyError, type Run } from './context.ts';
import { commonOptions, count, type OptionsOf } from './options.ts';
import { ScorePool } from './pool.ts';
import type { GistTriple } from './prompt-port.ts';
import { defineStrategy } from './descriptor.ts';

const gearOptions = {
  ...commonOptions,
  /** Step cap: 2 for HotpotQA and 2Wiki, 4 for MuSiQue in the paper (App. B.1). */
  rounds: count(2),
  /** Base passages retrieved and read per step before synchronisation (App. B.2). */
  chunks: count(10),
  /** k of both retrievals of passageLink (Eq. 10). */
  linkTop: count(10),
  /** RRF constant (Eq. 3, 9, 10). */
  rrfK: z.number().int().min(0).default(60),
};
export type GearOptions = OptionsOf<typeof gearOptions>;

interface Gist {
  triple: GistTriple;
  passages: string[];
  queries: string[];
  since: number;
}

function expanderOf(run: Run): GraphExpander {
  const r = run.retriever as Partial<GraphExpansionRetriever>;
  if (!r.expansion) {
    throw new StrategyError(
      'strategies.gear',
      `GEAR needs a graph-expansion backbone (naivege or syncge, e.g. --retriever naivege --base bm25); "${run.retriever.name}" has no triple index`,
    );
  }
  return r.expansion;
}

const mentions = (p: Passage, phrase: string) => {
  const n = normalizePhrase(phrase);
  return n.length > 0 && normalizePhrase(`${p.title} ${p.text}`).includes(n);
};

async function runGear(run: Run, o: GearOptions): Promise<void> {
  const ex = expanderOf(run);
  const q = run.question.question;
  const { recorder, prompts } = run;
  const gist: Gist[] = [];
  const stepLists: Ranked[][] = [];
  const pool = new ScorePool();
  let query = q;
  // A what-if branch's removals and round-R insertion (src/core/whatif) on what GEAR retrieves itself.
  const whatif = (n: number, results: Ranked[]): Ranked[] => run.ctx.whatif?.results(n, results) ?? results;

  for (let n = 1; n <= o.rounds; n++) {
    run.checkAbort();
    recorder.startRound(n);
    const base = whatif(n, await ex.base.retrieve(query, o.chunks, run.signal));
    recorder.add({ type: 'retrieve', query, label: 'base', results: base.map((r) => ({ id: r.id, score: r.score })) });

    // Eq. 1: SyncGE reads the base passages with the step's query q(n), no memory
    const read = prompts.gearRead;
    const syncShown = run.passagesOf(base, o.chunks);
    const proximal = read.parse(await run.prompt(read, syncShown, query, syncShown)).triples;

    // Eq. 2 + Alg. 1 + Eq. 3: C_q(n)
    const linked = proximal.map((t) => ex.tripleLink(t)).filter((t): t is number => t !== undefined);
    const exp = await ex.expand(query, linked, base, run.signal);
    const contexts = whatif(n, exp.results);
    recorder.add({
      type: 'retrieve',
      query,
      label: `step ${n} (graph expansion)`,
      results: contexts.map((r) => ({ id: r.id, score: r.score })),
      items: ex.beamItems(exp.search),
    });
    for (const beam of ex.beamRecords(exp.search)) recorder.add({ type: 'beam', ...beam });
    stepLists.push(contexts);

    // Eq. 4: the gist read of the expanded contexts C_q(n) with the question and G^(n-1)
    run.checkAbort();
    const shown = run.passagesOf(contexts, o.chunks);
    const memo = gist.map((g) => g.triple);
    const { triples } = read.parse(await run.prompt(read, shown, q, shown, memo));

    // Eq. 5: append to the gist memory, with provenance
    triples.forEach((t) => {
      const key = t.map(normalizePhrase).join('\u0000');
      const link = ex.tripleLink(t);
      const at = link !== undefined ? ex.index.triple(link).passage : undefined;
      const from = shown.filter((p) => mentions(p, t[0]) || mentions(p, t[2])).map((p) => p.id);
      const passages = at !== undefined && from.includes(at) ? [at, ...from.filter((id) => id !== at)] : from;
      const old = gist.find((g) => g.triple.map(normalizePhrase).join('\u0000') === key);
      if (old) {
        for (const id of passages) if (!old.passages.includes(id)) old.passages.push(id);
        if (!old.queries.includes(query)) old.queries.push(query);
      } else gist.push({ triple: t, passages, queries: [query], since: n });
    });
    recorder.add({ type: 'memory', kind: 'gist', entries: gist.map(entryOf) });
    recordPool(run, pool, rrf(stepLists, { k: o.rrfK }));

    // Eq. 6: answerability
    run.checkAbort();
    const memory = gist.map((g) => g.triple);
    const verdict = prompts.gearReason.parse(await run.prompt(prompts.gearReason, undefined, q, memory));
    recorder.add({ type: 'thought', kind: 'answerability', text: verdict.text });
    if (verdict.answerable) {
      recorder.add({
        type: 'thought',
        kind: 'stop',
        text: `stop at step ${n}: the memory answers the question (Eq. 6)`,
      });
      break;
    }
    if (n === o.rounds) break;

    // Eq. 7: the next query
    query = prompts.gearRewrite.parse(await run.prompt(prompts.gearRewrite, undefined, q, memory, verdict.reason));
    // a what-if branch's edit of this rewrite (src/core/whatif) is the query the next step retrieves
    query = run.ctx.whatif?.query(n, query) ?? query;
    recorder.add({ type: 'thought', kind: 'rewrite', text: query });
  }

  // Eq. 8 + Eq. 10: passageLink every gist triple; Eq. 9: the final list
  run.checkAbort();
  recorder.startRound(stepLists.length + 1);
  const linkedLists: Ranked[][] = [];
  for (const g of gist) {
    const text = tripleText({ subject: g.triple[0], predicate: g.triple[1], object: g.triple[2] });
    const fromC = await ex.base.retrieve(text, o.linkTop, run.signal);
    const fromT = uniquePassages(ex, ex.index.search(text, o.linkTop));
    const list = rrf([fromC, fromT], { k: o.rrfK });
    linkedLists.push(list);
    recorder.add({
      type: 'retrieve',
      query: text,
      label: PASSAGE_LINK,
      results: list.map((r) => ({ id: r.id, score: r.score })),
    });
  }
  const final = recordPool(run, pool, rrf([...linkedLists, ...stepLists], { k: o.rrfK }));

  if (o.answer) {
    run.checkAbort();
    const p = prompts.gearAnswer;
    const shown = run.passagesOf(final, o.readerTop === 'all' ? final.length : o.readerTop);
    recorder.add({ type: 'answer', text: p.parse(await run.prompt(p, shown, q, shown)).answer });
  }
}

/**
 * GEAR's pool is its RRF list, rebuilt each step: the list in its order, then a what-if branch's pool
 * change (the same hook the shared pool update calls), recorded as the `pool` event. Returns the ranking.
 */
function recordPool(run: Run, pool: ScorePool, fused: readonly Ranked[]): Ranked[] {
  pool.clear();
  pool.merge(fused);
  run.ctx.whatif?.pool(run.recorder.round, pool);
  const ranking = pool.ranking();
  const scores = new Map(ranking.map((r) => [r.id, r.score]));
  run.recorder.add({ type: 'pool', pool: pool.reorder([...scores.keys()], scores) });
  return ranking;
}

function entryOf(g: Gist): MemoryEntry {
  return {
    text: `(${g.triple.map((x) => JSON.stringify(x)).join(', ')})`,
    triple: [...g.triple],
    passages: [...g.passages],
    queries: [...g.queries],
    since: g.since,
  };
}

/** h(t, T) mapped to passages: each passage at its best triple's rank. */
function uniquePassages(ex: GraphExpander, hits: readonly { triple: number; score: number }[]): Ranked[] {
  const out: Ranked[] = [];
  const seen = new Set<string>();
  for (const h of hits) {
    const p = ex.index.triple(h.triple).passage;
    if (!seen.has(p)) {
      seen.add(p);
      out.push({ id: p, score: h.score });
    }
  }
  return out;
}

export const gear = defineStrategy({
  name: 'gear',
  title: 'GEAR',
  label: 'GEAR (gist memory + graph expansion)',
  explanation:
    "Graph-enhanced Agent for Retrieval: each step SyncGE reads the base retriever's top passages for the step's query into proximal triples (Eq. 1), expands them over the triple graph (diverse triple beam search, fused by RRF) into the step's contexts, and the gist memory reads those expanded contexts (Eq. 4); the agent asks whether the memory answers the question and otherwise rewrites the query; at the end every gist triple is linked back to passages and a final RRF ranks them for the J.3 reader.",
  paper: 'GEAR paper §4.1 Eq. 1, §5 Eq. 2-10, prompts App. J',
  reader: 'gearAnswer',
  kind: 'method',
  rounds: {
    first: 1,
    round:
      "round 0 is step 1's retrieval with the question (trace round 1); round R is step R+1's, with its rewritten query",
  },
  options: gearOptions,
  prompts: ['gearRead', 'gearReason', 'gearRewrite', 'gearAnswer'],
  offline: 'offline-thinker-gear.ts',
  needs: { graphExpansion: true },
  run: (run, o) => runGear(run, o as GearOptions),
});
