// GEAR appendix J.3 "Online Question Answering Prompts": the reader that answers from GEAR's final
// passage list (combining HippoRAG's and Wang et al.'s QA prompts). Both variants verbatim, one user
// turn each: "Retrieved Passages with In-context Example" (preamble, one example, instruction) and
// "No Retrieved Passages" (the instruction, as printed for that variant, and the question). The
// template's passage line "Wikipedia Title : {title} {text}" is rendered in the example's own layout
// ("Wikipedia Title: <title>\n<text>", a blank line between passages). The reply is the answer after
// the prompt's closing "Answer:"; a repeated "Answer:" label is tolerated, an empty answer raises
// LlmOutputError. The "maximum length of 6 words" is asked for, not enforced.
import type { PromptPassage } from '../core/strategies/prompt-port.ts';
import { LlmOutputError, textPrompt, user } from './parse.ts';

export const module = 'gear.qa';
export const version = 'gear-appJ3-qa/1';

export const preamble =
  'As an advanced reading comprehension assistant, your task is to analyze text passages and corresponding questions meticulously, with the aim of providing the correct answer.';

export const instruction =
  'Given the following text passages and questions, please present a concise, definitive answer, devoid of additional elaborations, and of maximum length of 6 words.';

export const instructionWithoutPassages =
  'Given the following question, please present a concise, definitive answer, devoid of additional elaborations, and of maximum length of 6 words.';

export function formatPassages(passages: readonly PromptPassage[]): string {
  return passages.map((p) => `Wikipedia Title: ${p.title}\n${p.text}`).join('\n\n');
}

const examplePassages: PromptPassage[] = [
  {
    title: 'Edward L. Cahn',
    text: 'Edward L. Cahn (February 12, 1899 – August 25, 1963) was an American film director.',
  },
  {
    title: 'Laughter in Hell',
    text: "Laughter in Hell is a 1933 American Pre-Code drama film directed by Edward L. Cahn and starring Pat O'Brien. The film's title was typical of the sensationalistic titles of many Pre-Code films. Adapted from the 1932 novel of the same name by Jim Tully, the film was inspired in part by \"I Am a Fugitive from a Chain Gang\" and was part of a series of films depicting men in chain gangs following the success of that film. O'Brien plays a railroad engineer who kills his wife and her lover in a jealous rage and is sent to prison. The movie received a mixed review in \"The New York Times\" upon its release. Although long considered lost, the film was recently preserved and was screened at the American Cinematheque in Hollywood, CA in October 2012. The dead man's brother ends up being the warden of the prison and subjects O'Brien's character to significant abuse. O'Brien and several other characters revolt, killing the warden and escaping from the prison. The film drew controversy for its lynching scene where several black men were hanged. Contrary to reports, only blacks were hung in this scene, though the actual executions occurred off-camera (we see instead reaction shots of the guards and other prisoners). The \"New Age\" (an African American weekly newspaper) film critic praised the scene for being courageous enough to depict the atrocities that were occurring in some southern states.",
  },
  {
    title: 'Theodred II (Bishop of Elmham)',
    text: "Theodred II was a medieval Bishop of Elmham. The date of Theodred's consecration unknown, but the date of his death was sometime between 995 and 997.",
  },
  {
    title: 'Etan Boritzer',
    text: 'Etan Boritzer(born 1950) is an American writer of children \'s literature who is best known for his book" What is God?" first published in 1989. His best selling" What is?" illustrated children\'s book series on character education and difficult subjects for children is a popular teaching guide for parents, teachers and child- life professionals. Boritzer gained national critical acclaim after" What is God?" was published in 1989 although the book has caused controversy from religious fundamentalists for its universalist views. The other current books in the" What is?" series include What is Love?, What is Death?, What is Beautiful?, What is Funny?, What is Right?, What is Peace?, What is Money?, What is Dreaming?, What is a Friend?, What is True?, What is a Family?, What is a Feeling?" The series is now also translated into 15 languages. Boritzer was first published in 1963 at the age of 13 when he wrote an essay in his English class at Wade Junior High School in the Bronx, New York on the assassination of John F. Kennedy. His essay was included in a special anthology by New York City public school children compiled and published by the New York City Department of Education.',
  },
  { title: 'Peter Levin', text: 'Peter Levin is an American director of film, television and theatre.' },
];

export function prompt(question: string, passages: readonly PromptPassage[]): string {
  if (passages.length === 0) return `${instructionWithoutPassages}\n\nQuestion: ${question}\n\nAnswer:`;
  return `${preamble}

=====
For example:

=====
${formatPassages(examplePassages)}

Question: When did the director of film Laughter In Hell die?
Answer: August 25, 1963.

=====
${instruction}

${formatPassages(passages)}
Question: ${question}

Answer:`;
}

/** With no passages, the appendix's "No Retrieved Passages" variant. */
export const build = (...args: Parameters<typeof prompt>) => user(prompt(...args));

const answerLabel = /^[\s>*#-]*answer[ \t*]*:[ \t*]*/i;

/** The answer's first line, a repeated "Answer:" label and a trailing period dropped (the example's "1963."). */
function readBody(reply: string): { answer: string } {
  if (reply.trim().length === 0) throw new LlmOutputError(module, reply, 'the reply is empty');
  const text = reply.trim().replace(answerLabel, '');
  const answer = (text.split('\n').find((l) => l.trim()) ?? '').replace(/\*\*/g, '').trim().replace(/\.$/, '').trim();
  if (!answer) throw new LlmOutputError(module, reply, '"Answer:" is followed by no answer');
  return { answer };
}

export const { read, parse } = textPrompt(module, readBody);
