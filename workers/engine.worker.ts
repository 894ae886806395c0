// Engine worker: parsing, BM25 indexing and runs happen off the UI thread (DESIGN: workers are thin
// RPC wrappers over core). The API is typed in ./engine-api.ts; the page wraps it with Comlink.
import { expose } from 'comlink';
import { createEngine } from './engine.ts';

expose(createEngine());
