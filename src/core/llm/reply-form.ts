// Which form of an LLM reply a prompt's parser read, recorded on the trace's `llm` event: strict
// JSON, JSON in a code fence, JSON inside other prose, JSON after a reasoning model's think block,
// or the paper prompt's own text format (with or without a think block first), or, for the reader, plain
// prose ("free-text": the text after the last answer marker, or the first line). Anything but "json"
// (and a text-format prompt's "text-format") means the reply needed some repair to be read.
import { z } from 'zod';

export const REPLY_FORMS = [
  'json',
  'fenced-json',
  'json-in-text',
  'think+json',
  'text-format',
  'think+text-format',
  'free-text',
] as const;
export const replyFormSchema = z.enum(REPLY_FORMS);
export type ReplyForm = (typeof REPLY_FORMS)[number];

/** Reads the form of a reply to `module`'s prompt; undefined when the reply fits no form (or the module has no reader). */
export type ReplyFormReader = (module: string, reply: string) => ReplyForm | undefined;
