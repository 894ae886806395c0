// GCoT-style (BDTR Fig. 12; a prompt-level version, not Graph-CoT's graph function calls): each round articulates the missing or bridge evidence, which is retrieved next.
import type { Run } from './context.ts';
import { runStepwise, stepwiseOptions, type StepwiseOptions } from './stepwise.ts';

export const gcotOptions = stepwiseOptions;
export const runGcot = (run: Run, o: StepwiseOptions) => runStepwise(run, o, 'gcot', 'subquery');
