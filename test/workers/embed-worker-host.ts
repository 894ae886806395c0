// Hosts workers/embed.worker.ts in a Node worker_threads worker, as the browser hosts it in a Worker.
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { createEmbedWorkerApi } from '../../workers/embed.worker.ts';

if (!parentPort) throw new Error('embed-worker-host: not running in a worker thread');
expose(createEmbedWorkerApi(), nodeEndpoint(parentPort));
