// IRCoT (Trivedi et al., 2022; BDTR Fig. 10): one CoT sentence per step, retrieved with; stops at
// "So the answer is:" or after `rounds` steps.
import type { Run } from './context.ts';
import { runStepwise, stepwiseOptions, type StepwiseOptions } from './stepwise.ts';

export const ircotOptions = stepwiseOptions;
export const runIrcot = (run: Run, o: StepwiseOptions) => runStepwise(run, o, 'ircot', 'cot');
