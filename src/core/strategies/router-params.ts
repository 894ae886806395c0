// Fitted by scripts/fit-router.ts (offline thinker over hipporag2; see there and docs/strategies.md):
// grid search on 300 questions (first halves of musique 100, 2wikimultihopqa 100, hotpotqa 100): mean R@5 0.7433 at 3.25 LLM calls/question (budget 3.50 = 70% of the BDTR calls)
import type { RouterParams } from './router.ts';

export const ROUTER_PARAMS: RouterParams = {
  comparison: 'ircot',
  flat: 'bdtr',
  peaked: 'irgs',
  flatAt: 0.93,
  fittedOn: 'grid search on 300 questions (first halves of musique 100, 2wikimultihopqa 100, hotpotqa 100): mean R@5 0.7433 at 3.25 LLM calls/question (budget 3.50 = 70% of the BDTR calls)'
};
