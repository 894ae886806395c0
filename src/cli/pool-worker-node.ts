// One import pool worker in a Node worker thread: the same handler the browser's workers/pool.worker.ts runs.
import { parentPort } from 'node:worker_threads';
import { handlePoolMessage } from '../core/pool/handle.ts';

if (!parentPort) throw new Error('pool-worker-node: not running in a worker thread');
const port = parentPort;
port.on('message', (data: unknown) => port.postMessage(handlePoolMessage(data)));
