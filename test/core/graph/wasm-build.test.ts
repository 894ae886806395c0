import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileKernel, KERNEL_BINARY } from '../../../scripts/build-wasm.ts';

describe('committed WebAssembly PPR kernel', () => {
  it('is byte-identical to a fresh build of wasm/ppr.ts (else run npm run build:wasm)', async () => {
    const fresh = await compileKernel();
    const committed = new Uint8Array(readFileSync(KERNEL_BINARY));
    expect(fresh.length).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(fresh), Buffer.from(committed))).toBe(0);
    expect(WebAssembly.validate(committed)).toBe(true);
    expect(WebAssembly.Module.exports(new WebAssembly.Module(committed)).map((e) => e.name)).toEqual(
      expect.arrayContaining(['memory', 'solveCg', 'solveJacobi', 'residual', 'heapBase']),
    );
  });
});
