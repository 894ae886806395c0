// Times one model on WebGPU and on WASM (both already loaded) for src/core/embed/backend-choice.ts:
// a warm-up batch (the first WebGPU run compiles its shaders), then a timed batch of BATCH texts and
// the fastest of QUERY_RUNS single-text queries on each, and how far the two backends' vectors differ.
// Over the Embedder port only, so Node tests drive it with fake embedders and an injected clock.
import {
  chooseBackends,
  maxAbsDiff,
  type BackendChoice,
  type BackendTiming,
  type MeasuredBackend,
} from './backend-choice.ts';
import type { Embedder } from './port.ts';

export const MEASURE_BATCH = 32;
const QUERY_RUNS = 3;

/** Sentences of passage-like length; what they say does not matter, their token counts do. */
function measurementTexts(n = MEASURE_BATCH): string[] {
  const subjects = [
    'The river',
    'A village council',
    'The museum',
    'An early railway',
    'The composer',
    'A mountain pass',
    'The old harbour',
    'A research station',
  ];
  const verbs = [
    'was founded near',
    'is described in records from',
    'was rebuilt after a fire in',
    'connects two towns across',
    'was renamed in honour of',
  ];
  const tails = [
    'the northern province in the nineteenth century',
    'a small island off the western coast',
    'the capital during the long winter of that year',
  ];
  return Array.from(
    { length: n },
    (_, i) =>
      `${subjects[i % subjects.length]} ${verbs[i % verbs.length]} ${tails[i % tails.length]}, according to passage ${i + 1}.`,
  );
}

async function time(now: () => number, f: () => Promise<unknown>): Promise<number> {
  const t0 = now();
  await f();
  return now() - t0;
}

async function timeOne(
  backend: MeasuredBackend,
  e: Embedder,
  texts: string[],
  now: () => number,
): Promise<{ timing: BackendTiming; vectors: Float32Array }> {
  const warm = await e.embed(texts); // warm-up: shader compilation, allocator growth
  const batchMs = await time(now, () => e.embed(texts));
  let queryMs = Infinity;
  for (let i = 0; i < QUERY_RUNS; i++)
    queryMs = Math.min(
      queryMs,
      await time(now, () => e.embed([`Which town is connected to the river in passage ${i + 1}?`])),
    );
  return { timing: { backend, batchSize: texts.length, batchMs, queryMs }, vectors: warm.data };
}

export async function measureBackends(
  webgpu: Embedder,
  wasm: Embedder,
  now: () => number = () => performance.now(),
): Promise<BackendChoice> {
  const texts = measurementTexts();
  const g = await timeOne('webgpu', webgpu, texts, now);
  const w = await timeOne('wasm', wasm, texts, now);
  return chooseBackends([g.timing, w.timing], maxAbsDiff(g.vectors, w.vectors));
}
