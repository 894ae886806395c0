// The Library's file reading: a dropped folder is walked (sub-folders too, readEntries read until empty,
// hidden files skipped) and named by its folder; a document set goes to the engine as bytes, any other set
// as strict UTF-8 text.
import { describe, expect, it } from 'vitest';
import { droppedFiles, folderOf, pickedFiles, sourceFiles } from '../../src/features/corpus/read-files.ts';

type FakeEntry = {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  file?: (ok: (f: File) => void) => void;
  createReader?: () => { readEntries: (ok: (e: FakeEntry[]) => void) => void };
};

const fileEntry = (name: string, body: string | Uint8Array<ArrayBuffer>): FakeEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (ok) => ok(new File([body], name)),
});
/** A folder whose reader hands out its children two at a time, as browsers do in batches. */
const folderEntry = (name: string, children: FakeEntry[]): FakeEntry => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (ok) => {
        ok(children.slice(at, at + 2));
        at += 2;
      },
    };
  },
});
const drop = (entries: FakeEntry[]) =>
  ({ items: entries.map((e) => ({ webkitGetAsEntry: () => e })), files: [] }) as unknown as DataTransfer;

describe('dropped folders and picked files', () => {
  it('walks a dropped folder and its sub-folders, skips hidden files, and names the corpus by the folder', async () => {
    const files = await droppedFiles(
      drop([
        folderEntry('harbour', [
          fileEntry('report.pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46])),
          fileEntry('.DS_Store', 'x'),
          fileEntry('notes.md', '# Notes'),
          folderEntry('web', [fileEntry('town.html', '<p>x</p>')]),
        ]),
      ]),
    );
    expect(files.map((f) => `${f.folder}/${f.name}`)).toEqual([
      'harbour/report.pdf',
      'harbour/notes.md',
      'harbour/town.html',
    ]);
    expect(folderOf(files)).toBe('harbour');
    const sources = await sourceFiles(files);
    expect(sources.map((s) => [s.name, s.text, s.bytes?.length])).toEqual([
      ['report.pdf', '', 4],
      ['notes.md', '', 7],
      ['town.html', '', 8],
    ]);
  });

  it('a set without PDF, Word or HTML is decoded as UTF-8 text; a picked folder is named by webkitRelativePath', async () => {
    const file = new File(['[{"title":"A","text":"a"}]'], 'x_corpus.json');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'bench/x_corpus.json' });
    const picked = pickedFiles([file]);
    expect(folderOf(picked)).toBe('bench');
    expect(await sourceFiles(picked)).toEqual([{ name: 'x_corpus.json', text: '[{"title":"A","text":"a"}]' }]);
    await expect(sourceFiles(pickedFiles([new File([new Uint8Array([0xff])], 'bad.md')]))).rejects.toThrow(
      /expected UTF-8 text/,
    );
  });
});
