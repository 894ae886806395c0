// Every step kind with a panel of its own is a clicker stop: PageDown alone, from step 1, visits GEAR's beam
// steps, DualRAG's knowledge outline, BDTR's reasoning chain and the planner's plans, each bringing its own
// panel (step-focus.ts), with captions in the order the run did things. Real runs of the demo question
// with the offline thinker (no LLM).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { backboneRetriever } from '../support/backbone.ts';
import { runStrategy } from '../../src/core/strategies/index.ts';
import { readDualrag } from '../../src/core/strategies/dualrag-read.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';
import { extractTriplesOffline } from '../../src/core/triples/offline-extractor.ts';
import { STRATEGY_PROMPTS } from '../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../../src/providers/llm/offline-thinker.ts';
import { caption } from '../../src/app/trace/captions.ts';
import { stepKeyTarget } from '../../src/features/inspector/step-keys.ts';
import { stepFocus } from '../../src/features/inspector/step-focus.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const dataset = loadDataset(
  'demo',
  ['demo.json', 'demo_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, demo), 'utf8') })),
);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const bm25 = createBm25Retriever(dataset.corpus.passages);
const question = dataset.questions[0]!;
const ctx = {
  titleOf: (id: string) => passages.get(id)?.title ?? id,
  gold: new Set(question.gold),
  bridge: new Set<string>(),
};

async function events(strategy: string, backbone = 'bm25'): Promise<TraceEvent[]> {
  const retriever =
    backbone === 'bm25'
      ? bm25
      : await backboneRetriever('naivege', dataset.corpus, {
          base: bm25,
          triples: extractTriplesOffline(dataset.corpus.passages),
        });
  const trace = await runStrategy(
    strategy as never,
    question,
    { retriever, llm: createOfflineThinker(), prompts: STRATEGY_PROMPTS, passages },
    { corpus: dataset.corpus, retrieverName: backbone },
  );
  expect(trace.status).toBe('done');
  return trace.events;
}

/** The steps PageDown stops at from step 1 to the end, with each stop's panel and caption. */
function clicker(ev: readonly TraceEvent[]) {
  const stops = [{ at: 1, panel: stepFocus(ev, 1)?.panel, caption: caption(ev, 0, ctx) }];
  for (let at = 1; at < ev.length;) {
    at = stepKeyTarget('PageDown', at, ev) as number;
    stops.push({ at, panel: stepFocus(ev, at)?.panel, caption: caption(ev, at - 1, ctx) });
  }
  return stops;
}

describe('the clicker stops at every step kind with a panel', () => {
  it("GEAR: every beam step, on GEAR's panel, in the order of the beam search", async () => {
    const ev = await events('gear', 'naivege');
    const stops = clicker(ev);
    const beams = stops.filter((s) => s.panel === 'beam');
    expect(beams.length).toBe(ev.filter((e) => e.type === 'beam').length);
    expect(beams.length).toBeGreaterThanOrEqual(2);
    expect(beams.map((s) => s.caption.replace(/ keeps.*/, ''))).toEqual(
      ev.flatMap((e) => (e.type === 'beam' ? [`beam step ${e.step}`] : [])),
    );
    expect(stops.at(-1)?.caption).toMatch(/^the answer: /);
  });

  it("DualRAG: every knowledge outline on the outline panel; the Reasoner's decision is not shown before it is made", async () => {
    const ev = await events('dualrag');
    const stops = clicker(ev);
    const outlines = stops.filter((s) => s.panel === 'outline');
    expect(outlines.length).toBe(ev.filter((e) => e.type === 'memory' && e.kind === 'outline').length);
    expect(outlines[0]?.caption).toBe('knowledge outline now holds 1 entry');
    // Step 3 (the Reasoner's thought, its flag not recorded yet): the step is undecided, not "answer".
    const flag = ev.findIndex((e) => e.type === 'thought' && e.kind === 'retrieval-flag');
    const before = readDualrag(ev.slice(0, flag))!;
    expect(before.steps[0]).toMatchObject({ decided: false, retrieved: false });
    const after = readDualrag(ev.slice(0, flag + 1))!;
    expect(after.steps[0]).toMatchObject({ decided: true, retrieved: true });
    expect(caption(ev, flag, ctx)).toBe('the reasoner decides to retrieve before it goes on');
  });

  it('BDTR: the reasoning chain is a stop on its own panel, between the last round and the verifier', async () => {
    const ev = await events('bdtr');
    const stops = clicker(ev);
    const kinds = stops.map((s) => s.panel);
    expect(kinds).toContain('chain');
    const chain = stops.find((s) => s.panel === 'chain')!;
    expect(chain.caption).toMatch(/^the reasoning chain: /);
    const verifier = stops.findIndex((s) => s.caption.startsWith('the verifier selects'));
    expect(stops.indexOf(chain)).toBe(verifier - 1);
    const expected: [string, string][] = [
      ['round', 'Round 0: '],
      ['round', 'Round 1 begins'],
      ['round', 'Round 2 begins'],
      ['chain', 'the reasoning chain: '],
      ['verifier', 'the verifier selects '],
      ['verifier', 'the verifier moved '],
      ['cut', 'the cut keeps '],
      ['answer', 'the answer: '],
    ];
    expect(stops.map((s) => s.panel)).toEqual(expected.map(([panel]) => panel));
    stops.forEach((s, i) => expect(s.caption.startsWith(expected[i]![1])).toBe(true));
  });

  it("the planner: every plan is a stop on the planner's panel", async () => {
    const ev = await events('planner');
    const plans = clicker(ev).filter((s) => s.panel === 'plan');
    expect(plans.length).toBe(ev.filter((e) => e.type === 'plan').length);
    expect(plans.every((s) => s.caption.startsWith('the planner'))).toBe(true);
  });
});
