import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { transfer, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { buildCsr, csrTransferables, EdgeList } from '../../../src/core/graph/csr.ts';
import { personalizedPageRank } from '../../../src/core/graph/ppr.ts';
import type { GraphWorkerApi } from '../../../workers/graph.worker.ts';

function ring(n: number) {
  const e = new EdgeList();
  for (let i = 0; i < n; i++) e.add(i, (i + 1) % n, 1 + (i % 3));
  return buildCsr(n, e.view());
}

describe('graph worker', () => {
  const worker = new Worker(new URL('./fixtures/graph-worker-node.mjs', import.meta.url));
  // a worker that fails to start rejects every call at once instead of letting the test time out
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const remote = wrap<GraphWorkerApi>(nodeEndpoint(worker));
  const api = {
    load: (...a: Parameters<GraphWorkerApi['load']>) => Promise.race([remote.load(...a), failed]),
    ppr: (...a: Parameters<GraphWorkerApi['ppr']>) => Promise.race([remote.ppr(...a), failed]),
  };
  afterAll(async () => {
    await worker.terminate();
  });

  it('receives the CSR buffers by transfer (the sender is left with detached buffers) and returns the sync result', async () => {
    const reset = new Float64Array(200);
    reset[3] = 1;
    reset[150] = 0.5;
    const expected = personalizedPageRank(ring(200), reset, { kernel: 'ts' }).scores;
    const csr = ring(200);
    const arcs = csr.targets.length;
    const info = await api.load(transfer(csr, csrTransferables(csr)));
    expect(info).toEqual({ nodeCount: 200, arcs });
    // moved, not copied: the buffers on this side are detached
    expect(csr.targets.byteLength).toBe(0);
    expect(csr.weights.byteLength).toBe(0);
    expect(csr.offsets.byteLength).toBe(0);
    const result = await api.ppr(reset);
    expect(result.kernel).toBe('wasm');
    expect(result.scores.length).toBe(200);
    for (let i = 0; i < 200; i++) expect(Math.abs(result.scores[i]! - expected[i]!)).toBeLessThan(1e-12);
    // the TypeScript kernel, asked for by option, gives exactly the synchronous result
    const ts = await api.ppr(reset, { kernel: 'ts' });
    expect(ts.kernel).toBe('ts');
    expect(Array.from(ts.scores)).toEqual(Array.from(expected));
  });

  it('carries kernel errors across the thread with their message', async () => {
    await expect(api.ppr(new Float64Array(200))).rejects.toThrow(/sums to zero/);
  });
});
