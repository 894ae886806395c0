// The QA reader: HippoRAG's rag_qa prompt (OSU-NLP-Group/HippoRAG,
// src/hipporag/prompts/templates/rag_qa_musique.py, one-shot from IRCoT's
// gold_with_3_distractors_context_cot_qa_codex) with its reasoning-then-short-answer shape.
// Adapted: we ask for a JSON object {"thought", "answer"}; the original's "Thought: ... Answer: ..."
// (which the system text still describes) is read too, into the same schema (STYLE.md).
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import type { PromptPassage } from '../core/strategies/prompt-port.ts';
import {
  extractJson,
  firstLine,
  labelled,
  LlmOutputError,
  MAX_PARSED_REPLY,
  proseAnswer,
  readJsonReply,
  withoutThink,
  type Read,
} from './parse.ts';

export const module = 'answer';
export const version = 'hipporag-rag-qa-json/1';

export const system =
  'As an advanced reading comprehension assistant, your task is to analyze text passages and corresponding questions meticulously. ' +
  'Your response start after "Thought: ", where you will methodically break down the reasoning process, illustrating how you arrive at conclusions. ' +
  'Conclude with "Answer: " to present a concise, definitive response, devoid of additional elaborations.' +
  // Adaptation (see header): the same two parts, as JSON.
  '\nReply with one JSON object {"thought": "<your reasoning>", "answer": "<the answer in a few words>"} and nothing else.';

/** HippoRAG's document format: "Wikipedia Title: <title>\n<text>\n" per passage. */
export function formatPassages(passages: readonly PromptPassage[]): string {
  return passages.map((p) => `Wikipedia Title: ${p.title}\n${p.text}\n`).join('');
}

const examplePassages: PromptPassage[] = [
  {
    title: 'The Last Horse',
    text: 'The Last Horse (Spanish:El último caballo) is a 1950 Spanish comedy film directed by Edgar Neville starring Fernando Fernán Gómez.',
  },
  {
    title: 'Southampton',
    text: 'The University of Southampton, which was founded in 1862 and received its Royal Charter as a university in 1952, has over 22,000 students. The university is ranked in the top 100 research universities in the world in the Academic Ranking of World Universities 2010. In 2010, the THES - QS World University Rankings positioned the University of Southampton in the top 80 universities in the world. The university considers itself one of the top 5 research universities in the UK. The university has a global reputation for research into engineering sciences, oceanography, chemistry, cancer sciences, sound and vibration research, computer science and electronics, optoelectronics and textile conservation at the Textile Conservation Centre (which is due to close in October 2009.) It is also home to the National Oceanography Centre, Southampton (NOCS), the focus of Natural Environment Research Council-funded marine research.',
  },
  {
    title: 'Stanton Township, Champaign County, Illinois',
    text: 'Stanton Township is a township in Champaign County, Illinois, USA. As of the 2010 census, its population was 505 and it contained 202 housing units.',
  },
  {
    title: 'Neville A. Stanton',
    text: 'Neville A. Stanton is a British Professor of Human Factors and Ergonomics at the University of Southampton. Prof Stanton is a Chartered Engineer (C.Eng), Chartered Psychologist (C.Psychol) and Chartered Ergonomist (C.ErgHF). He has written and edited over a forty books and over three hundered peer-reviewed journal papers on applications of the subject. Stanton is a Fellow of the British Psychological Society, a Fellow of The Institute of Ergonomics and Human Factors and a member of the Institution of Engineering and Technology. He has been published in academic journals including "Nature". He has also helped organisations design new human-machine interfaces, such as the Adaptive Cruise Control system for Jaguar Cars.',
  },
  {
    title: 'Finding Nemo',
    text: 'Finding Nemo Theatrical release poster Directed by Andrew Stanton Produced by Graham Walters Screenplay by Andrew Stanton Bob Peterson David Reynolds Story by Andrew Stanton Starring Albert Brooks Ellen DeGeneres Alexander Gould Willem Dafoe Music by Thomas Newman Cinematography Sharon Calahan Jeremy Lasky Edited by David Ian Salter Production company Walt Disney Pictures Pixar Animation Studios Distributed by Buena Vista Pictures Distribution Release date May 30, 2003 (2003 - 05 - 30) Running time 100 minutes Country United States Language English Budget $94 million Box office $940.3 million',
  },
];

export function userTurn(question: string, passages: readonly PromptPassage[]): string {
  // The original's last document has no trailing newline before "\n\nQuestion: "; ours keeps one per passage.
  return `${formatPassages(passages)}\n\nQuestion: ${question}\nThought: `;
}

export const exampleReply = JSON.stringify({
  thought:
    'The employer of Neville A. Stanton is University of Southampton. The University of Southampton was founded in 1862.',
  answer: '1862',
});

export const schema = z.object({ thought: z.string(), answer: z.string().trim().min(1, 'the answer is empty') });
export type ReaderOutput = z.infer<typeof schema>;

export function build(question: string, passages: readonly PromptPassage[]): ChatMessage[] {
  return [
    { role: 'system', content: system },
    { role: 'user', content: userTurn("When was Neville A. Stanton's employer founded?", examplePassages) },
    { role: 'assistant', content: exampleReply },
    { role: 'user', content: userTurn(question, passages) },
  ];
}

/** rag_qa's own format: "Thought: ... Answer: ..." (the "Thought:" label is optional: the prompt ends with it). */
function textFormat(body: string): ReaderOutput | undefined {
  const answer = labelled(body, 'Answer', ['Answer']);
  if (answer === undefined) return undefined;
  const before = body.slice(0, body.search(/^[ \t>*#-]*(?:\*\*)?answer(?:\*\*)?[ \t]*:/im));
  return {
    thought: before.replace(/^[\s>*#-]*(?:\*\*)?thought(?:\*\*)?[ \t]*:/i, '').trim(),
    answer: firstLine(answer),
  };
}

export function read(reply: string): Read<ReaderOutput> {
  let read: Read<ReaderOutput>;
  try {
    read = readJsonReply(module, reply, schema, textFormat);
  } catch (e) {
    // A model that answers in plain prose ("So the answer is: ...", or one line) is read as HippoRAG 2's
    // QA parser reads it, recorded as "free-text"; only an empty reply, an oversized one or an unclosed
    // think block (no answer yet) fails.
    if (!(e instanceof LlmOutputError) || reply.length > MAX_PARSED_REPLY) throw e;
    const { body, open } = withoutThink(reply);
    // JSON of the wrong shape is a failed JSON reply, not prose.
    if (extractJson(body) !== undefined) throw e;
    const answer = open ? undefined : proseAnswer(body);
    if (answer === undefined) throw new LlmOutputError(module, reply, open ? e.reason : 'the reply is empty');
    read = { value: { thought: body.trim(), answer }, form: 'free-text' };
  }
  const { value, form } = read;
  return { value: { thought: value.thought.trim(), answer: value.answer.replace(/\.$/, '').trim() }, form };
}

/** The answer with a trailing period dropped, as in the paper's "Answer: 1862." */
export function parse(reply: string): ReaderOutput {
  return read(reply).value;
}
