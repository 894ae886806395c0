// Bootstrap for a pool worker thread: registers tsx so the TypeScript worker can be imported.
import { register } from 'tsx/esm/api';

register();
await import('./pool-worker-node.ts');
