// Bootstrap for a Node worker thread: registers tsx so the TypeScript host can be imported.
import { register } from 'tsx/esm/api';

register();
await import('./embed-worker-host.ts');
