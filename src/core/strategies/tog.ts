// ToG-style sufficiency (BDTR Fig. 11; a prompt-level version, not Think-on-Graph's beam search): each round asks whether the pool suffices; if not, the
// explanation of what is missing is the next query.
import { runStepwise, stepwiseOptions, type StepwiseOptions } from './stepwise.ts';
import { defineStrategy } from './descriptor.ts';

export const tog = defineStrategy({
  name: 'tog',
  title: 'ToG-style (Fig. 11)',
  label: 'ToG-style (Fig. 11): sufficiency check prompt',
  term: 'ToG',
  explanation:
    "Think-on-Graph-style sufficiency check: the LLM says whether the passages suffice; if not, what is missing becomes the next query. A prompt-level version (BDTR's Fig. 11 prompt), not Think-on-Graph's relation and entity beam search.",
  paper: 'BDTR paper Fig. 11 (ToG baseline, prompt level)',
  kind: 'method',
  rounds: {
    first: 0,
    round: "round 0 is the question's retrieval; round R retrieves for what the R-th sufficiency check says is missing",
  },
  decidesStop: true,
  options: stepwiseOptions,
  prompts: ['tog', 'answer'],
  offline: 'offline-thinker.ts: tog.sufficiency, answer',
  route: { calls: 3, description: 'ToG-style: check whether the passages suffice, retrieve what is missing' },
  run: (run, o) => runStepwise(run, o as StepwiseOptions, 'tog', 'sufficiency'),
});
