// GEAR's passageLink (Eq. 8) runs after the agent's loop: it is not a controller step, so the rounds
// count and stopping calibration leave it out. With a cap of 2, no run counts more than 2 rounds, and a
// run the cap ended is never "late" for the passageLink round that follows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { foldTrace, PASSAGE_LINK } from '../../../src/core/trace/fold.ts';
import { diagnoseTrace } from '../../../src/core/eval/diagnostics/index.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../../../src/providers/llm/offline-thinker.ts';
import type { Trace } from '../../../src/core/trace/schema.ts';

const demo = new URL('../../../public/demo/', import.meta.url);
const dataset = loadDataset(
  'demo',
  ['demo.json', 'demo_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, demo), 'utf8') })),
);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const bm25 = createBm25Retriever(dataset.corpus.passages);
const triples = extractTriplesOffline(dataset.corpus.passages);

describe('GEAR rounds: controller steps only', async () => {
  const naivege = await backboneRetriever('naivege', dataset.corpus, { base: bm25, triples });
  const llm = createOfflineThinker();
  const traces: Trace[] = [];
  for (const q of dataset.questions)
    traces.push(
      await runStrategy(
        'gear',
        q,
        { retriever: naivege, llm, prompts: STRATEGY_PROMPTS, passages, options: { rounds: 2, answer: false } },
        { corpus: dataset.corpus, retrieverName: 'naivege' },
      ),
    );

  it('with a cap of 2 no run counts more than 2 rounds, though its passageLink round is numbered after them', () => {
    for (const t of traces) {
      expect(t.status).toBe('done');
      const m = foldTrace(t.events);
      const link = t.events.find((e) => e.type === 'retrieve' && e.label === PASSAGE_LINK);
      expect(link).toBeDefined();
      expect(m.roundsUsed).toBeLessThanOrEqual(2);
      expect(m.roundsUsed).toBe(link!.round - 1); // every step before the link round counts
    }
    // some run used both steps, so the cap was reached and the link round was round 3
    expect(traces.some((t) => foldTrace(t.events).roundsUsed === 2)).toBe(true);
  });

  it('a run the cap ended is never flagged late for the passageLink round', () => {
    let capped = 0;
    for (const t of traces) {
      const s = diagnoseTrace(t, { passages }).stoppingCalibration;
      if (!s.applicable) continue;
      const decided = t.events.some((e) => e.type === 'thought' && e.kind === 'stop');
      if (!decided) {
        capped++;
        expect(s.outcome === 'capped' || (s.outcome === 'late' && (s.evidence[0]?.step ?? 0) <= 2)).toBe(true);
      }
      expect(s.stopStep ?? 0).toBeLessThanOrEqual(2);
    }
    expect(capped).toBeGreaterThan(0);
  });
});
