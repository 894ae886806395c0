// Query NER (the entities a question needs), verbatim from HippoRAG (OSU-NLP-Group/HippoRAG,
// src/hipporag/prompts/templates/ner_query.py).
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { parseJsonReply } from './parse.ts';

export const module = 'openie.query-ner';
export const version = 'hipporag-query-ner/1';

export const system = `You're a very effective entity extraction system.
`;

export const exampleInput = `Please extract all named entities that are important for solving the questions below.
Place the named entities in json format.

Question: Which magazine was started first Arthur's Magazine or First for Women?

`;

export const exampleOutput = `
{"named_entities": ["First for Women", "Arthur's Magazine"]}
`;

export const schema = z.object({ named_entities: z.array(z.string()) });

export function build(question: string): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: exampleInput },
    { role: 'assistant', content: exampleOutput },
    { role: 'user', content: `Question: ${question}` },
  ];
}

export function parse(reply: string): string[] {
  const { named_entities } = parseJsonReply(module, reply, schema);
  return [...new Set(named_entities.map((e) => e.trim()).filter((e) => e.length > 0))];
}
