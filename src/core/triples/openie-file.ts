// Loads triples from an OpenIE results file in HippoRAG format:
//   { docs: [{ idx?, passage: "title\ntext", title?, text?, extracted_entities: [...], extracted_triples: [[s, p, o], ...] }] }
// Docs are matched to corpus passages by content (title + "\n" + text, as HippoRAG writes `passage`), so
// the file works whatever ids the importer gave the passages. Triples that are not exactly three strings
// (or numbers) are rejected and counted, as HippoRAG's filter_invalid_triples drops them; duplicates
// within a passage are dropped too (same function).
import { ImportError } from '../errors.ts';
import type { Corpus } from '../types.ts';
import type { PassageTriples, RejectedTriple, Triple, TripleSet } from './types.ts';

const passageKey = (title: string, text: string) => `${title}\n${text}`;

export function parseOpenIeFile(json: unknown, corpus: Corpus, file: string): TripleSet {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { docs?: unknown }).docs)) {
    throw new ImportError({ file, field: 'docs' }, 'a HippoRAG OpenIE file: an object with a "docs" array');
  }
  const docs = (json as { docs: unknown[] }).docs;
  const byContent = new Map<string, string>();
  const byText = new Map<string, string>();
  for (const p of corpus.passages) {
    byContent.set(passageKey(p.title, p.text), p.id);
    byText.set(p.text, p.id);
  }
  const out = new Map<string, PassageTriples>();
  const rejected: RejectedTriple[] = [];
  let unmatched = 0;
  docs.forEach((doc, record) => {
    if (typeof doc !== 'object' || doc === null) throw new ImportError({ file, record }, 'an object per doc');
    const d = doc as Record<string, unknown>;
    let id: string | undefined;
    if (typeof d.passage === 'string') id = byContent.get(d.passage);
    if (id === undefined && typeof d.title === 'string' && typeof d.text === 'string')
      id = byContent.get(passageKey(d.title, d.text));
    if (id === undefined && typeof d.text === 'string') id = byText.get(d.text);
    if (id === undefined) {
      if (typeof d.passage !== 'string' && typeof d.text !== 'string')
        throw new ImportError({ file, record, field: 'passage' }, 'a "passage" or "text" string');
      unmatched++;
      return;
    }
    if (!Array.isArray(d.extracted_triples))
      throw new ImportError({ file, record, field: 'extracted_triples' }, 'an array of [subject, predicate, object]');
    const entities = Array.isArray(d.extracted_entities)
      ? d.extracted_entities.filter((e): e is string => typeof e === 'string')
      : [];
    const entry = out.get(id) ?? { passageId: id, entities: [], triples: [] };
    const seen = new Set(entry.triples.map((t) => JSON.stringify([t.subject, t.predicate, t.object])));
    for (const e of entities) if (!entry.entities.includes(e)) entry.entities.push(e);
    for (const raw of d.extracted_triples) {
      const triple = toTriple(raw);
      if (typeof triple === 'string') {
        rejected.push({ passageId: id, value: raw, reason: triple });
        continue;
      }
      const key = JSON.stringify([triple.subject, triple.predicate, triple.object]);
      if (seen.has(key)) continue;
      seen.add(key);
      entry.triples.push(triple);
    }
    out.set(id, entry);
  });
  if (out.size === 0) {
    throw new ImportError(
      { file },
      `docs matching the corpus "${corpus.name}" (none of ${docs.length} docs has the text of one of its ${corpus.passages.length} passages)`,
    );
  }
  const warnings: string[] = [];
  if (rejected.length > 0)
    warnings.push(`${file}: rejected ${rejected.length} malformed triples (not exactly 3 strings)`);
  if (unmatched > 0) warnings.push(`${file}: ${unmatched} docs match no passage of the corpus and were ignored`);
  const missing = corpus.passages.length - out.size;
  if (missing > 0) warnings.push(`${file}: ${missing} corpus passages have no OpenIE entry (no triples)`);
  const passages = corpus.passages.flatMap((p) => out.get(p.id) ?? []);
  return { source: 'openie-file', origin: file, passages, rejected, warnings };
}

/** A valid triple, or the reason it is rejected. */
function toTriple(raw: unknown): Triple | string {
  if (!Array.isArray(raw)) return 'not an array';
  if (raw.length !== 3) return `${raw.length} elements, expected 3`;
  const parts: string[] = [];
  for (const x of raw) {
    if (typeof x === 'string') parts.push(x);
    else if (typeof x === 'number')
      parts.push(String(x)); // HippoRAG str()s every element
    else return `element of type ${x === null ? 'null' : typeof x}`;
  }
  return { subject: parts[0]!, predicate: parts[1]!, object: parts[2]! };
}

/**
 * Parses the text of an OpenIE file. HippoRAG writes it with Python's json.dump, which emits bare NaN /
 * Infinity (e.g. "avg_ent_chars": NaN when no entities); those tokens, outside strings, become null.
 */
export function parseOpenIeText(text: string, corpus: Corpus, file: string): TripleSet {
  let json: unknown;
  try {
    json = JSON.parse(replacePythonNonFinite(text));
  } catch (cause) {
    throw new ImportError({ file }, `valid JSON (${(cause as Error).message})`);
  }
  return parseOpenIeFile(json, corpus, file);
}

function replacePythonNonFinite(text: string): string {
  if (!/NaN|Infinity/.test(text)) return text;
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      continue;
    }
    for (const token of ['-Infinity', 'Infinity', 'NaN']) {
      if (text.startsWith(token, i)) {
        out += text.slice(last, i) + 'null';
        i += token.length - 1;
        last = i + 1;
        break;
      }
    }
  }
  return out + text.slice(last);
}
