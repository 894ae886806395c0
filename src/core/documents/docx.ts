// Word .docx through mammoth (its own browser build is picked by the bundler's "browser" field; Node reads
// the same bytes as a Buffer): mammoth maps Word's heading styles to <h1>..<h6> and paragraphs to <p>, and
// the HTML reader turns that into blocks. A Title-style paragraph becomes the document title (chunker.ts).
import mammoth from 'mammoth';
import { readHtml } from './html.ts';
import { DocumentReadError, type ReadDocument } from './types.ts';

/** Word's Title style is the document's one top-level heading; Heading 1..5 sit below it. */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  ...[1, 2, 3, 4, 5].map((n) => `p[style-name='Heading ${n}'] => h${n + 1}:fresh`),
];

export async function readDocx(bytes: Uint8Array): Promise<ReadDocument> {
  // PK\x03\x04: every .docx is a zip archive
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04))
    throw new DocumentReadError('not a Word .docx file (it is not a zip archive; old binary .doc files are not read)');
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let html: string;
  let messages: { type: string; message: string }[];
  try {
    // `buffer` is what mammoth's Node entry reads, `arrayBuffer` what its browser build reads
    const input = { arrayBuffer, buffer: bytes } as unknown as { arrayBuffer: ArrayBuffer };
    const result = await mammoth.convertToHtml(input, { styleMap: STYLE_MAP });
    html = result.value;
    messages = result.messages;
  } catch (e) {
    throw new DocumentReadError(
      `cannot read it as a Word document (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
    );
  }
  const doc = readHtml(html);
  const errors = messages.filter((m) => m.type === 'error').map((m) => m.message);
  return errors.length ? { ...doc, notes: errors.slice(0, 3) } : doc;
}
