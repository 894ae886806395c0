// GCoT-style (BDTR Fig. 12; a prompt-level version, not Graph-CoT's graph function calls): each round articulates the missing or bridge evidence, which is retrieved next.
import { runStepwise, stepwiseOptions, type StepwiseOptions } from './stepwise.ts';
import { defineStrategy } from './descriptor.ts';

export const gcot = defineStrategy({
  name: 'gcot',
  title: 'GCoT-style (Fig. 12)',
  label: 'GCoT-style (Fig. 12): missing-evidence prompt',
  term: 'GCoT',
  explanation:
    "Graph Chain-of-Thought-style step: each step names the missing evidence and the entities to expand, and retrieval follows them. A prompt-level version (BDTR's Fig. 12 prompt), not Graph-CoT's graph function calls.",
  paper: 'BDTR paper Fig. 12 (GCoT baseline, prompt level)',
  kind: 'method',
  rounds: {
    first: 0,
    round: "round 0 is the question's retrieval; round R retrieves with the R-th articulated sub-query",
  },
  decidesStop: true,
  options: stepwiseOptions,
  prompts: ['gcot', 'answer'],
  offline: 'offline-thinker.ts: gcot.step, answer',
  route: { calls: 3, description: 'GCoT-style: step-wise reasoning that names the missing bridge entity' },
  run: (run, o) => runStepwise(run, o as StepwiseOptions, 'gcot', 'subquery'),
});
