import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseQueryNerTsv } from '../../../src/core/triples/query-ner-tsv.ts';

const file = fileURLToPath(
  new URL(
    '../../../../shared/data/openie/hotpotqa_dev_query_ner_gpt-3.5/hotpotqa_queries.named_entity_output.tsv',
    import.meta.url,
  ),
);

describe('parseQueryNerTsv', () => {
  it('reads all 7,405 HotpotQA dev queries with their LLM named entities', () => {
    const map = parseQueryNerTsv(readFileSync(file, 'utf8'), 'hotpotqa_queries.named_entity_output.tsv');
    expect(map.size).toBe(7405);
    expect(map.get('Were Scott Derrickson and Ed Wood of the same nationality?')).toEqual([
      'Scott Derrickson',
      'Ed Wood',
    ]);
  });

  it('handles quoted fields with doubled quotes and reports a bad JSON cell with its record', () => {
    const tsv = '\tquery\ttriples\n0\t"say ""hi"""\t"{""named_entities"": [""Hi""]}"\n';
    expect(parseQueryNerTsv(tsv, 't.tsv').get('say "hi"')).toEqual(['Hi']);
    expect(() => parseQueryNerTsv('\tquery\ttriples\n0\tq\tnot json\n', 't.tsv')).toThrow(
      /t\.tsv, record 1, field "triples"/,
    );
  });
});
