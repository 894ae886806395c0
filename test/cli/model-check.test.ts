// An embedding model folder with LFS pointers is checked before the CLI loads it: the exact bytes
// pass, a truncated or different file is refused naming the file, a folder with only the pointer (the
// shared MiniLM folder) says the weights are missing, and a folder without pointers is not checked.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/embed/verify-model.ts';
import { checkModelFolder } from '../../src/cli/model-check.ts';

const SHARED_MINILM = new URL('../../../shared/models/all-MiniLM-L6-v2/', import.meta.url).pathname;

describe('checkModelFolder', () => {
  let root: string;
  const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'hopscope-model-check-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  async function folder(name: string, onnx: Uint8Array | null, pointerOf: Uint8Array | null): Promise<string> {
    const dir = join(root, name);
    await mkdir(join(dir, 'onnx'), { recursive: true });
    if (onnx) await writeFile(join(dir, 'onnx', 'model.onnx'), onnx);
    if (pointerOf) {
      await mkdir(join(dir, 'lfs_pointers'));
      await writeFile(
        join(dir, 'lfs_pointers', 'onnx__model.onnx.lfs-pointer.txt'),
        `version https://git-lfs.github.com/spec/v1\noid sha256:${await sha256Hex(pointerOf)}\nsize ${pointerOf.byteLength}\n`,
      );
    }
    return dir;
  }

  it('passes the exact bytes and refuses a truncated or different file', async () => {
    expect(await checkModelFolder(await folder('exact', bytes, bytes))).toBe(true);
    await expect(checkModelFolder(await folder('short', bytes.slice(0, 5), bytes))).rejects.toThrow(
      /model\.onnx: 5 bytes, expected 8 \(truncated or a different file\)/,
    );
    await expect(
      checkModelFolder(await folder('other', new Uint8Array([8, 7, 6, 5, 4, 3, 2, 1]), bytes)),
    ).rejects.toThrow(/model\.onnx: sha256 [0-9a-f]{64} does not match the expected/);
  });

  it('a folder without pointers is not checked; one with only the pointer says the weights are missing', async () => {
    expect(await checkModelFolder(await folder('plain', bytes, null))).toBe(false);
    await expect(checkModelFolder(SHARED_MINILM)).rejects.toThrow(
      /onnx\/model\.onnx: missing \(the folder holds only the LFS pointer of a \d+-byte file; fetch the real weights\)/,
    );
  });
});
