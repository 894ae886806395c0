// The offline thinker's replies to GEAR's prompts (module gear.*), so GEAR runs end to end with no
// model. Heuristics, labelled wherever the offline thinker's output shows (its provider label):
//   gear.reader          the offline extractor (wink-nlp, no LLM) reads each listed document into
//                        triples; it keeps those that share the most question content words or touch a
//                        gist-memory entity, at most 2 per document and 8 in all, new ones only
//   gear.reasoning       a labelled answerability heuristic: "Yes" when every question entity is in the
//                        facts and two facts chain through an entity outside the question (the answer is
//                        the chain's far end); otherwise "No", naming what is missing
//   gear.query-rewrite   "What is the <relation words> of <missing question entity | newest bridge>?"
//   gear.qa              the offline thinker's answer-kind span over the real passages (not the example)
import { extractPassageTriplesOffline } from '../../core/triples/offline-extractor.ts';
import type { LlmRequest } from '../../core/llm/port.ts';
import { formatTriples } from '../../prompts/gear-reader.ts';
import {
  bestAnswer,
  contentWords,
  coverage,
  questionParts,
  stem,
  userText,
  type DocumentText,
} from './offline-thinker-text.ts';

type Fact = [string, string, string];

/** Knobs of the offline reader (tuned on the first half of MuSiQue: README, "GEAR"). */
export interface OfflineGearOptions {
  /** Most facts per read, best first over all documents. */
  maxFacts: number;
  /** Most facts from one document. */
  perDoc: number;
  /** Keep facts scoring at least best - slack (question-word overlap + gist-memory link). */
  slack: number;
  /** Read only the first `docs` listed documents (the base ranking's top). */
  docs: number;
}

const OFFLINE_GEAR_DEFAULTS: Readonly<OfflineGearOptions> = Object.freeze({
  maxFacts: 4,
  perDoc: 2,
  slack: 1,
  docs: 3,
});

const lastLine = (text: string, label: string) =>
  [...text.matchAll(new RegExp(`^${label}: ?(.*)$`, 'gm'))].at(-1)?.[1]?.trim() ?? '';

function facts(line: string): Fact[] {
  return [...line.matchAll(/\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*\)/g)].map(
    (m) => [m[1]!, m[2]!, m[3]!].map((x) => x.replace(/\\(.)/g, '$1')) as Fact,
  );
}

function docsOf(text: string): DocumentText[] {
  return [
    ...text.matchAll(
      /(?:^|\n)Wikipedia Title: ([^\n]*)\n([\s\S]*?)(?=\nWikipedia Title: |\n\n|\nBased on these documents|\nQuestion: |$)/g,
    ),
  ].map((m) => ({ title: m[1]!.trim(), text: m[2]!.trim() }));
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function read(text: string, o: OfflineGearOptions): string {
  const question = lastLine(text, 'Question');
  const memory = facts(lastLine(text, 'Facts'));
  const docs = docsOf(text.slice(text.indexOf('Now you are given some documents:')));
  const qStems = new Set(contentWords(question).map(stem));
  const memEntities = memory.flatMap((f) => [f[0], f[2]]);
  const known = new Set(memory.map((f) => f.join('\u0000').toLowerCase()));
  const all: { fact: Fact; score: number; order: number }[] = [];
  docs.slice(0, o.docs).forEach((d, i) => {
    const { triples } = extractPassageTriplesOffline({ id: `doc-${i}`, title: d.title, text: d.text });
    triples
      .map((t, k) => {
        const overlap = contentWords(`${t.subject} ${t.predicate} ${t.object}`).filter((w) =>
          qStems.has(stem(w)),
        ).length;
        const bridge = memEntities.some((e) => same(e, t.subject) || same(e, t.object)) ? 1 : 0;
        return {
          t,
          score: overlap + bridge + (t.predicate === 'co-occurs with' || t.predicate === 'mentions' ? -0.5 : 0),
          k,
        };
      })
      .filter((s) => s.score > 0 && !known.has([s.t.subject, s.t.predicate, s.t.object].join('\u0000').toLowerCase()))
      .sort((a, b) => b.score - a.score || a.k - b.k)
      .slice(0, o.perDoc)
      .forEach((s) => all.push({ fact: [s.t.subject, s.t.predicate, s.t.object], score: s.score, order: all.length }));
  });
  const best = Math.max(0, ...all.map((a) => a.score));
  const out: Fact[] = all
    .filter((a) => a.score >= best - o.slack)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, o.maxFacts)
    .map((a) => a.fact);
  if (out.length === 0 && docs[0]) {
    // nothing matched the question: the top document's first triple, or what it is about
    const first = extractPassageTriplesOffline({ id: 'doc-0', title: docs[0].title, text: docs[0].text }).triples[0];
    out.push(
      first
        ? [first.subject, first.predicate, first.object]
        : [docs[0].title, 'is described as', docs[0].text.split(/[.;]/)[0]!.slice(0, 80)],
    );
  }
  return out.length > 0 ? formatTriples(out) : '("question", "has", "no documents")';
}

