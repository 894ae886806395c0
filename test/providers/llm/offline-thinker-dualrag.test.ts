// The offline thinker's DualRAG replies (labelled heuristics): each dualrag.* module's reply is read by
// the real parser, and DualRAG with its ablations runs to an answer on the built-in demo with no model.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import * as identifier from '../../../src/prompts/dualrag-entity-identifier.ts';
import * as reasoner from '../../../src/prompts/dualrag-reasoner.ts';
import * as summarizer from '../../../src/prompts/dualrag-knowledge-summarizer.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { dualragReply, readDualragPrompt } from '../../../src/providers/llm/offline-thinker-dualrag.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../../../src/providers/llm/offline-thinker.ts';

const demo = new URL('../../../public/demo/', import.meta.url);
const dataset = loadDataset(
  'demo',
  ['demo.json', 'demo_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, demo), 'utf8') })),
);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const q = 'Where was the director of Film One born?';

describe('offline thinker: dualrag modules', () => {
  it('reads the outline, history and entity hints the prompts render', () => {
    const user = identifier.build(
      q,
      [{ entity: 'Film One', knowledge: ['Film One was directed by Ann Lee.'] }],
      ['Knowledge needed about: Ann Lee.'],
      ['Film One'],
    )[1]!.content;
    expect(readDualragPrompt(user)).toMatchObject({
      question: q,
      knowledge: [{ title: 'Film One', text: 'Film One was directed by Ann Lee.' }],
      history: ['Knowledge needed about: Ann Lee.'],
      hints: ['Film One'],
    });
  });
  it('asks for the question entity first, then a bridge the outline names, then answers', () => {
    const first = reasoner.parse(dualragReply('dualrag.reasoner', reasoner.build(q, [], [])[1]!.content));
    expect(first).toEqual({ reasoning: 'Knowledge needed about: Film One.', needRetrieval: true });
    const outline = [{ entity: 'Film One', knowledge: ['Film One is a film directed by Ann Lee.'] }];
    const second = reasoner.parse(
      dualragReply('dualrag.reasoner', reasoner.build(q, outline, [first.reasoning])[1]!.content),
    );
    expect(second.needRetrieval).toBe(true);
    expect(second.reasoning).toContain('Knowledge needed about: Ann Lee.');
    expect(
      identifier.parse(
        dualragReply(
          'dualrag.entity-identifier',
          identifier.build(q, outline, [first.reasoning, second.reasoning], ['Film One'])[1]!.content,
        ),
      ),
    ).toEqual([{ entity: 'Ann Lee', queries: ['Ann Lee', 'Ann Lee director born'] }]);
  });
  it('summarizes extractively and says "No relevant information." when nothing names the entity', () => {
    const docs = [
      { title: 'Ann Lee', text: 'Ann Lee was born in Paris. She directed films.' },
      { title: 'Other', text: 'Nothing about her.' },
    ];
    expect(
      summarizer.parse(
        dualragReply('dualrag.knowledge-summarizer', summarizer.build(q, [], 'Ann Lee', ['Ann Lee'], docs)[1]!.content),
        'Ann Lee',
      ),
    ).toEqual({
      entity: 'Ann Lee',
      knowledge: 'Ann Lee was born in Paris. She directed films.',
      relevant: true,
    });
    expect(
      summarizer.parse(
        dualragReply('dualrag.knowledge-summarizer', summarizer.build(q, [], 'Bo Chen', ['Bo Chen'], docs)[1]!.content),
        'Bo Chen',
      ).relevant,
    ).toBe(false);
  });
  it.each(['dualrag', 'dualrag-no-reasoner', 'dualrag-no-ei', 'dualrag-no-outline'] as const)(
    '%s runs on the demo with no model, labelled, zero tokens',
    async (strategy) => {
      const question = dataset.questions[0]!;
      const trace = await runStrategy(
        strategy,
        question,
        {
          retriever: createBm25Retriever(dataset.corpus.passages),
          llm: createOfflineThinker(),
          prompts: STRATEGY_PROMPTS,
          passages,
        },
        { corpus: dataset.corpus, retrieverName: 'bm25' },
      );
      expect(trace.status).toBe('done');
      expect(trace.llm).toBe(OFFLINE_THINKER_LABEL);
      expect(traceAnswer(trace)).toBeTruthy();
      expect(
        trace.events.some((e) => e.type === 'retrieve' && e.label.startsWith('rerank: lexical reranker (heuristic')),
      ).toBe(true);
      expect(trace.events.every((e) => e.type !== 'llm' || e.usage.total === 0)).toBe(true);
      if (strategy !== 'dualrag-no-outline')
        expect(trace.events.filter((e) => e.type === 'memory').at(-1)).toMatchObject({ kind: 'outline' });
    },
  );
});
