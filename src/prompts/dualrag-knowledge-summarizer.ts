// DualRAG Fig. 7 "Prompt for Knowledge Summarizer": k_e = M_KS(x, R^t, e, Q^t(e), D_e) (Eq. 9), one call
// per key entity over its reranked documents; the caller merges k_e into the outline (Eq. 10). The
// figure's text is verbatim as the system turn (its bold span as plain text). Ours: no demonstrations
// ("Example {few-shots}" prints none; zero-shot, heading dropped); the user turn renders "{question}
// {reasoning history} Retrieval - {entity} - {retrieved docs}" (dualrag-outline.ts), with the entity's
// queries Q^t(e) of Eq. 9, which the figure does not show, on a line of their own. The reply is the
// summary as free text, as in the paper (no format imposed): kept whole, an empty one raises
// LlmOutputError. Version 2 adds one line (ours): when the documents hold nothing relevant, reply
// exactly "No relevant information."; such a fragment (or one that opens by saying the documents hold
// nothing relevant) is marked irrelevant and the strategy discards it instead of adding it to the outline.
import type { KnowledgeFragment } from '../core/strategies/prompt-port.ts';
import { documentsOf, questionSection, type PromptPassage } from './dualrag-outline.ts';
import { LlmOutputError, readTextReply, type Read, chat } from './parse.ts';

export const module = 'dualrag.knowledge-summarizer';
export const NOTHING_RELEVANT = 'No relevant information.';
export const version = 'dualrag-fig7/2';

export const system =
  `Task Description
You are assisting in solving a QA problem, and you have gathered relevant information using retrieval tools.
Your task is to read and organize the retrieved documents, filtering out irrelevant content while summarizing information pertinent to the current problem. When assessing the usefulness of the content, consider that some information may not appear directly related to the final answer but could be essential for multi-hop reasoning. Even if content does not lead to an immediate conclusion, it may provide necessary context or intermediary insights that help progress toward the answer.

Note
- Summarize the content directly without adding personal commentary or interpretations. Do not infer or speculate about missing information.
- Preserve the original wording for important content and ensure that all entity names remain consistent with the original documents.` +
  // Adaptation (see header): how to say that nothing is relevant.
  `

If the documents hold nothing relevant to the question, reply exactly: ${NOTHING_RELEVANT}`;

export function build(
  question: string,
  history: readonly string[],
  entity: string,
  queries: readonly string[],
  documents: readonly PromptPassage[],
) {
  const q = queries.length ? `Queries: ${queries.join('; ')}\n` : '';
  return chat(
    system,
    `${questionSection(question, history)}\n\nRetrieval - ${entity} -\n${q}${documentsOf(documents)}`,
  );
}

/** A summary that says the documents hold nothing: the reply we ask for, or the usual ways of saying it. */
const SAYS_NOTHING =
  /^(?:[*"'\s]*)(?:no relevant (?:information|content|knowledge|documents?)|none|n\/a|nothing relevant|(?:the )?(?:retrieved )?(?:documents?|content) (?:do(?:es)? not|don't|doesn't) (?:contain|provide|include|mention|hold) (?:any )?(?:relevant|information|useful))/i;

function readBody(reply: string, entity: string): KnowledgeFragment {
  const knowledge = reply.trim();
  if (knowledge.length === 0) throw new LlmOutputError(module, reply, 'the summary is empty');
  return { entity, knowledge, relevant: !SAYS_NOTHING.test(knowledge) };
}

/** The reply read after any think block, and the form it was read from (the entity does not change the form). */
export function read(reply: string, entity = ''): Read<KnowledgeFragment> {
  return readTextReply(reply, (body) => readBody(body, entity), module);
}

export function parse(reply: string, entity: string): KnowledgeFragment {
  return read(reply, entity).value;
}
