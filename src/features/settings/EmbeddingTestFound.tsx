// What "Load and test" found for the embedding model: the backend, the dimension and the timings, and how the backend was chosen.

export interface EmbeddingTestResult {
  model: string;
  backend: string;
  dim: number;
  queryMs: number;
  loadMs: number;
  /** How the backend was chosen: the WebGPU and WASM timings and the pick, or why WASM alone. */
  choiceText: string;
}

export function EmbeddingTestFound({ r }: { r: EmbeddingTestResult }) {
  return (
    <p>
      Loaded {r.model} on <strong data-testid="embed-backend">{r.backend}</strong> in {(r.loadMs / 1000).toFixed(1)} s:{' '}
      {r.dim}-d vectors, one query in {r.queryMs.toFixed(0)} ms.
      <br />
      Backend: <span data-testid="embed-backend-choice">{r.choiceText}</span>
    </p>
  );
}
