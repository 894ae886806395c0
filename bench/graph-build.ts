// `npm run bench -- graph-build [--runs 3]`: buildPhraseGraph time on real corpora (MuSiQue 1,890 passages
// with its OpenIE file; 2Wiki 6,119 passages with the offline extractor), and the lexical synonym search
// alone against the previous implementation (string-Set prefix filtering, kept below as the reference)
// on the same phrases in the same run, checking both find the same pairs. Asserts nothing.
import { readFileSync } from 'node:fs';
import { buildPhraseGraph, GRAPH_DEFAULTS, synonymEligible } from '../src/core/graph/build.ts';
import { TrigramIndex, trigramCosine, trigrams } from '../src/core/graph/lexical.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import { parseOpenIeText } from '../src/core/triples/openie-file.ts';
import type { TripleSet } from '../src/core/triples/types.ts';
import type { Corpus } from '../src/core/types.ts';

const DATA = new URL('../../shared/data/', import.meta.url);

function corpusFrom(name: string, file: string): Corpus {
  const rows = JSON.parse(readFileSync(new URL(file, DATA), 'utf8')) as { title: string; text: string }[];
  return { id: name, name, passages: rows.map((r, i) => ({ id: `${name}-${i}`, title: r.title, text: r.text })) };
}

/** The synonym search before this change (commit ac280fc), verbatim but for names: the reference. */
function previousSimilarPairs(phrases: string[], threshold: number): { a: number; b: number; score: number }[] {
  const grams = phrases.map(trigrams);
  const postings = new Map<string, number[]>();
  grams.forEach((gs, id) => {
    for (const g of gs) {
      let list = postings.get(g);
      if (!list) postings.set(g, (list = []));
      list.push(id);
    }
  });
  const freq = (g: string) => postings.get(g)!.length;
  const prefixIndex = new Map<string, number[]>();
  const out: { a: number; b: number; score: number }[] = [];
  const t2 = threshold * threshold;
  grams.forEach((gs, id) => {
    if (gs.length === 0) return;
    const sorted = [...gs].sort((x, y) => freq(x) - freq(y) || (x < y ? -1 : x > y ? 1 : 0));
    const prefix = sorted.length - Math.ceil(t2 * sorted.length) + 1;
    const candidates = new Set<number>();
    for (let k = 0; k < prefix; k++) for (const other of prefixIndex.get(sorted[k]!) ?? []) candidates.add(other);
    for (const other of candidates) {
      const score = trigramCosine(gs, grams[other]!);
      if (score >= threshold) out.push({ a: other, b: id, score });
    }
    for (let k = 0; k < prefix; k++) {
      let list = prefixIndex.get(sorted[k]!);
      if (!list) prefixIndex.set(sorted[k]!, (list = []));
      list.push(id);
    }
  });
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

export async function main(args: string[]): Promise<void> {
  const i = args.indexOf('--runs');
  const runs = i >= 0 ? Number(args[i + 1]) : 3;
  const musique = corpusFrom('musique', 'openie/musique_train_gpt-3.5/musique_train_corpus.json');
  const openie = 'openie/musique_train_gpt-3.5/openie_musique_train_results_ner_gpt-3.5-turbo-1106_1890.json';
  const wiki = corpusFrom('2wiki', '2wikimultihopqa/2wikimultihopqa_corpus.json');
  const [wikiTriples, extractMs] = time(() => extractTriplesOffline(wiki.passages));
  const sets: [Corpus, TripleSet, string][] = [
    [musique, parseOpenIeText(readFileSync(new URL(openie, DATA), 'utf8'), musique, openie), 'OpenIE file'],
    [wiki, wikiTriples, `offline extractor, extraction ${extractMs.toFixed(0)} ms not counted`],
  ];
  console.log(
    'corpus   | triples                  | phrases | buildPhraseGraph median ms | synonym search ms: previous | now   | x faster | same pairs',
  );
  for (const [corpus, triples, label] of sets) {
    const build: number[] = [];
    let graph = buildPhraseGraph(corpus, triples);
    for (let r = 0; r < runs; r++) {
      const [g, ms] = time(() => buildPhraseGraph(corpus, triples));
      build.push(ms);
      graph = g;
    }
    const eligible = graph.phrases.filter(synonymEligible);
    const t = GRAPH_DEFAULTS.lexicalSynonymThreshold;
    const [before, beforeMs] = time(() => previousSimilarPairs(eligible, t));
    const nowMs: number[] = [];
    let now = new TrigramIndex(eligible).similarPairs(t);
    for (let r = 0; r < runs; r++) {
      const [pairs, ms] = time(() => new TrigramIndex(eligible).similarPairs(t));
      nowMs.push(ms);
      now = pairs;
    }
    const canon = (ps: { a: number; b: number; score: number }[]) =>
      ps
        .map((p) => `${Math.min(p.a, p.b)},${Math.max(p.a, p.b)},${p.score}`)
        .sort()
        .join(';');
    const same =
      canon(before) === canon(now) ? `yes (${now.length})` : `NO: ${before.length} before, ${now.length} now`;
    console.log(
      `${corpus.name.padEnd(8)} | ${label.slice(0, 24).padEnd(24)} | ${String(graph.phrases.length).padStart(7)} | ${median(build).toFixed(0).padStart(26)} | ${beforeMs.toFixed(0).padStart(27)} | ${median(nowMs).toFixed(0).padStart(5)} | ${(beforeMs / median(nowMs)).toFixed(1).padStart(8)} | ${same}`,
    );
  }
}
