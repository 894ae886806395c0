// Issue 17 item 5: the offline thinker's BDTR thoughts read as sentences on every demo question. It stays
// a labelled heuristic; these checks are about its text: grammatical templates that name the entity
// they seek, no entity as its own bridge, chains whose entity nodes are names (no verbs, no numbers).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { askedNoun, createOfflineThinker } from '../../../src/providers/llm/offline-thinker.ts';
import { chainNodes } from '../../../src/core/trace/fold.ts';

const demoDir = new URL('../../../public/demo/', import.meta.url);
const dataset = loadDataset(
  'demo',
  ['demo_corpus.json', 'demo.json'].map((name) => ({ name, text: readFileSync(new URL(name, demoDir), 'utf8') })),
);
const bm25 = createBm25Retriever(dataset.corpus.passages);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const titles = new Set(dataset.corpus.passages.map((p) => p.title));
const meta = { corpus: dataset.corpus, retrieverName: 'bm25' };
const VERBS =
  /^(comes?|came|devised|built|founded|grew|grow|spend|spent|won|was|is|did|does|launched|study|studied|play|played|hold|held|lit|born|feuds?)$/i;

describe('offline thinker: BDTR thoughts as sentences on every demo question', () => {
  it('reads the asked noun off the question', () => {
    expect(askedNoun('In which village did the woman who devised the fog-lantern spend her childhood?')).toBe(
      'village',
    );
    expect(askedNoun('Where did the builder of the clockwork foghorn on Oster Rock grow up?')).toBe('place');
    expect(askedNoun('Who founded the singing group that feuds with the Dunmere Bell Choir?')).toBe('person');
    expect(askedNoun('What instrument did the founder of the Saltmarrow Tide Festival play?')).toBe('instrument');
  });

  for (const q of dataset.questions) {
    it(`${q.id}: ${q.question}`, async () => {
      const trace = await runStrategy(
        'bdtr',
        q,
        { retriever: bm25, llm: createOfflineThinker(), prompts: STRATEGY_PROMPTS, passages },
        meta,
      );
      expect(trace.status).toBe('done');
      expect(trace.llm).toBe('offline thinker (no LLM)'); // still a labelled heuristic
      const thoughts = trace.events.flatMap((e) => (e.type === 'thought' ? [e] : []));
      for (const t of thoughts.filter((x) => x.kind === 'fast' || x.kind === 'slow')) {
        // A question sentence: capital first letter, one question mark at the end, no doubled words.
        expect(t.text).toMatch(/^\p{Lu}[^?]*\?$/u);
        expect(t.text).not.toMatch(/\b(\w+) \1\b/i);
        if (t.kind === 'fast') {
          // Names the entity it seeks (a capitalised name after "linked to").
          expect(t.text).toMatch(/^Which [a-z-]+ (is|are) linked to \p{Lu}/u);
        } else {
          const m =
            /^(.+) appears in the passages about (.+?); which [a-z-]+ (?:is|are) linked to (.+?)( \(.*\))?, the bridge between (.+) and (.+)\?$/.exec(
              t.text,
            );
          if (m) {
            const [, bridge, anchor, again, , from, to] = m;
            expect(again).toBe(bridge);
            expect(from).toBe(anchor);
            // Never an entity as its own bridge.
            expect(bridge).not.toBe(anchor);
            expect(bridge).not.toBe(to);
          } else expect(t.text).toMatch(/^Which entity connects .+ to the [a-z-]+ the question asks for/);
        }
      }
      const chain = thoughts.find((t) => t.kind === 'reasoning-chain')?.text ?? '';
      const nodes = chainNodes(chain);
      expect(nodes.length).toBeGreaterThanOrEqual(3);
      expect(nodes.at(-1)).toBe('?');
      // entity -> relation -> entity ... -> asked noun -> ?
      const entities = nodes.slice(0, -2).filter((_, i) => i % 2 === 0);
      const relations = nodes.slice(0, -2).filter((_, i) => i % 2 === 1);
      expect(relations.every((r) => r === 'linked to')).toBe(true);
      expect(nodes.at(-2)).toBe(askedNoun(q.question));
      for (const e of entities) {
        expect(e).toMatch(/\p{Lu}/u);
        expect(e).not.toMatch(/^\d+$/);
        expect(e).not.toMatch(VERBS);
      }
      expect(new Set(entities).size).toBe(entities.length);
      // Most entity nodes are passage titles (names the corpus has a passage for).
      expect(entities.filter((e) => titles.has(e)).length).toBeGreaterThanOrEqual(1);
    });
  }

  it('prints what it wrote for demo-01 (for the reader of the test log)', async () => {
    const q = dataset.questions[0]!;
    const trace = await runStrategy(
      'bdtr',
      q,
      { retriever: bm25, llm: createOfflineThinker(), prompts: STRATEGY_PROMPTS, passages },
      meta,
    );
    const lines = trace.events.flatMap((e) => (e.type === 'thought' ? [`${e.kind}: ${e.text}`] : []));
    expect(lines.some((l) => l.startsWith('fast: Which village is linked to'))).toBe(true);
  });
});
