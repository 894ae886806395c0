// The Content-Security-Policy the app is served with (vite preview, the e2e test server): only what the
// app needs. Scripts, workers and WebAssembly from this origin ('wasm-unsafe-eval' compiles the PPR and
// onnxruntime kernels, never JavaScript eval). The LLM base URL is chosen at run time in Settings, so
// connect-src allows local servers on any port (Ollama, LM Studio, vLLM, llama.cpp on this machine) and
// any https server; a plain-http server elsewhere must be added (`extraConnect`, e.g. from the
// HOPSCOPE_LLM_ORIGINS environment variable in vite.config.ts). The Hugging Face hub is listed only when
// model downloads are allowed. Kept free of Node and DOM APIs so the config and the tests import it.

const HF_HUB_ORIGINS = ['https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co'];

export interface CspOptions {
  /** Extra origins the page may call (an LLM server on plain http on another host). */
  extraConnect?: readonly string[];
  /** In-browser models may be downloaded from the Hugging Face hub. */
  allowHub?: boolean;
}

function contentSecurityPolicy(o: CspOptions = {}): string {
  const connect = [
    "'self'",
    'http://127.0.0.1:*',
    'http://localhost:*',
    'https:',
    ...(o.extraConnect ?? []),
    ...(o.allowHub ? HF_HUB_ORIGINS : []),
  ];
  return [
    "default-src 'self'",
    // blob: for onnxruntime-web, which loads its WebAssembly glue as a blob module inside the embedding worker
    "script-src 'self' 'wasm-unsafe-eval' blob:",
    "worker-src 'self' blob:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "img-src 'self' data: blob:",
    // React sets style attributes (sigma sizes, bars); no inline <style> or script is needed
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response of the served app carries besides cross-origin isolation. */
export function securityHeaders(o: CspOptions = {}): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(o), 'X-Content-Type-Options': 'nosniff' };
}
