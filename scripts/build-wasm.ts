// `npm run build:wasm`: compiles the AssemblyScript PPR kernel wasm/ppr.ts into wasm/ppr.wasm (committed;
// test/core/graph/wasm-build.test.ts recompiles it and checks the committed binary is byte-identical).
// `--check` compiles and compares without writing. The flags are fixed here so the output is
// reproducible for a given assemblyscript version (pinned exactly in package.json).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

export const KERNEL_SOURCE = fileURLToPath(new URL('../wasm/ppr.ts', import.meta.url));
export const KERNEL_BINARY = fileURLToPath(new URL('../wasm/ppr.wasm', import.meta.url));
const FLAGS = ['--optimizeLevel', '3', '--shrinkLevel', '0', '--noAssert', '--runtime', 'stub', '--enable', 'simd'];

/** Compiles wasm/ppr.ts in memory and returns the module bytes. */
export async function compileKernel(): Promise<Uint8Array> {
  let binary: Uint8Array | undefined;
  const log: string[] = [];
  const { error } = await asc.main([KERNEL_SOURCE, '--outFile', 'ppr.wasm', ...FLAGS], {
    writeFile(name, contents) {
      if (name.endsWith('.wasm') && typeof contents !== 'string') binary = contents;
    },
    stdout: { write: (s: string) => (log.push(s), true) } as never,
    stderr: { write: (s: string) => (log.push(s), true) } as never,
  });
  if (error || !binary)
    throw new Error(
      `build-wasm: asc failed to compile ${KERNEL_SOURCE}: ${error?.message ?? 'no binary written'}\n${log.join('')}`,
    );
  return binary;
}

async function cli(): Promise<void> {
  const bytes = await compileKernel();
  if (process.argv.includes('--check')) {
    const same = Buffer.compare(Buffer.from(bytes), readFileSync(KERNEL_BINARY)) === 0;
    console.log(same ? `${KERNEL_BINARY} is up to date` : `${KERNEL_BINARY} is stale: run npm run build:wasm`);
    process.exitCode = same ? 0 : 1;
    return;
  }
  writeFileSync(KERNEL_BINARY, bytes);
  console.log(`wrote ${KERNEL_BINARY} (${bytes.length} bytes)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await cli();
