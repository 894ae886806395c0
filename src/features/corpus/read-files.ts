// Files the import reads in the page: picked files, a picked folder (webkitdirectory) or a dropped folder
// (its entries walked). A set with a PDF, Word or HTML file goes to the engine as bytes and is read by the
// document readers there; any other set is decoded here as strict UTF-8, as the CLI does.
import { decodeUtf8 } from '../../core/ingest/source.ts';
import { isDocumentSet } from '../../core/documents/names.ts';
import type { SourceFile } from '../../core/ingest/source.ts';

/** A file to import, with the folder it came from (picked or dropped folders). */
export interface PickedFile {
  file: File;
  name: string;
  folder?: string;
}

const hidden = (name: string) => name.startsWith('.') || name === 'Thumbs.db' || name === 'desktop.ini';

/** Files of a picker: a folder picker gives webkitRelativePath "folder/sub/file.pdf". */
export function pickedFiles(list: FileList | File[]): PickedFile[] {
  return [...list]
    .map((file) => {
      const rel = file.webkitRelativePath || '';
      const folder = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : undefined;
      return { file, name: file.name, ...(folder ? { folder } : {}) };
    })
    .filter((f) => !hidden(f.name));
}

type Entry = FileSystemEntry;
const isDir = (e: Entry): e is FileSystemDirectoryEntry => e.isDirectory;
const isFile = (e: Entry): e is FileSystemFileEntry => e.isFile;

async function walk(entry: Entry, folder: string | undefined, out: PickedFile[]): Promise<void> {
  if (hidden(entry.name)) return;
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    out.push({ file, name: file.name, ...(folder ? { folder } : {}) });
  } else if (isDir(entry)) {
    const reader = entry.createReader();
    // readEntries returns at most 100 entries a call: read until it returns none
    for (;;) {
      const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, folder ?? entry.name, out);
    }
  }
}

/** Files of a drop: dropped folders are walked (sub-folders too); plain files as they are. */
export async function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const entries = [...data.items].map((i) => i.webkitGetAsEntry?.() ?? null);
  if (entries.some((e) => e === null)) return pickedFiles(data.files);
  const out: PickedFile[] = [];
  for (const e of entries as Entry[]) await walk(e, undefined, out);
  return out;
}

/** What the engine's importCorpus gets: bytes for a document set, strict UTF-8 text otherwise. */
export async function sourceFiles(files: readonly PickedFile[]): Promise<SourceFile[]> {
  const documents = isDocumentSet(files.map((f) => f.name));
  return Promise.all(
    files.map(async (f) => {
      const bytes = new Uint8Array(await f.file.arrayBuffer());
      return documents ? { name: f.name, text: '', bytes } : { name: f.name, text: decodeUtf8(f.name, bytes) };
    }),
  );
}

/** The folder the files came from, when they all came from one. */
export function folderOf(files: readonly PickedFile[]): string | undefined {
  const folders = new Set(files.map((f) => f.folder));
  const [only] = folders;
  return folders.size === 1 && only ? only : undefined;
}
