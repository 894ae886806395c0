import { HopscopeError } from '../errors.ts';

/** A metric asked for something it cannot define (no gold answers, no gold passages, k < 1). */
export class MetricError extends HopscopeError {
  constructor(metric: string, message: string) {
    super(`eval.${metric}`, message);
  }
}
