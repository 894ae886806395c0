import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { securityHeaders } from './src/app/csp.ts';

// Cross-origin isolation (COOP/COEP) lets onnxruntime-web use WASM threads (SharedArrayBuffer).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// The CSP and nosniff for the served app (src/app/csp.ts); HOPSCOPE_LLM_ORIGINS adds plain-http LLM
// servers on other hosts, HOPSCOPE_ALLOW_HUB=1 the Hugging Face hub for in-browser model downloads.
const security = securityHeaders({
  extraConnect: (process.env.HOPSCOPE_LLM_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  allowHub: process.env.HOPSCOPE_ALLOW_HUB === '1',
});

export default defineConfig({
  plugins: [react()],
  // the dev server keeps no CSP: Vite's HMR client injects inline scripts
  server: { headers: isolation },
  preview: { headers: { ...isolation, ...security } },
  worker: { format: 'es' },
  // bundlerTimings off: on a busy 2-core CI machine the timing report is noise in every `npm test`.
  // WebAssembly is never inlined as a data: URL: the worker fetches it, and the CSP's connect-src has no data:.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  optimizeDeps: { exclude: ['onnxruntime-web'] },
});
