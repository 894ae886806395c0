// DualRAG (DualRAG paper §3, Eq. 1-10): per step t (at most 5),
//   RaQ  Reasoner (Fig. 5)           r^t, f^t = M_R(K^(t-1), x, R^(t-1))            (Eq. 3)
//        f^t = false -> answer       â = M_A(K^T, x, R^T)                           (Eq. 4, our prompt)
//        Entity Identifier (Fig. 6)  E^t, {Q^t(e)} = M_EI(K^(t-1), x, r^t)           (Eq. 5), linked to
//                                    synonymous entities of earlier steps (dualrag-knowledge.ts)
//        each q in Q^t(e) retrieves the top `depth` (50, §4.3)                      (Eq. 6)
//        grouped by entity, D̂_e = ∪_q D̂_{e,q}                                       (Eq. 7)
//        reranked against the entity name to the top `rerankTop` (10, §4.3)        (Eq. 8)
//        dropping score <= 0 (the authors' code drops cross-encoder logits <= 0)
//   pKA  Knowledge Summarizer (Fig. 7) k_e = M_KS(x, R^t, e, Q^t(e), D_e)           (Eq. 9),
//        discarded when it says the documents hold nothing; merged K^t(e) = K^(t-1)(e) ∪ {k_e} (Eq. 10)
// Ablations (Table 3): reasoner=false (w/o R: retrieval at every step, IRCoT-like; the loop still
// ends after the step whose Reasoner says it has the answer), entityIdentifier=false (w/o Ei: r^t is
// the one query of a pseudo-entity "Step t", reranked against r^t), outline=false (w/o KO: no
// summarizer; the prompts show the reranked passages, unstructured, instead of the outline).
// Final passage ranking (for Recall@k against every other strategy): the reranked passages D_e in
// order of first use: step by step, and within a step interleaved across that step's entities by
// reranker rank (every entity's best document, then every entity's second, ...), so no one knowledge
// demand fills the top; then every other retrieved passage by its best min-max normalised retrieval
// score (pool.ts). Recorded as a `pool` event after each retrieval step. (Interleaving was chosen over
// entity-after-entity on the first half of the first 100 questions of each dataset with the offline
// thinker, R@5 +6 to +13 points, and held on the second half: README.) Only prompts that show passages verbatim (the summarizer; every prompt under w/o KO)
// are recorded with what they show (run.prompt); outline prompts show summaries, whose passages the `memory` entries name.
import { z } from 'zod';
import { keepReranked } from '../rerank/port.ts';
import { createLexicalReranker } from '../rerank/lexical.ts';
import type { Ranked } from '../types.ts';
import type { Run } from './context.ts';
import { groupByEntity, KnowledgeOutline, linkEntity } from './dualrag-knowledge.ts';
import { count, type OptionsOf } from './options.ts';
import { NORMALIZATIONS, normalizeScores, ScorePool } from './pool.ts';
import type { DualKnowledge, EntityQueries, StrategyPrompts } from './prompt-port.ts';
import { defineStrategy } from './descriptor.ts';

const dualragOptions = {
  /** Most Reasoner steps (the issue's cap, Fig. 3's range). */
  maxSteps: count(5),
  /** Eq. 6: passages per query (§4.3: top-50). */
  depth: count(50),
  /** Eq. 8: passages kept per entity after reranking (§4.3: top-10). */
  rerankTop: count(10),
  /** w/o R when false. */
  reasoner: z.boolean().default(true),
  /** w/o Ei when false. */
  entityIdentifier: z.boolean().default(true),
  /** w/o KO when false. */
  outline: z.boolean().default(true),
  /** w/o KO: the most recent reranked passages the prompts show (in order of first use). */
  knowledgeDocs: count(20),
  /** Normalisation of the tail of the final ranking (pool.ts). */
  normalize: z.enum(NORMALIZATIONS).default('minmax'),
  answer: z.boolean().default(true),
  /**
   * w/o KO: the answer's reader budget (Eq. 4): 'all' reads the knowledge documents (the paper), N the top N
   * of the final ranking. Fixed to 'all' with the outline, whose answer reads summaries, not passages.
   */
  readerTop: z.union([z.number().int().min(1), z.literal('all')]).default('all'),
};
export type DualragOptions = OptionsOf<typeof dualragOptions>;

interface Demand extends EntityQueries {
  /** What the reranker scores against: the entity name (w/o Ei: the reasoning step). */
  rerankQuery: string;
}

