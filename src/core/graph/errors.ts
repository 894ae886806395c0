// Typed errors of the graph module (CSR building, PPR).
import { errorClass, HopscopeError } from '../errors.ts';

export const GraphError = errorClass('GraphError', 'graph');

/** The solver did not bring its error bound under the tolerance within the iteration cap. */
export class PprConvergenceError extends HopscopeError {
  override readonly name: string = 'PprConvergenceError';
  constructor(
    readonly iterations: number,
    readonly residual: number,
    readonly tolerance: number,
  ) {
    super(
      'graph.ppr',
      `did not converge: error bound ${residual.toExponential(3)} > tolerance ${tolerance} after ${iterations} iterations`,
    );
  }
}
