// The offline thinker on the planner's prompts (labelled heuristics): on real MuSiQue questions it
// writes replies the parsers read, continues with a sub-query that carries its anchor when a question
// entity or bridge is unresolved, finalizes by the step cap, and cites passages the composer was shown.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../../../src/providers/llm/offline-thinker.ts';
import { offlinePlannerReply } from '../../../src/providers/llm/offline-thinker-planner.ts';
import * as planner from '../../../src/prompts/planner-step.ts';

const data = new URL('../../../../shared/data/musique/', import.meta.url);
const dataset = loadDataset(
  'musique',
  ['musique.json', 'musique_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, data), 'utf8') })),
);
const bm25 = createBm25Retriever(dataset.corpus.passages);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));

describe('offline thinker: planner', () => {
  it('continues towards an unresolved entity and names it as the anchor', () => {
    const messages = planner.build(
      'Where was the director of Film One born?',
      [{ title: 'Film One', text: 'Film One is a 1990 film directed by Ann Lee.' }],
      [],
      1,
      5,
    );
    const reply = planner.parse(offlinePlannerReply({ module: 'planner.step', messages }));
    expect(reply).toMatchObject({ action: 'continue', anchors: ['Ann Lee'] });
    expect(reply.subquery).toContain('Ann Lee');
    const last = planner.parse(
      offlinePlannerReply({
        module: 'planner.step',
        messages: planner.build('Where was the director of Film One born?', [], [], 5, 5),
      }),
    );
    expect(last.action).toBe('finalize');
  });

  it('runs the planner on real questions: plan events, carried anchors, citations among the shown passages', async () => {
    const llm = createOfflineThinker();
    let continued = 0;
    for (const q of dataset.questions.slice(0, 10)) {
      const trace = await runStrategy(
        'planner',
        q,
        { retriever: bm25, llm, prompts: STRATEGY_PROMPTS, passages },
        { corpus: dataset.corpus, retrieverName: 'bm25' },
      );
      expect(trace.status).toBe('done');
      expect(trace.llm).toBe(OFFLINE_THINKER_LABEL);
      const plans = trace.events.filter((e) => e.type === 'plan');
      expect(plans.at(-1)).toMatchObject({ action: 'finalize' });
      for (const p of plans)
        if (p.type === 'plan' && p.action === 'continue') {
          continued++;
          for (const a of p.anchors) expect(p.subquery!.toLowerCase()).toContain(a.toLowerCase());
        }
      const shown = trace.events.findLast((e) => e.type === 'context');
      const answer = trace.events.findLast((e) => e.type === 'answer');
      expect(shown?.type === 'context' && shown.module).toBe('planner.compose');
      if (answer?.type === 'answer' && shown?.type === 'context')
        for (const c of answer.citations ?? []) expect(shown.ids).toContain(c);
    }
    expect(continued).toBeGreaterThan(0);
  });
});
