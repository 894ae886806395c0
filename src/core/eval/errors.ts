import { HopscopeError } from '../errors.ts';

/** A metric asked for something it cannot define (no gold answers, no gold passages, k < 1). */
export class MetricError extends HopscopeError {
  override readonly name: string = 'MetricError';
  constructor(metric: string, message: string) {
    super(`eval.${metric}`, message);
  }
}
