// Fitted by scripts/fit-router.ts (offline thinker over hipporag2; see there and docs/strategies.md):
// decision tree (depth <= 3, leaves >= 30 questions, R@5 - 0.01 x LLM calls, depth and lambda by 2-fold CV) on 378 questions (first halves of musique 178, 2wikimultihopqa 100, hotpotqa 100): mean R@5 0.7052 at 2.88 LLM calls/question (budget 3.50 = 70% of the BDTR calls); candidates static, ircot, irgs, gcot, bdtr
import type { RouterParams } from './router.ts';

export const ROUTER_PARAMS: RouterParams = {
  tree: {
    feature: 'words',
    at: 19.5,
    below: {
      feature: 'ratio2',
      at: 0.187,
      below: {
        leaf: 'bdtr'
      },
      above: {
        feature: 'entities',
        at: 2.5,
        below: {
          leaf: 'gcot'
        },
        above: {
          leaf: 'irgs'
        }
      }
    },
    above: {
      leaf: 'static'
    }
  },
  fittedOn: 'decision tree (depth <= 3, leaves >= 30 questions, R@5 - 0.01 x LLM calls, depth and lambda by 2-fold CV) on 378 questions (first halves of musique 178, 2wikimultihopqa 100, hotpotqa 100): mean R@5 0.7052 at 2.88 LLM calls/question (budget 3.50 = 70% of the BDTR calls); candidates static, ircot, irgs, gcot, bdtr'
};