async function runDualrag(run: Run, o: DualragOptions): Promise<void> {
  const q = run.question.question;
  const { prompts, recorder } = run;
  const reranker = run.reranker ?? createLexicalReranker();
  const history: string[] = [];
  const outline = new KnowledgeOutline();
  const used: string[] = []; // reranked passages in order of first use
  const pool = new ScorePool(); // every retrieved passage, best normalised score (ranking tail)

  const knowledge = (): { view: DualKnowledge; shown: string[] } => {
    if (o.outline) return { view: outline.view(), shown: [] };
    const ids = used.slice(-o.knowledgeDocs);
    return { view: { documents: ids.map((id) => run.passage(id)) }, shown: ids };
  };
  for (let t = 1; t <= o.maxSteps; t++) {
    run.checkAbort();
    recorder.startRound(t);
    const k = knowledge();
    // Outline prompts show no passage verbatim: a plain traced call; w/o KO they show passages.
    const shown = o.outline ? undefined : k.shown;
    const pr = prompts.dualragReasoner;
    const step = pr.parse(await run.prompt(pr, shown, q, k.view, history)); // Eq. 3
    history.push(step.reasoning);
    recorder.add({ type: 'thought', kind: 'reasoner', text: step.reasoning });
    const retrieveNow = o.reasoner ? step.needRetrieval : true;
    recorder.add({ type: 'thought', kind: 'retrieval-flag', text: retrieveNow ? 'retrieve' : 'answer' });
    if (!retrieveNow) break;

    // RaQ: the knowledge demand of this step (Eq. 5)
    let demands: Demand[];
    if (o.entityIdentifier) {
      const pe = prompts.dualragEntities;
      const hints = outline.names();
      const found = pe.parse(await run.prompt(pe, shown, q, k.view, history, hints));
      demands = linkDemands(run, found, o.outline ? hints : []);
    } else demands = [{ entity: `Step ${t}`, queries: [step.reasoning], rerankQuery: step.reasoning }];

    const kept = new Map<string, Ranked[]>();
    for (const d of demands) {
      const retrievals: { query: string; results: Ranked[] }[] = [];
      for (const query of d.queries) {
        const results = await run.retrieve(query, 'entity-query', o.depth, d.entity); // Eq. 6
        pool.merge(normalizeScores(results, o.normalize));
        retrievals.push({ query, results });
      }
      const grouped = groupByEntity(retrievals); // Eq. 7
      run.checkAbort();
      const scores = await reranker.score(
        d.rerankQuery,
        grouped.map((g) => ({ id: g.id, rank: g.rank, ...pick(run.passage(g.id)) })),
        run.signal,
      );
      const top = keepReranked(scores, o.rerankTop); // Eq. 8
      recorder.add({
        type: 'retrieve',
        query: d.rerankQuery,
        label: `rerank: ${reranker.name}`,
        entity: d.entity,
        results: top,
      });
      kept.set(d.entity, top);
    }
    for (const id of interleave([...kept.values()].map((l) => l.map((r) => r.id))))
      if (!used.includes(id)) used.push(id);
    // a what-if branch's removal or insertion (src/core/whatif) on the passages in order of use
    const order = run.ctx.whatif?.order(t, used) ?? used;
    run.ctx.whatif?.pool(t, pool);
    recorder.add({ type: 'pool', pool: pool.reorder(finalOrder(order, pool.ranking()), new Map()) });

    // pKA (Eq. 9-10)
    if (o.outline) {
      const ps = prompts.dualragSummarizer;
      for (const d of demands) {
        const docs = kept.get(d.entity) ?? [];
        if (docs.length === 0) {
          recorder.add({
            type: 'thought',
            kind: 'fragment-skipped',
            text: `${d.entity}: the reranker kept no document`,
          });
          continue;
        }
        const passages = docs.map((r) => run.passage(r.id));
        const fragment = ps.parse(await run.prompt(ps, docs, q, history, d.entity, d.queries, passages), d.entity);
        if (!fragment.relevant) {
          recorder.add({ type: 'thought', kind: 'fragment-discarded', text: `${d.entity}: ${fragment.knowledge}` });
          continue;
        }
        outline.add(d.entity, {
          text: fragment.knowledge,
          passages: docs.map((r) => r.id),
          queries: [...d.queries],
          since: t,
        });
      }
      recorder.add({ type: 'memory', kind: 'outline', entries: outline.entries() });
    }
    if (!step.needRetrieval) break; // w/o R: the step that had the answer still retrieved
  }

  if (o.answer) {
    run.checkAbort();
    const pa = prompts.dualragAnswer;
    // The answer's context is recorded in both modes, so "passages read" counts what it read: w/o KO the
    // passages it shows (a budget N: the top N of the final ranking, the reranked passages in order of
    // first use); with the outline the passages whose summaries it shows (no passage budget applies).
    const k = o.outline
      ? { view: outline.view() as DualKnowledge, shown: outline.passagesBehind() }
      : o.readerTop === 'all'
        ? knowledge()
        : {
            view: { documents: used.slice(0, o.readerTop).map((id) => run.passage(id)) },
            shown: used.slice(0, o.readerTop),
          };
    const { answer } = pa.parse(await run.prompt(pa, k.shown, q, k.view, history)); // Eq. 4
    recorder.add({ type: 'answer', text: answer });
  }
}

const pick = (p: { title: string; text: string }) => ({ title: p.title, text: p.text });

