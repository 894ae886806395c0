// Golden and malformed-output tests for the HippoRAG OpenIE prompts (NER, triples, query NER).
import { describe, expect, it } from 'vitest';
import * as ner from '../../src/prompts/openie-ner.ts';
import * as triples from '../../src/prompts/openie-triples.ts';
import { llmOutputFailure as failure } from '../support/llm-output-failure.ts';

const passage = 'Tarrow Lighthouse\nTarrow Lighthouse was designed by Maren Vell in 1871.';

describe('openie-ner', () => {
  it('builds HippoRAG ner.py: system, one-shot example, then the passage', () => {
    const m = ner.build(passage);
    expect(m.map((x) => x.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(m[0]?.content).toBe(
      'Your task is to extract named entities from the given paragraph. \nRespond with a JSON list of entities.\n',
    );
    expect(m[1]?.content.startsWith("Radio City\nRadio City is India's first private FM radio station")).toBe(true);
    expect(ner.parse(m[2]!.content)).toEqual([
      'Radio City',
      'India',
      '3 July 2001',
      'Hindi',
      'English',
      'May 2008',
      'PlanetRadiocity.com',
    ]);
    expect(m[3]?.content).toBe(passage);
    expect(ner.version).toBe('hipporag-ner/1');
  });

  it('reads fenced JSON with prose around it, trimming and de-duplicating', () => {
    expect(
      ner.parse(
        'Sure! Here you go:\n```json\n{"named_entities": [" Tarrow Lighthouse", "Maren Vell", "Maren Vell", ""]}\n```\nDone.',
      ),
    ).toEqual(['Tarrow Lighthouse', 'Maren Vell']);
  });

  it.each([
    ['no JSON at all', 'Tarrow Lighthouse, Maren Vell', 'no JSON object or array found'],
    ['a cut-off object', '{"named_entities": ["Tarrow"', 'no JSON object or array found'],
    ['the wrong key', '{"entities": ["Tarrow"]}', 'named_entities'],
    ['the wrong type', '{"named_entities": "Tarrow"}', 'named_entities'],
    ['an empty reply', '', 'no JSON'],
  ])('raises LlmOutputError for %s', (_name, reply, reason) => {
    const e = failure(() => ner.parse(reply));
    expect(e.module).toBe('openie.ner');
    expect(e.reason).toContain(reason);
    expect(e.reply).toBe(reply);
  });
});

describe('openie-triples', () => {
  it('builds HippoRAG triple_extraction.py with the NER output conditioning the passage', () => {
    const m = triples.build(passage, ['Tarrow Lighthouse', 'Maren Vell', '1871']);
    expect(m.map((x) => x.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(m[0]?.content.startsWith('Your task is to construct an RDF (Resource Description Framework) graph')).toBe(
      true,
    );
    expect(m[0]?.content).toContain('- Clearly resolve pronouns to their specific names to maintain clarity.');
    expect(m[1]?.content).toBe(triples.frame(ner.exampleParagraph, ner.exampleOutput));
    expect(m[3]?.content).toBe(
      'Convert the paragraph into a JSON dict, it has a named entity list and a triple list.\nParagraph:\n```\n' +
        passage +
        '\n```\n\n{"named_entities":["Tarrow Lighthouse","Maren Vell","1871"]}\n',
    );
    const example = triples.parse(m[2]!.content);
    expect(example.triples).toHaveLength(12);
    expect(example.triples[0]).toEqual(['Radio City', 'located in', 'India']);
  });

  it('counts malformed triples instead of keeping them or failing the passage', () => {
    const r = triples.parse(
      '{"triples": [["Tarrow Lighthouse", "designed by", "Maren Vell"], ["Tarrow Lighthouse", "built in"], ["Tarrow Lighthouse", "built in", 1871], ["", "x", "y"], ["Tarrow Lighthouse", "designed by", "Maren Vell"]]}',
    );
    expect(r.triples).toEqual([
      ['Tarrow Lighthouse', 'designed by', 'Maren Vell'],
      ['Tarrow Lighthouse', 'built in', '1871'],
    ]);
    expect(r.rejected).toBe(2);
  });

  it('raises LlmOutputError when the reply is not a triple list', () => {
    expect(failure(() => triples.parse('{"triples": "none"}')).module).toBe('openie.triples');
    expect(failure(() => triples.parse('[["a","b","c"]]')).reason).toContain('(root)');
    expect(failure(() => triples.parse('{"triples": [{"s": "a"}]}')).reason).toContain('triples.0');
  });
});
