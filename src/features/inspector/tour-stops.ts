// The guided walk through a finished BDTR run: six stops, each a step position in the
// trace and the panel it explains. Pure, so the stops are tested in Node on a recorded trace.
import { foldTrace } from '../../core/trace/fold.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';

/** Each stop: its title and text, the CSS selector of the panel it explains, the step to show (null: the whole run). */
export function tourStops(events: readonly TraceEvent[]) {
  // Every stop is a place the fold already knows: a stage (a ranking) or a chapter (the cut).
  const model = foldTrace(events);
  const stageStep = (kind: string, round: number) =>
    model.stages.find((s) => s.kind === kind && s.round === round)?.step ?? null;
  const lastRoundStage = model.stages.findLast((s) => s.kind === 'initial' || s.kind === 'round');
  const cutAt = model.chapters.find((c) => c.kind === 'cutoff')?.step ?? null;
  return [
    {
      title: 'The question',
      text: 'A multi-hop question: the answer needs facts from two or more passages. The gold answer and gold passages come from the dataset and are used only to score the finished run.',
      target: '.run-question',
      step: 1,
    },
    {
      title: 'Round 0: the question alone',
      text: 'The question itself goes to the retriever. What comes back is the first pool of passages; gold ones are starred. A bridge passage (the one that links the question to its answer) is usually missing here.',
      target: '[data-testid="timeline-round"][data-round="0"]',
      step: stageStep('initial', 0),
    },
    {
      title: 'Fast and slow thoughts',
      text: 'Each BDTR round thinks twice: the fast thought asks directly for what is missing, the slow thought names an entity that could bridge the question to its answer. Each thought becomes a query, and their results merge into the pool.',
      target: '[data-testid="timeline-round"][data-round="1"]',
      step: stageStep('round', 1),
    },
    {
      title: 'The rank chart',
      text: 'One line per passage, one column per moment of the run: the initial pool, each round, the verifier, the final cut. Follow the gold and bridge lines as the rounds move them up.',
      target: '[data-testid="rank-chart"]',
      step: lastRoundStage?.step ?? null,
    },
    {
      title: 'The verifier and the cut',
      text: 'The verifier reads the reasoning chain and the top candidates and promotes the passages that support it (from rank → to rank). The μ+σ cut then keeps only the passages scoring at least the mean plus one standard deviation.',
      target: '[aria-labelledby="promotions-heading"]',
      step: cutAt,
    },
    {
      title: 'The answer',
      text: 'The reader answers from the final context. EM (exact match), F1 (word overlap) and Acc (gold answer contained) score the answer; Recall@k is the share of gold passages in the top k.',
      target: '[aria-labelledby="final-heading"]',
      step: null,
    },
  ];
}
