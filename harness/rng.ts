// Deterministic PRNG (mulberry32, core's one): the same seed gives the same graph in tests and benchmarks.
export { mulberry32 as rng } from '../src/core/random.ts';
