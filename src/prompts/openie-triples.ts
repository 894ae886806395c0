// NER-conditioned triple extraction for OpenIE, verbatim from HippoRAG (OSU-NLP-Group/HippoRAG,
// src/hipporag/prompts/templates/triple_extraction.py), with its one worked example.
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { parseJsonReply } from './parse.ts';
import { exampleOutput as nerExampleOutput, exampleParagraph } from './openie-ner.ts';

export const module = 'openie.triples';
export const version = 'hipporag-triples/1';

export const system = `Your task is to construct an RDF (Resource Description Framework) graph from the given passages and named entity lists. 
Respond with a JSON list of triples, with each triple representing a relationship in the RDF graph. 

Pay attention to the following requirements:
- Each triple should contain at least one, but preferably two, of the named entities in the list for each passage.
- Clearly resolve pronouns to their specific names to maintain clarity.

`;

export function frame(passage: string, namedEntityJson: string): string {
  return `Convert the paragraph into a JSON dict, it has a named entity list and a triple list.
Paragraph:
\`\`\`
${passage}
\`\`\`

${namedEntityJson}
`;
}

export const exampleOutput = `{"triples": [
            ["Radio City", "located in", "India"],
            ["Radio City", "is", "private FM radio station"],
            ["Radio City", "started on", "3 July 2001"],
            ["Radio City", "plays songs in", "Hindi"],
            ["Radio City", "plays songs in", "English"],
            ["Radio City", "forayed into", "New Media"],
            ["Radio City", "launched", "PlanetRadiocity.com"],
            ["PlanetRadiocity.com", "launched in", "May 2008"],
            ["PlanetRadiocity.com", "is", "music portal"],
            ["PlanetRadiocity.com", "offers", "news"],
            ["PlanetRadiocity.com", "offers", "videos"],
            ["PlanetRadiocity.com", "offers", "songs"]
    ]
}
`;

/** Each triple is a list of strings; lists that are not exactly three non-empty strings are counted, not kept (as HippoRAG's filter_invalid_triples). */
export const schema = z.object({ triples: z.array(z.array(z.union([z.string(), z.number()]))) });

export type Triple = [subject: string, relation: string, object: string];

/** HippoRAG passes the NER step's output as `{"named_entities": [...]}`. */
export function build(passage: string, namedEntities: string[]): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: frame(exampleParagraph, nerExampleOutput) },
    { role: 'assistant', content: exampleOutput },
    { role: 'user', content: frame(passage, JSON.stringify({ named_entities: namedEntities })) },
  ];
}

/**
 * Keeps the candidates that are exactly three non-empty strings (trimmed), in order, duplicates dropped;
 * the others are counted as rejected. Shared by every prompt that reads triples.
 */
export function cleanTriples(candidates: Iterable<readonly unknown[]>): { triples: Triple[]; rejected: number } {
  const triples: Triple[] = [];
  const seen = new Set<string>();
  let rejected = 0;
  for (const t of candidates) {
    const parts = t.map((p) => String(p).trim());
    if (parts.length !== 3 || parts.some((p) => p.length === 0)) {
      rejected++;
      continue;
    }
    const key = JSON.stringify(parts);
    if (seen.has(key)) continue;
    seen.add(key);
    triples.push(parts as Triple);
  }
  return { triples, rejected };
}

export function parse(reply: string): { triples: Triple[]; rejected: number } {
  return cleanTriples(parseJsonReply(module, reply, schema).triples);
}
