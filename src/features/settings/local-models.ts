// Small instruct models known to run in the browser with transformers.js (ONNX, 4-bit or 8-bit
// weights): download size and a rough speed so a user can choose without typing an id. Speeds are
// indicative for a laptop (WebGPU first, WASM as the fallback), not measured here.
export const BROWSER_MODELS = [
  {
    id: 'HuggingFaceTB/SmolLM2-135M-Instruct',
    label: 'SmolLM2 135M Instruct',
    downloadMb: 140,
    speed: 'fast: ~30-60 tokens/s WebGPU, ~10 WASM; weak reasoning',
  },
  {
    id: 'HuggingFaceTB/SmolLM2-360M-Instruct',
    label: 'SmolLM2 360M Instruct',
    downloadMb: 380,
    speed: '~20-40 tokens/s WebGPU, ~5 WASM',
  },
  {
    id: 'onnx-community/Qwen2.5-0.5B-Instruct',
    label: 'Qwen2.5 0.5B Instruct',
    downloadMb: 480,
    speed: '~15-30 tokens/s WebGPU, ~4 WASM; follows formats best of these',
  },
  {
    id: 'onnx-community/Llama-3.2-1B-Instruct',
    label: 'Llama 3.2 1B Instruct',
    downloadMb: 1100,
    speed: '~8-15 tokens/s WebGPU; WASM is slow (~1-2)',
  },
] as const;