/** The first question entity no fact mentions, else undefined. */
function missingEntity(entities: readonly string[], fs: readonly Fact[]): string | undefined {
  return entities.find((e) => !fs.some((f) => coverage(e, `${f[0]} ${f[2]}`) >= 0.6));
}

/** Two facts chained through an entity outside the question: [bridge, far end]. */
function chain(entities: readonly string[], fs: readonly Fact[]): [string, string] | undefined {
  const inQuestion = (x: string) => entities.some((e) => coverage(e, x) >= 0.6 || coverage(x, e) >= 0.8);
  for (const a of fs) {
    const [start, , end] = a;
    const pairs: [string, string][] = inQuestion(start) ? [[start, end]] : inQuestion(end) ? [[end, start]] : [];
    for (const [, bridge] of pairs) {
      if (inQuestion(bridge)) continue;
      for (const b of fs) {
        if (b === a) continue;
        if (same(b[0], bridge) && !same(b[2], bridge)) return [bridge, b[2]];
        if (same(b[2], bridge) && !same(b[0], bridge)) return [bridge, b[0]];
      }
    }
  }
  return undefined;
}

function reason(text: string): string {
  const question = lastLine(text, 'Question');
  const fs = facts(lastLine(text, 'Facts'));
  const q = questionParts(question);
  const missing = missingEntity(q.entities, fs);
  const link = chain(q.entities, fs);
  if (!missing && link) return `Answerable: Yes\nAnswer: ${link[1]}`;
  const what = missing ?? fs.at(-1)?.[2] ?? q.entities[0] ?? 'the question entity';
  return `Answerable: No\nWhy: The facts do not state the ${q.relations.slice(0, 4).join(' ') || 'information'} of ${what}.`;
}

function rewrite(text: string): string {
  const question = lastLine(text, 'Question');
  const fs = facts(lastLine(text, 'Facts'));
  const q = questionParts(question);
  const inQuestion = (x: string) => q.entities.some((e) => coverage(e, x) >= 0.6);
  const target =
    missingEntity(q.entities, fs) ??
    [...fs]
      .reverse()
      .map((f) => f[2])
      .find((o) => !inQuestion(o)) ??
    q.entities[0] ??
    question;
  return `What is the ${q.relations.slice(0, 4).join(' ') || 'information'} of ${target}?`;
}

/** The offline reply for a gear.* module, or undefined for another module. */
export function gearReply(request: LlmRequest, options: Partial<OfflineGearOptions> = {}): string | undefined {
  const text = userText(request) ?? '';
  switch (request.module) {
    case 'gear.reader':
      return read(text, { ...OFFLINE_GEAR_DEFAULTS, ...options });
    case 'gear.reasoning':
      return reason(text);
    case 'gear.query-rewrite':
      return `Next Question: ${rewrite(text)}`;
    case 'gear.qa': {
      const marker = 'of maximum length of 6 words.';
      const real = text.slice(text.lastIndexOf(marker) + marker.length);
      return bestAnswer(lastLine(text, 'Question'), docsOf(real));
    }
    default:
      return undefined;
  }
}
