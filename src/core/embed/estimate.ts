// An honest time estimate before embedding a corpus: on CPU WASM a small encoder runs at only a few
// passages per second, so the UI and CLI measure a small sample with the real embedder first and
// extrapolate linearly by characters (cost grows with text length), instead of guessing.
import { EmbedError, type Embedder } from './port.ts';

export interface EmbedEstimate {
  /** Texts actually embedded to measure. */
  sampled: number;
  sampleMs: number;
  /** Measured throughput on the sample. */
  textsPerSecond: number;
  /** Extrapolated time for all texts, in seconds. */
  estimatedSeconds: number;
}

/** `sample`: texts timed, default 16 (the warm-up before them is not timed). */
export async function estimateEmbeddingTime(
  embedder: Embedder,
  texts: readonly string[],
  options: { sample?: number; now?: () => number; signal?: AbortSignal } = {},
): Promise<EmbedEstimate> {
  const now = options.now ?? (() => performance.now());
  const n = Math.min(options.sample ?? 16, texts.length);
  if (n === 0) return { sampled: 0, sampleMs: 0, textsPerSecond: Infinity, estimatedSeconds: 0 };
  // Spread the sample over the corpus so that a corpus sorted by length is not misjudged.
  const step = texts.length / n;
  const sample = Array.from({ length: n }, (_, i) => texts[Math.floor(i * step)] as string);
  await embedder.embed(sample.slice(0, 1), options.signal); // warm-up: model load and first-run compilation
  const t0 = now();
  await embedder.embed(sample, options.signal);
  const ms = now() - t0;
  if (!(ms >= 0)) throw new EmbedError(`estimate: clock went backwards (${ms} ms)`);
  const chars = (xs: readonly string[]) => xs.reduce((s, t) => s + t.length, 0) || 1;
  const msPerChar = ms / chars(sample);
  return {
    sampled: n,
    sampleMs: ms,
    textsPerSecond: ms > 0 ? (n * 1000) / ms : Infinity,
    estimatedSeconds: (msPerChar * chars(texts)) / 1000,
  };
}

/** "about 3 min 20 s" for the confirmation prompt. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  if (seconds < 1) return 'under a second';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `about ${[h ? `${h} h` : '', m ? `${m} min` : '', s || (!h && !m) ? `${s} s` : ''].filter(Boolean).join(' ')}`;
}
