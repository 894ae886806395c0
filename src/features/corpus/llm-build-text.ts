// The words of the LLM builds after an import: what a build would cost, where it is, how it ended.
import type { LlmBuildCost, LlmBuildOutcome, LlmBuildProgress } from '../../engine/engine-api.ts';

const calls = (n: number) => `${n.toLocaleString('en')} LLM call${n === 1 ? '' : 's'}`;

/** "RAPTOR's summaries: about 12 LLM calls (one per cluster of the tree just built; higher levels may differ slightly)" */
export const costText = (c: LlmBuildCost): string =>
  `${c.what}: ${c.exact ? '' : 'about '}${calls(c.calls)} (${c.basis})`;

/** "RAPTOR's summaries: summarising level 1, 3 / 10" */
export const progressText = (p: LlmBuildProgress | null): string =>
  p === null ? 'starting…' : `${p.what}: ${p.stage}${p.total > 0 ? `, ${p.done} / ${p.total}` : ''}`;

/** One build's end, as the outcome list says it. */
export function outcomeText(o: LlmBuildOutcome, llm: string): string {
  switch (o.state) {
    case 'built': {
      const cached = o.cached > 0 ? `, ${o.cached} answered from this browser's cache` : '';
      return `${o.what}: ${o.detail} with ${llm} (${calls(o.calls)}${cached})`;
    }
    case 'not started':
      return `${o.what}: not started; its first run with this LLM builds it`;
    default:
      return `${o.what}: ${o.detail}`;
  }
}
