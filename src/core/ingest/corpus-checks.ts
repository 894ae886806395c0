// Whole-corpus invariants every importer enforces before returning: not empty, ids unique.
import { ImportError } from '../errors.ts';
import type { Passage } from '../types.ts';

/** `where(i)` says which file and record passage i came from, for the error message. */
export function checkCorpus(
  passages: Passage[],
  file: string,
  where: (i: number) => { file: string; record: number } = (record) => ({ file, record }),
): Passage[] {
  if (passages.length === 0) throw new ImportError({ file }, 'expected at least one passage, the corpus is empty');
  const seen = new Map<string, number>();
  passages.forEach((p, i) => {
    const first = seen.get(p.id);
    if (first !== undefined) {
      const a = where(first);
      throw new ImportError(
        { ...where(i), field: 'id' },
        `expected unique passage ids, "${p.id}" already used by ${a.file} record ${a.record}`,
      );
    }
    seen.set(p.id, i);
  });
  return passages;
}
