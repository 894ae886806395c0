// What `@R` names, per strategy, in one place for every listing: the pool after round R's retrieval,
// round 0 being the run's first retrieval (each descriptor's `rounds`). docs/what-if.md holds the
// table, the CLI help lists it, the batch form shows it beside R.
import { flatten, type StrategyDescriptor } from '../strategies/descriptor.ts';
import { REGISTRY } from '../strategies/registry.ts';

export const ROUND_MEANING =
  "@R is the pool after round R's retrieval; round 0 is the run's first retrieval (for most strategies the question's own)";

const traceRound = (d: StrategyDescriptor): string =>
  d.rounds.first === 'member' ? "its member's" : d.rounds.first === 0 ? 'R' : `R + ${d.rounds.first}`;

/** Every strategy's declaration, as [name, trace round of @R, what round R is]. */
export function roundRows(registry: readonly StrategyDescriptor[] = REGISTRY): [string, string, string][] {
  return flatten(registry).map((d) => [d.name, traceRound(d), d.rounds.round]);
}

/** The markdown table of docs/what-if.md. */
export function roundsTable(registry: readonly StrategyDescriptor[] = REGISTRY): string {
  return [
    '| Strategy | Trace round of @R | Round R |',
    '| --- | --- | --- |',
    ...roundRows(registry).map(([n, t, r]) => `| \`${n}\` | ${t} | ${r} |`),
  ].join('\n');
}
