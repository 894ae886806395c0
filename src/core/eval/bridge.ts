// Bridge documents: the gold passages a multi-hop question cannot reach from its own words,
// the ones iterative retrieval exists to find. Defined from what each dataset says about its hops:
//   MuSiQue  a hop whose question refers to an earlier hop's answer ("#1 >> capital") and whose
//            supporting paragraph's title the question does not name;
//   2Wiki    a gold passage about an evidence triple's object (an entity reached through another hop,
//            e.g. "Lothair II | mother | Ermengarde of Tours") whose title the question does not name;
//   HotpotQA a supporting-fact paragraph of a "bridge" question whose title the question does not name
//            (comparison questions name both of their entities: no bridge).
// Where a dataset has no structure, the old heuristic remains, labelled as one (heuristicBridge).
import { foldTrace } from '../trace/fold.ts';
import type { Trace } from '../trace/schema.ts';
import type { Question, QuestionEvidence } from '../types.ts';

const STOP = new Set(
  `the a an of and in on at to for by from with de la le von van
  season film album song band novel tv series s`.split(/\s+/),
);

function words(s: string): string[] {
  return (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOP.has(w) && !/^\d+$/.test(w));
}

/**
 * Does a question name a passage's title entity? A title counts as named when at least two thirds of the
 * content words of its head (the part before a comma or a bracketed disambiguation: "Van Hook Township,
 * Mountrail County, North Dakota" -> "Van Hook Township", "Claudio López (footballer)" -> "Claudio López")
 * appears in the question. Numbers, function words and page-kind words (season, film, ...) are not content
 * words, so "1998–99 Valencia CF season" is named by "... a main player for Valencia CF?" and "Gujarat
 * Legislative Assembly election, 2012" by "... member of Gujarat Legislative Assembly ...", while "Kris Benson"
 * is not named by "What team was Anna Benson's husband on?" (a shared surname is not the entity: a two-word
 * name needs both words).
 */
export function questionNamesTitle(question: string, title: string): boolean {
  const head = title.replace(/\s*\([^)]*\)/g, ' ').split(',')[0] ?? '';
  const t = words(head);
  if (t.length === 0) return false;
  const q = new Set(words(question));
  return t.filter((w) => q.has(w)).length / t.length >= 2 / 3;
}

export const BRIDGE_RULES = {
  musique:
    'bridge = supporting paragraph of a hop that refers to an earlier answer (#k) and whose title the question does not name (MuSiQue decomposition)',
  twoWiki:
    "bridge = gold passage about an evidence triple's object (reached through another hop) whose title the question does not name (2Wiki evidences)",
  hotpot:
    'bridge = supporting-fact paragraph of a bridge-type question whose title the question does not name (HotpotQA supporting facts)',
  titles: 'bridge = gold passage whose title the question does not name (gold titles only)',
  heuristic:
    'bridge = gold passage the question alone did not retrieve in round 0 (heuristic: the dataset gives no hop structure)',
} as const;

type Hop = QuestionEvidence['hops'][number];

/** MuSiQue: hops from question_decomposition (already mapped to passage ids by the importer). */
export function musiqueEvidence(
  question: string,
  hops: readonly Hop[],
  titleOf: (id: string) => string,
): QuestionEvidence {
  const bridge: string[] = [];
  for (const hop of hops) {
    if (!/#\d+/.test(hop.question ?? '')) continue;
    for (const id of hop.passages)
      if (!questionNamesTitle(question, titleOf(id)) && !bridge.includes(id)) bridge.push(id);
  }
  return { hops: [...hops], bridge, bridgeRule: BRIDGE_RULES.musique };
}

/** 2Wiki: one hop per evidence triple, its passages the gold passages titled with the triple's subject. */
export function twoWikiEvidence(
  question: string,
  evidences: readonly [string, string, string][],
  gold: readonly { id: string; title: string }[],
): QuestionEvidence {
  const norm = (s: string) => s.trim().toLowerCase();
  const hops: Hop[] = evidences.map(([s, r, o]) => ({
    passages: gold.filter((g) => norm(g.title) === norm(s)).map((g) => g.id),
    question: `${s} | ${r}`,
    answer: o,
  }));
  const objects = new Set(evidences.map(([, , o]) => norm(o)));
  const bridge = gold
    .filter((g) => objects.has(norm(g.title)) && !questionNamesTitle(question, g.title))
    .map((g) => g.id);
  return { hops, bridge, bridgeRule: BRIDGE_RULES.twoWiki };
}

/** HotpotQA: one hop per supporting title (with its supporting sentence indices). */
export function hotpotEvidence(
  question: string,
  type: string | undefined,
  hops: readonly (Hop & { title: string })[],
): QuestionEvidence {
  const bridge =
    type === 'comparison' ? [] : hops.filter((h) => !questionNamesTitle(question, h.title)).flatMap((h) => h.passages);
  return {
    hops: hops.map(({ title: _title, ...h }) => h),
    bridge: [...new Set(bridge)],
    bridgeRule: BRIDGE_RULES.hotpot,
  };
}

/** Gold titles only (2Wiki without evidences, HippoRAG question files): unnamed gold titles of a multi-passage question. */
export function titleEvidence(question: string, gold: readonly { id: string; title: string }[]): QuestionEvidence {
  const bridge = gold.length < 2 ? [] : gold.filter((g) => !questionNamesTitle(question, g.title)).map((g) => g.id);
  return { hops: gold.map((g) => ({ passages: [g.id] })), bridge, bridgeRule: BRIDGE_RULES.titles };
}

/**
 * The bridge passages of a question: from its structured gold when the dataset gave one, else (`structured`
 * false) the heuristic over the run's round-0 retrieval (`round0`: the ids the question alone retrieved).
 * Every view, caption and metric calls this one function.
 */
export function bridgeOf(question: Pick<Question, 'gold' | 'evidence'>, round0?: Iterable<string>) {
  if (question.evidence)
    return { ids: new Set(question.evidence.bridge), rule: question.evidence.bridgeRule, structured: true };
  const own = new Set(round0 ?? []);
  return { ids: new Set(question.gold.filter((g) => !own.has(g))), rule: BRIDGE_RULES.heuristic, structured: false };
}

/** The question's gold passages that are bridges in this run (gold order). */
export function traceBridgeIds(trace: Pick<Trace, 'question' | 'events'>): string[] {
  const bridge = bridgeOf(trace.question, foldTrace(trace.events).round0Ids);
  return trace.question.gold.filter((g) => bridge.ids.has(g));
}