/** Entities of this step linked to synonymous ones of earlier steps (recorded as `entity-link` thoughts). */
function linkDemands(run: Run, found: readonly EntityQueries[], earlier: readonly string[]): Demand[] {
  const out: Demand[] = [];
  for (const e of found) {
    const named = out.map((d) => d.entity);
    const linked = linkEntity(e.entity, earlier) ?? linkEntity(e.entity, named);
    if (linked !== undefined && linked !== e.entity)
      run.recorder.add({ type: 'thought', kind: 'entity-link', text: `${e.entity} → ${linked}` });
    const entity = linked ?? e.entity;
    const same = out.find((d) => d.entity === entity);
    if (same) same.queries.push(...e.queries.filter((x) => !same.queries.includes(x)));
    else out.push({ entity, queries: [...e.queries], rerankQuery: entity });
  }
  for (const d of out)
    run.recorder.add({ type: 'thought', kind: 'entity-identifier', text: `${d.entity}: ${d.queries.join(' | ')}` });
  return out;
}

/** Round-robin over ranked lists: every list's first, then every list's second, ... (repeats kept: callers skip them). */
export function interleave(lists: readonly (readonly string[])[]): string[] {
  const out: string[] = [];
  for (let k = 0; lists.some((l) => k < l.length); k++) for (const l of lists) if (k < l.length) out.push(l[k]!);
  return out;
}

/** Reranked passages in order of first use, then the rest of the pool by score (stable). */
export function finalOrder(used: readonly string[], pool: readonly Ranked[]): string[] {
  const first = new Set(used);
  const rest = pool.map((r, i) => ({ r, i })).filter((x) => !first.has(x.r.id));
  rest.sort((a, b) => b.r.score - a.r.score || a.i - b.i);
  return [...used, ...rest.map((x) => x.r.id)];
}

const DUALRAG_PROMPTS: (keyof StrategyPrompts)[] = [
  'dualragReasoner',
  'dualragEntities',
  'dualragSummarizer',
  'dualragAnswer',
];
const shared = {
  kind: 'method',
  term: 'DualRAG',
  rounds: {
    first: 1,
    round:
      "round 0 is step 1's entity queries, after the first reasoning step (trace round 1; DualRAG has no retrieval of the question itself); round R is step R+1's",
  },
  reader: 'dualragAnswer',
  options: dualragOptions,
  offline: 'offline-thinker-dualrag.ts',
  needs: { reranker: true },
  exportsFineTuning: true,
  run: (run: Run, o: Record<string, unknown>) => runDualrag(run, o as DualragOptions),
} as const;

// The framework ablations of DualRAG Table 3.
const dualragNoReasoner = defineStrategy({
  ...shared,
  name: 'dualrag-no-reasoner',
  title: 'DualRAG w/o R',
  label: 'DualRAG w/o R (retrieve every step)',
  explanation:
    "DualRAG without the Reasoner's retrieval decision: every step retrieves (IRCoT-like); the loop still ends after the step whose Reasoner says it has the answer.",
  paper: 'DualRAG paper §4.5, Table 3 (w/o R)',
  fixed: { reasoner: false, entityIdentifier: true, outline: true, readerTop: 'all' },
  prompts: DUALRAG_PROMPTS,
});

const dualragNoEi = defineStrategy({
  ...shared,
  name: 'dualrag-no-ei',
  title: 'DualRAG w/o Ei',
  label: 'DualRAG w/o Ei (reasoning as query)',
  explanation:
    'DualRAG without the Entity Identifier: the reasoning step itself is the one query of each step, reranked against that step.',
  paper: 'DualRAG paper §4.5, Table 3 (w/o Ei)',
  fixed: { reasoner: true, entityIdentifier: false, outline: true, readerTop: 'all' },
  prompts: ['dualragReasoner', 'dualragSummarizer', 'dualragAnswer'],
});

const dualragNoOutline = defineStrategy({
  ...shared,
  name: 'dualrag-no-outline',
  title: 'DualRAG w/o KO',
  label: 'DualRAG w/o KO (raw passages, no outline)',
  explanation:
    'DualRAG without the knowledge outline: no Knowledge Summarizer; the prompts show the reranked passages, unstructured, instead of per-entity summaries.',
  paper: 'DualRAG paper §4.5, Table 3 (w/o KO)',
  fixed: { reasoner: true, entityIdentifier: true, outline: false },
  prompts: ['dualragReasoner', 'dualragEntities', 'dualragAnswer'],
});

export const dualrag = defineStrategy({
  ...shared,
  name: 'dualrag',
  title: 'DualRAG',
  label: 'DualRAG (reasoner + entity queries + knowledge outline)',
  explanation:
    'A dual-process loop: a Reasoner writes the next reasoning step and says whether it needs retrieval; an Entity Identifier turns the knowledge demand into per-entity queries, whose top 50 are reranked to 10; a Knowledge Summarizer folds them into a per-entity knowledge outline the next step reads (at most 5 steps).',
  paper: 'DualRAG paper §3, Eq. 1-10, prompts Fig. 5-7',
  fixed: { reasoner: true, entityIdentifier: true, outline: true, readerTop: 'all' },
  prompts: DUALRAG_PROMPTS,
  variants: [dualragNoReasoner, dualragNoEi, dualragNoOutline],
});
