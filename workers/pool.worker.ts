// One import pool worker (a module worker started by workers/pool-browser.ts): validates each request and
// runs the same pure core the single-threaded import runs (src/core/pool/handle.ts).
import { handlePoolMessage } from '../src/core/pool/handle.ts';

self.onmessage = (event: MessageEvent<unknown>) => self.postMessage(handlePoolMessage(event.data));
