// Passage NER for OpenIE, verbatim from HippoRAG (OSU-NLP-Group/HippoRAG,
// src/hipporag/prompts/templates/ner.py): a system instruction, one worked example, the passage.
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { parseJsonReply } from './parse.ts';

export const module = 'openie.ner';
export const version = 'hipporag-ner/1';

export const system = `Your task is to extract named entities from the given paragraph. 
Respond with a JSON list of entities.
`;

export const exampleParagraph = `Radio City
Radio City is India's first private FM radio station and was started on 3 July 2001.
It plays Hindi, English and regional songs.
Radio City recently forayed into New Media in May 2008 with the launch of a music portal - PlanetRadiocity.com that offers music related news, videos, songs, and other music-related features.`;

export const exampleOutput = `{"named_entities":
    ["Radio City", "India", "3 July 2001", "Hindi", "English", "May 2008", "PlanetRadiocity.com"]
}
`;

export const schema = z.object({ named_entities: z.array(z.string()) });

/** `passage` as HippoRAG feeds it: title line, then text. */
export function build(passage: string): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: exampleParagraph },
    { role: 'assistant', content: exampleOutput },
    { role: 'user', content: passage },
  ];
}

/** Entities, trimmed, empties and duplicates removed (order kept). */
export function parse(reply: string): string[] {
  const { named_entities } = parseJsonReply(module, reply, schema);
  return [...new Set(named_entities.map((e) => e.trim()).filter((e) => e.length > 0))];
}
