// Fitted by scripts/fit-router.ts (offline thinker over hipporag2; see there and docs/strategies.md), on runs of
// offline-thinker/4. A refit on offline-thinker/6's first halves (same candidates, budget and CV) chose no split at
// all (every question to GCoT-style: R@5 .756 at 3.00 calls on the first halves), so this tree is kept; its second
// halves under the current thinker are in docs/results.md.
// decision tree (depth <= 2, leaves >= 55 questions, R@5 - 0.01 x LLM calls, depth and lambda by 2-fold CV) on 910 questions (first halves of musique 178, 2wikimultihopqa 361, hotpotqa 371): mean R@5 0.7516 at 2.70 LLM calls/question (budget 3.50 = 70% of the BDTR calls); candidates static, ircot, irgs, gcot, bdtr
import type { RouterParams } from './router.ts';

export const ROUTER_PARAMS: RouterParams = {
  tree: {
    feature: 'words',
    at: 17.5,
    below: {
      feature: 'ratio2',
      at: 0.164,
      below: {
        leaf: 'bdtr',
      },
      above: {
        leaf: 'gcot',
      },
    },
    above: {
      leaf: 'static',
    },
  },
  fittedOn:
    'decision tree (depth <= 2, leaves >= 55 questions, R@5 - 0.01 x LLM calls, depth and lambda by 2-fold CV) on 910 questions (first halves of musique 178, 2wikimultihopqa 361, hotpotqa 371): mean R@5 0.7516 at 2.70 LLM calls/question (budget 3.50 = 70% of the BDTR calls); candidates static, ircot, irgs, gcot, bdtr',
};
