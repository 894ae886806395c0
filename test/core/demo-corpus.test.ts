// The built-in demo (public/demo/): shape of both files, referential integrity, and the property that
// makes it a multi-hop demo at all: some bridge passages share no term with their question, so one
// lexical retrieval cannot reach them, while the first hop is always findable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/core/text/tokenize.ts';
import { createBm25Retriever, bm25DocumentText } from '../../src/core/retrievers/bm25.ts';
import { loadDataset } from '../../src/core/ingest/index.ts';

interface DemoPassage {
  title: string;
  text: string;
}
interface DemoQuestion {
  _id: string;
  question: string;
  answer: string;
  type: string;
  supporting_titles: string[];
}

const demoDir = new URL('../../public/demo/', import.meta.url);
const readText = (name: string): string => readFileSync(new URL(name, demoDir), 'utf8');
const readJson = (name: string): unknown => JSON.parse(readText(name));

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

function asPassages(raw: unknown): DemoPassage[] {
  if (!Array.isArray(raw)) throw new Error('demo_corpus.json: top level is not an array');
  return raw.map((p: unknown, i) => {
    const o = p as Record<string, unknown>;
    if (typeof p !== 'object' || p === null || !isNonEmptyString(o.title) || !isNonEmptyString(o.text)) {
      throw new Error(`demo_corpus.json[${i}]: expected {title, text} non-empty strings, got ${JSON.stringify(p)}`);
    }
    return { title: o.title, text: o.text };
  });
}

function asQuestions(raw: unknown): DemoQuestion[] {
  if (!Array.isArray(raw)) throw new Error('demo.json: top level is not an array');
  return raw.map((q: unknown, i) => {
    const o = q as Record<string, unknown>;
    const ok =
      typeof q === 'object' &&
      q !== null &&
      isNonEmptyString(o._id) &&
      isNonEmptyString(o.question) &&
      isNonEmptyString(o.answer) &&
      isNonEmptyString(o.type) &&
      Array.isArray(o.supporting_titles) &&
      o.supporting_titles.length >= 2 &&
      o.supporting_titles.every(isNonEmptyString);
    if (!ok)
      throw new Error(
        `demo.json[${i}]: expected {_id, question, answer, type, supporting_titles[>=2]}, got ${JSON.stringify(q)}`,
      );
    return o as unknown as DemoQuestion;
  });
}

const passages = asPassages(readJson('demo_corpus.json'));
const questions = asQuestions(readJson('demo.json'));
const byTitle = new Map(passages.map((p) => [p.title, p]));
const termsOf = (p: DemoPassage) => new Set(tokenize(bm25DocumentText({ id: p.title, ...p })));

describe('demo corpus (public/demo/demo_corpus.json)', () => {
  it('has 40-80 passages with unique titles', () => {
    expect(passages.length).toBeGreaterThanOrEqual(40);
    expect(passages.length).toBeLessThanOrEqual(80);
    expect(byTitle.size).toBe(passages.length);
  });

  it('passages are 2-5 sentences long', () => {
    const lengths = passages.map((p) => [p.title, p.text.split(/(?<=[.!?])\s+(?=[A-Z])/).length] as const);
    expect(lengths.filter(([, n]) => n < 2 || n > 5)).toEqual([]);
  });

  it('contains distractors that share a name with another passage', () => {
    // e.g. Port Aldwen / Aldwen Minor / Saint Aldwen; Ione / Edwin Marlow; Tobias / Juniper Venn.
    for (const name of ['Aldwen', 'Marlow', 'Venn', 'Thorne', 'Greyhook', 'Merrow Queen', 'Corrin']) {
      expect(passages.filter((p) => p.title.includes(name)).length, name).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('demo questions (public/demo/demo.json)', () => {
  it('has at least 10 questions with unique ids, of the 2Wiki types, bridge the most common', () => {
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(new Set(questions.map((q) => q._id)).size).toBe(questions.length);
    const count = (t: string) => questions.filter((q) => q.type === t).length;
    expect(questions.filter((q) => !['bridge', 'comparison', 'compositional'].includes(q.type))).toEqual([]);
    expect(count('bridge')).toBeGreaterThan(questions.length / 2);
    expect(count('comparison')).toBeGreaterThanOrEqual(1);
    // At least one 3-hop compositional question (three supporting passages).
    expect(questions.some((q) => q.type === 'compositional' && q.supporting_titles.length >= 3)).toBe(true);
  });

  it('every supporting title is a passage of the corpus', () => {
    const missing = questions.flatMap((q) =>
      q.supporting_titles.filter((t) => !byTitle.has(t)).map((t) => `${q._id}: ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('answers are short and stated in a supporting passage', () => {
    for (const q of questions) {
      expect(q.answer.split(/\s+/).length, q._id).toBeLessThanOrEqual(5);
      const support = q.supporting_titles.map((t) => `${t}\n${byTitle.get(t)?.text ?? ''}`.toLowerCase());
      expect(
        support.some((s) => s.includes(q.answer.toLowerCase())),
        `${q._id}: "${q.answer}" not in its supporting passages`,
      ).toBe(true);
    }
  });

  it('several bridge questions have a supporting passage sharing no term with the question', () => {
    // The fog-lantern -> Ione Marlow -> "raised in Dunmere" shape: the passage holding the answer is
    // reachable only through the first hop, never by matching the question's own words.
    const disjoint = questions.filter((q) => {
      const asked = tokenize(q.question);
      return (
        q.type === 'bridge' && q.supporting_titles.some((t) => asked.every((w) => !termsOf(byTitle.get(t)!).has(w)))
      );
    });
    expect(disjoint.map((q) => q._id)).toEqual(expect.arrayContaining(['demo-01', 'demo-02', 'demo-03']));
    expect(disjoint.length).toBeGreaterThanOrEqual(5);
  });

  it('one BM25 retrieval finds a first-hop passage of every question in its top 5', async () => {
    // So the demo always shows a gold passage in the UI; the missing hops are the strategies' job.
    const bm25 = createBm25Retriever(passages.map((p) => ({ id: p.title, ...p })));
    const misses: string[] = [];
    for (const q of questions) {
      const top = (await bm25.retrieve(q.question, 5)).map((r) => r.id);
      if (!q.supporting_titles.some((t) => top.includes(t))) misses.push(`${q._id}: ${top.join(' | ')}`);
    }
    expect(misses).toEqual([]);
  });
});

describe('demo through the importer (src/core/ingest loadDataset)', () => {
  it('imports as HippoRAG corpus + 2Wiki questions with every supporting title mapped to its passage', () => {
    const dataset = loadDataset('demo', [
      { name: 'demo_corpus.json', text: readText('demo_corpus.json') },
      { name: 'demo.json', text: readText('demo.json') },
    ]);
    expect(dataset.corpus.passages.map((p) => p.title)).toEqual(passages.map((p) => p.title));
    const titleOf = new Map(dataset.corpus.passages.map((p) => [p.id, p.title]));
    expect(
      dataset.questions.map((q) => ({
        id: q.id,
        answers: q.answers,
        type: q.type,
        gold: q.gold.map((id) => titleOf.get(id)),
      })),
    ).toEqual(questions.map((q) => ({ id: q._id, answers: [q.answer], type: q.type, gold: q.supporting_titles })));
  });
});
