// An embedding model folder that carries the Git LFS pointers of its weights (lfs_pointers/, as in
// ../shared/models/all-MiniLM-L6-v2) has its ONNX file checked against them before it is loaded: a
// truncated download or another model is refused with a message instead of silently used.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ModelVerificationError, parseLfsPointer, verifyModelFile } from '../core/embed/verify-model.ts';

const exists = (path: string) => stat(path).then(Boolean, () => false);

/** Checks `onnx/<file>` of the folder against `lfs_pointers/onnx__<file>.lfs-pointer.txt`; true when a pointer was checked. */
export async function checkModelFolder(folder: string, file = 'model.onnx'): Promise<boolean> {
  const pointer = join(folder, 'lfs_pointers', `onnx__${file}.lfs-pointer.txt`);
  if (!(await exists(pointer))) return false;
  const onnx = join(folder, 'onnx', file);
  const expected = parseLfsPointer(await readFile(pointer, 'utf8'), pointer);
  if (!(await exists(onnx)))
    throw new ModelVerificationError(
      `${onnx}: missing (the folder holds only the LFS pointer of a ${expected.size}-byte file; fetch the real weights)`,
    );
  await verifyModelFile(onnx, new Uint8Array(await readFile(onnx)), expected);
  return true;
}
