import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Cross-origin isolation (COOP/COEP) lets onnxruntime-web use WASM threads (SharedArrayBuffer).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es' },
  // bundlerTimings off: on a busy 2-core CI machine the timing report is noise in every `npm test`.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, rolldownOptions: { checks: { bundlerTimings: false } } },
  optimizeDeps: { exclude: ['onnxruntime-web'] },
});
