// GEAR appendix J.1 "Reader" (offline prompts): the LLM reads each passage into a named-entity list and
// triples for the triple index T (GEAR §3, inspired by HippoRAG's extraction). Instruction, the two
// demonstrations (Magic Johnson, Elden Ring) and the input frame are the appendix's text. Restored
// from the PDF extraction, minimally: the code fences around the paragraph (extracted as "..." and
// "““"); the demonstration outputs, which the figure prints as two template-escaped "{{ }}" objects
// with Python tuples and trailing commas, are one JSON object {"named_entities", "triples"} with
// triples as lists (the instruction asks for "a JSON dict containing a named entity list and a triple
// list"); "United\nStates of America" is rejoined. The chat layout (system = instruction, each
// demonstration a user/assistant pair in the input's frame) is ours.
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { cleanTriples, type Triple } from './openie-triples.ts';
import { parseJsonReply } from './parse.ts';

export const module = 'gear.offline-reader';
export const version = 'gear-appJ1-reader/1';

export type { Triple };

export const system = `Your task is to construct an RDF (Resource Description Framework) graph from the given passages and named entity lists.
Respond with a JSON list of triples, with each triple representing a relationship in the RDF graph.
Pay attention to the following requirements:
- Each triple should contain at least one, but preferably two, of the named entities in the list for each passage.
- Clearly resolve pronouns to their specific names to maintain clarity.

Convert the paragraph into a JSON dict containing a named entity list and a triple list.`;

/** The appendix's input frame: "Paragraph:" then the title and the passage in a code fence. */
export function frame(title: string, passage: string): string {
  return `Convert the paragraph into a JSON dict, it has a named entity list and a triple list.
Paragraph:
\`\`\`
${title}
${passage}
\`\`\``;
}

interface Demonstration {
  title: string;
  passage: string;
  named_entities: string[];
  triples: Triple[];
}

export const demonstrations: readonly Demonstration[] = [
  {
    title: 'Magic Johnson',
    passage:
      'After winning a national championship with Michigan State in 1979, Johnson was selected first overall in the 1979 NBA draft by the Lakers, leading the team to five NBA championships during their "Showtime" era.',
    named_entities: ['Michigan State', 'national championship', '1979', 'Magic Johnson', 'National Basketball Association', 'Los Angeles Lakers', 'NBA Championship'],
    triples: [
      ['Magic Johnson', 'member of sports team', 'Michigan State'],
      ['Michigan State', 'award', 'national championship'],
      ['Michigan State', 'award date', '1979'],
      ['Magic Johnson', 'draft pick number', '1'],
      ['Magic Johnson', 'drafted in', '1979'],
      ['Magic Johnson', 'drafted by', 'Los Angeles Lakers'],
      ['Magic Johnson', 'member of sports team', 'Los Angeles Lakers'],
      ['Magic Johnson', 'league', 'National Basketball Association'],
      ['Los Angeles Lakers', 'league', 'National Basketball Association'],
      ['Los Angeles Lakers', 'award received', 'NBA Championship'],
    ],
  },
  {
    title: 'Elden Ring',
    passage:
      'Elden Ring is a 2022 action role-playing game developed by FromSoftware. It was directed by Hidetaka Miyazaki with worldbuilding provided by American fantasy writer George R. R. Martin.',
    named_entities: ['Elden Ring', '2022', 'Role-playing video game', 'FromSoftware', 'Hidetaka Miyazaki', 'United States of America', 'fantasy', 'George R. R. Martin'],
    triples: [
      ['Elden Ring', 'publication', '2022'],
      ['Elden Ring', 'genre', 'action role-playing game'],
      ['Elden Ring', 'publisher', 'FromSoftware'],
      ['Elden Ring', 'director', 'Hidetaka Miyazaki'],
      ['Elden Ring', 'screenwriter', 'George R. R. Martin'],
      ['George R. R. Martin', 'country of citizenship', 'United States of America'],
      ['George R. R. Martin', 'genre', 'fantasy'],
    ],
  },
];

export function demonstrationReply(d: Demonstration): string {
  return `{"named_entities": ${JSON.stringify(d.named_entities)},\n"triples": [\n${d.triples.map((t) => `  ${JSON.stringify(t)}`).join(',\n')}\n]}`;
}

export function build(title: string, passage: string): ChatMessage[] {
  return [
    { role: 'system', content: system },
    ...demonstrations.flatMap((d): ChatMessage[] => [
      { role: 'user', content: frame(d.title, d.passage) },
      { role: 'assistant', content: demonstrationReply(d) },
    ]),
    { role: 'user', content: frame(title, passage) },
  ];
}

const value = z.union([z.string(), z.number()]);
/** The named-entity list may be left out (the index needs the triples); triples must be a list of lists. */
export const schema = z.object({ named_entities: z.array(value).optional(), triples: z.array(z.array(value)) });

export interface OfflineReading {
  namedEntities: string[];
  triples: Triple[];
  /** Lists that were not exactly three non-empty strings: counted, not kept (as openie-triples). */
  rejected: number;
}

export function parse(reply: string): OfflineReading {
  const out = parseJsonReply(module, reply, schema);
  const namedEntities = [...new Set((out.named_entities ?? []).map((e) => String(e).trim()).filter((e) => e.length > 0))];
  const { triples, rejected } = cleanTriples(out.triples);
  return { namedEntities, triples, rejected };
}
