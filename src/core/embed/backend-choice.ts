// Which backend embeds what, chosen by measurement (issue #19): when the browser has WebGPU, the
// embedding worker loads the model on WebGPU and on WASM, times one warm batch and one single query on
// each, and this pure function picks per use the faster one (batches usually gain on a GPU; a single
// short query often does not, its upload and readback cost more than the matmuls). The two backends
// must give the same vectors (they are one model): when they differ beyond VECTOR_TOLERANCE, one
// backend does both jobs, so stored vectors and query vectors never come from numerically different
// encoders. Without WebGPU there is nothing to measure: WASM does both, and the choice says so.
import { EmbedError } from './port.ts';

export type MeasuredBackend = 'webgpu' | 'wasm';

export interface BackendTiming {
  backend: MeasuredBackend;
  /** Texts in the timed batch. */
  batchSize: number;
  /** Wall time of the timed batch (after a warm-up run), ms. */
  batchMs: number;
  /** Wall time of one single-text query (the fastest of a few), ms. */
  queryMs: number;
}

export interface BackendChoice {
  /** 'absent': no WebGPU adapter; 'failed': WebGPU could not load or run the model; 'measured': both timed. */
  webgpu: 'absent' | 'failed' | 'measured' | 'not-applicable';
  batch: MeasuredBackend | 'cpu';
  query: MeasuredBackend | 'cpu';
  timings: BackendTiming[];
  /** Largest |a - b| over the warm batch's vector components, WebGPU vs WASM (measured only). */
  maxVectorDiff?: number;
  /** Why WebGPU is not used at all, when it is not. */
  reason?: string;
}

/** Cosine vectors of one model on two backends agree far closer than this; beyond it, do not mix them. */
export const VECTOR_TOLERANCE = 1e-3;

/** Picks the faster backend per use from the measured timings (ties go to WASM: no GPU memory held). */
export function chooseBackends(timings: readonly BackendTiming[], maxVectorDiff: number): BackendChoice {
  const gpu = timings.find((t) => t.backend === 'webgpu');
  const cpu = timings.find((t) => t.backend === 'wasm');
  if (!gpu || !cpu) throw new EmbedError('chooseBackends needs one WebGPU and one WASM timing');
  const perText = (t: BackendTiming) => t.batchMs / Math.max(1, t.batchSize);
  const batch: MeasuredBackend = perText(gpu) < perText(cpu) ? 'webgpu' : 'wasm';
  let query: MeasuredBackend = gpu.queryMs < cpu.queryMs ? 'webgpu' : 'wasm';
  let reason: string | undefined;
  if (!(maxVectorDiff <= VECTOR_TOLERANCE) && batch !== query) {
    // Mixing would compare WebGPU vectors against WASM ones: let the batch winner do both.
    query = batch;
    reason = `WebGPU and WASM vectors differ by up to ${maxVectorDiff.toExponential(1)} (> ${VECTOR_TOLERANCE}): one backend does both`;
  }
  if (batch === 'wasm' && query === 'wasm') reason ??= 'WASM was faster for both';
  return { webgpu: 'measured', batch, query, timings: [gpu, cpu], maxVectorDiff, ...(reason ? { reason } : {}) };
}

/** No adapter (or Node): one backend does everything, and nothing was measured. */
export function singleBackend(
  backend: MeasuredBackend | 'cpu',
  webgpu: BackendChoice['webgpu'],
  reason?: string,
): BackendChoice {
  return { webgpu, batch: backend, query: backend, timings: [], ...(reason ? { reason } : {}) };
}

const NAMES: Record<MeasuredBackend | 'cpu', string> = {
  webgpu: 'WebGPU',
  wasm: 'WASM',
  cpu: 'CPU (onnxruntime-node)',
};
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** "WebGPU: batch of 32 in 41 ms, one query in 9.0 ms; WASM: ... -> batches on WebGPU, queries on WASM" */
export function describeBackendChoice(c: BackendChoice): string {
  if (c.webgpu === 'not-applicable') return `${NAMES[c.batch]} (no WebGPU outside a browser)`;
  if (c.webgpu === 'absent') return `WebGPU not available: ${NAMES[c.batch]}${c.reason ? ` (${c.reason})` : ''}`;
  if (c.webgpu === 'failed') return `WebGPU failed: ${NAMES[c.batch]}${c.reason ? ` (${c.reason})` : ''}`;
  const times = c.timings
    .map((t) => `${NAMES[t.backend]}: batch of ${t.batchSize} in ${ms(t.batchMs)} ms, one query in ${ms(t.queryMs)} ms`)
    .join('; ');
  const pick =
    c.batch === c.query ? `both on ${NAMES[c.batch]}` : `batches on ${NAMES[c.batch]}, queries on ${NAMES[c.query]}`;
  // Over the tolerance the reason already says how far apart they are.
  const diff =
    c.maxVectorDiff === undefined || !(c.maxVectorDiff <= VECTOR_TOLERANCE)
      ? ''
      : `; vectors agree within ${c.maxVectorDiff.toExponential(1)}`;
  return `${times} -> ${pick}${diff}${c.reason ? ` (${c.reason})` : ''}`;
}

/** Short form for labels and traces: "webgpu", "wasm", or "webgpu batches, wasm queries". */
export function backendSummary(c: BackendChoice): string {
  return c.batch === c.query ? c.batch : `${c.batch} batches, ${c.query} queries`;
}

/** Largest absolute difference between two packed vector sets of the same shape (Infinity on a shape mismatch). */
export function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (!(d <= m)) m = Number.isNaN(d) ? Infinity : d;
  }
  return m;
}
