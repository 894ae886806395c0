// Reply styles for the local OpenAI-compatible test server: the forms real models write. The server
// works out which prompt it was sent from the prompt's own words (a real server sees no module name),
// lets the offline thinker write that module's reply, and re-renders it in the style the request's
// model name selects: strict JSON, fenced JSON, JSON in chatter, a think block first, the paper
// prompts' text formats, or cut off at max_tokens (finish_reason "length"). A request that sends
// `response_format: {type: "json_schema"}` gets strict JSON, as a structured-output server gives (start
// the server with `responseFormats` lacking json_schema for one that refuses it).
import type { ChatMessage } from '../../src/core/llm/port.ts';
import type { LlmProvider } from '../../src/core/llm/provider.ts';
import { createOfflineThinker } from '../../src/providers/llm/offline-thinker.ts';
import type { ChatBody, Script, ScriptedReply } from './openai-server.ts';

export const REPLY_STYLES = [
  'json',
  'fenced-json',
  'json-in-chatter',
  'think-first',
  'paper-text',
  'truncated',
] as const;
export type ReplyStyle = (typeof REPLY_STYLES)[number];

/** Each prompt, recognised by words only its text holds (first match wins: gear.qa before the reader). */
const PROMPTS: [module: string, words: string][] = [
  ['bdtr.dual-thought', 'For every turn, produce two outputs'],
  ['bdtr.reasoning-chain', 'Write the reasoning chain'],
  ['bdtr.verifier', 'You are a careful reasoning verifier.'],
  ['ircot.step', 'Generate one reasoning thought'],
  ['tog.sufficiency', 'Evaluate whether the given information is sufficient'],
  ['gcot.step', 'what additional information is required for the current step'],
  ['irgs.generate', 'Keep the reasoning under 100 English words.'],
  ['gear.reader', 'Your task is to find facts that help answer an input question.'],
  ['gear.reasoning', 'If the provided facts contain the answer to the question'],
  ['gear.query-rewrite', 'determine what else information is needed for the next step'],
  ['gear.qa', 'of maximum length of 6 words'],
  ['planner.step', 'You plan the retrieval for a multi-hop question'],
  ['planner.compose', 'You write the final answer to a multi-hop question'],
  ['dualrag.reasoner', 'Your current task is to reason based on the knowledge that has been retrieved.'],
  ['dualrag.entity-identifier', 'and to generate retrieval keywords.'],
  ['dualrag.knowledge-summarizer', 'Your task is to read and organize the retrieved documents'],
  ['dualrag.answer', 'Give the final answer to the question based on the retrieved knowledge'],
  ['auto.route', 'You choose how to retrieve evidence for a question'],
  ['dualrag.judge', 'Does the Prediction imply the Ground-truth Answer?'],
  ['answer', 'Conclude with "Answer: "'],
];

export function moduleOf(body: ChatBody): string | undefined {
  const text = body.messages.map((m) => m.content).join('\n');
  return PROMPTS.find(([, words]) => text.includes(words))?.[0];
}

type Json = Record<string, unknown>;
const list = (xs: unknown) => (Array.isArray(xs) ? xs.map(String) : []);

/** Each JSON prompt's reply in the paper's (or the natural labelled) text format. */
const TEXT_FORMAT: Record<string, (j: Json) => string> = {
  answer: (j) => `Thought: ${String(j.thought)}\nAnswer: ${String(j.answer)}`,
  'bdtr.verifier': (j) => {
    const docs = list(j.covered_doc_indices);
    return docs.length ? `The supporting documents are ${docs.map((d) => `Doc ${d}`).join(', ')}.` : '[]';
  },
  'planner.step': (j) =>
    [
      `Partial answer: ${String(j.partial_answer)}`,
      `Action: ${String(j.action)}`,
      ...(j.next_query !== undefined ? [`Next query: ${String(j.next_query)}`] : []),
      `Sufficiency: ${String(j.sufficiency)}`,
      `Anchors: ${list(j.anchors).join('; ') || 'none'}`,
    ].join('\n'),
  'planner.compose': (j) => `Answer: ${String(j.answer)}\nCitations: ${list(j.citations).join(', ') || 'none'}`,
  'dualrag.reasoner': (j) => `Reasoning: ${String(j.reasoning)}\nNeed retrieval: ${j.need_retrieval ? 'yes' : 'no'}`,
  'dualrag.entity-identifier': (j) =>
    (j.entities as { entity: string; queries: string[] }[])
      .map((e) => `Entity: ${e.entity}\nQueries: ${e.queries.join('; ')}`)
      .join('\n\n'),
  'dualrag.answer': (j) => `Answer: ${String(j.answer)}`,
  'auto.route': (j) => `Route: ${String(j.route)}\nReason: ${String(j.reason)}`,
};

export interface ReplyStyleOptions {
  /** The judge's verdict (the offline thinker cannot judge). */
  judge?: (body: ChatBody) => 'Yes' | 'No';
}

export interface ReplyStyleServerScript {
  script: Script;
  /** Requests by module, to assert what went over the wire. */
  seen: Map<string, ChatBody[]>;
}

/** A server script whose style is the request's model name (one of REPLY_STYLES). */
export function replyStyleScript(options: ReplyStyleOptions = {}): ReplyStyleServerScript {
  const thinker: LlmProvider = createOfflineThinker();
  const seen = new Map<string, ChatBody[]>();
  const script: Script = async (body) => {
    const style = body.model as ReplyStyle;
    const module = moduleOf(body);
    if (!module) return { content: 'the reply-style server does not know this prompt' };
    (seen.get(module) ?? seen.set(module, []).get(module)!).push(body);
    const schema = body.response_format?.type === 'json_schema';
    const canonical =
      module === 'dualrag.judge'
        ? (options.judge?.(body) ?? 'Yes')
        : (await thinker.complete({ module, messages: body.messages as ChatMessage[] })).text;
    return styled(style, module, canonical, schema);
  };
  return { script, seen };
}

function styled(style: ReplyStyle, module: string, canonical: string, schema: boolean): ScriptedReply {
  const isJson = module in TEXT_FORMAT;
  if (style === 'truncated')
    return { content: canonical.slice(0, Math.ceil(canonical.length / 2)), finishReason: 'length' };
  if (schema && isJson) return { content: canonical }; // structured output: exactly the schema's JSON
  switch (style) {
    case 'json':
      return { content: canonical };
    case 'fenced-json':
      return { content: isJson ? '```json\n' + canonical + '\n```' : canonical };
    case 'json-in-chatter':
      return {
        content: isJson
          ? `Sure! Here is the JSON you asked for:\n${canonical}\nLet me know if you need anything else.`
          : canonical,
      };
    case 'think-first':
      return {
        content: `<think>\nThe user wants {this} answered from the documents. Let me check.\n</think>\n\n${canonical}`,
      };
    case 'paper-text':
      return { content: isJson ? TEXT_FORMAT[module]!(JSON.parse(canonical) as Json) : canonical };
  }
}
