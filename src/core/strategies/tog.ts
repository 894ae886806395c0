// ToG-style sufficiency (BDTR Fig. 11; a prompt-level version, not Think-on-Graph's beam search): each round asks whether the pool suffices; if not, the
// explanation of what is missing is the next query.
import type { Run } from './context.ts';
import { runStepwise, stepwiseOptions, type StepwiseOptions } from './stepwise.ts';

export const togOptions = stepwiseOptions;
export const runTog = (run: Run, o: StepwiseOptions) => runStepwise(run, o, 'tog', 'sufficiency');
