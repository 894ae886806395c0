// Loads query-side named entities from HippoRAG's query NER TSV
// (e.g. ../shared/data/openie/hotpotqa_dev_query_ner_gpt-3.5/hotpotqa_queries.named_entity_output.tsv):
// a pandas-written TSV with header "\tUnnamed: 0\t0\tquery\ttriples", where `triples` is a JSON string
// {"named_entities": [...]} quoted CSV-style ("" for a quote). Returns query text -> entities.
import { ImportError } from '../errors.ts';

export function parseQueryNerTsv(text: string, file: string): Map<string, string[]> {
  const rows = parseTsv(text, file);
  const header = rows[0];
  if (!header) throw new ImportError({ file }, 'a header row');
  const qCol = header.indexOf('query');
  const nCol = header.indexOf('triples');
  if (qCol < 0 || nCol < 0) throw new ImportError({ file, record: 0 }, 'header columns "query" and "triples"');
  const out = new Map<string, string[]>();
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.length === 1 && row[0] === '') continue; // trailing newline
    const query = row[qCol];
    const cell = row[nCol];
    if (query === undefined || cell === undefined)
      throw new ImportError({ file, record: r }, `${header.length} columns, found ${row.length}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(cell);
    } catch (cause) {
      throw new ImportError(
        { file, record: r, field: 'triples' },
        `JSON {"named_entities": [...]} (${(cause as Error).message})`,
      );
    }
    const ents = (parsed as { named_entities?: unknown }).named_entities;
    if (!Array.isArray(ents)) throw new ImportError({ file, record: r, field: 'triples' }, 'a "named_entities" array');
    out.set(query, ents.map(String));
  }
  return out;
}

/** Tab-separated rows with CSV-style quoting (fields may be quoted; "" is an escaped quote; quoted fields may hold tabs/newlines). */
function parseTsv(text: string, file: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  while (i <= n) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= n) throw new ImportError({ file, record: rows.length }, 'a closing quote');
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += c;
        i++;
      }
    } else {
      while (i < n && text[i] !== '\t' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
    }
    row.push(field);
    if (text[i] === '\t') {
      i++;
      continue;
    }
    if (text[i] === '\r') i++;
    rows.push(row);
    row = [];
    i++;
  }
  return rows;
}
