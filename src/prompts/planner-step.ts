// The planner's step prompt (paper 004's training-free controller: "a planner agent that generates
// sub-queries or finalizes answers"). The paper prints no prompt text: this prompt is OURS, written for
// Hopscope from the paper's description (per step a partial answer, then either the next sub-query or
// FINALIZE with a sufficiency score in [0, 1]). Reply: one JSON object, validated with zod.
import { z } from 'zod';
import type { PlanHistory, PlanReply, PromptPassage } from '../core/strategies/prompt-port.ts';
import { numberedListing } from './bdtr-documents.ts';
import { firstLine, labelled, LlmOutputError, readJsonReply, chat } from './parse.ts';

export const module = 'planner.step';
export const version = 'hopscope-planner-step/1';

export const system = `You plan the retrieval for a multi-hop question, one step at a time. You see the question, the documents retrieved so far, and your earlier steps.
At each step:
1. Write your partial answer: what the documents establish so far, naming the entities found (for example the person, place or work a hop leads to).
2. Then either ask for more evidence or finalize:
   - "continue" with "next_query": one short search query for the missing hop. Build it on the entities you found (the anchors) rather than repeating the question.
   - "finalize" when the documents suffice to answer.
3. Give "sufficiency": how sufficient the documents are to answer the question, from 0 (nothing relevant) to 1 (fully sufficient).
4. List in "anchors" the entities from your partial answer that your next query builds on (empty when you finalize).
Reply with one JSON object and nothing else:
{"partial_answer": "...", "action": "continue" | "finalize", "next_query": "...", "sufficiency": 0.0, "anchors": ["..."]}`;

export function userTurn(
  question: string,
  documents: readonly PromptPassage[],
  history: readonly PlanHistory[],
  step: number,
  maxSteps: number,
): string {
  const docs = documents.length === 0 ? '(no documents)\n' : numberedListing(documents);
  const steps =
    history.length === 0
      ? '(none)'
      : history.map((h) => `Step ${h.step}: searched "${h.query}"; partial answer: ${h.partialAnswer}`).join('\n');
  return `${docs}\nQuestion: ${question}\nEarlier steps:\n${steps}\n\nThis is step ${step} of at most ${maxSteps}.${step >= maxSteps ? ' It is the last step: finalize.' : ''}\nYour JSON:`;
}

export const build = (...args: Parameters<typeof userTurn>) => chat(system, userTurn(...args));

export const schema = z.object({
  partial_answer: z.string(),
  action: z.enum(['continue', 'finalize']),
  next_query: z.string().optional(),
  sufficiency: z.number().min(0).max(1),
  anchors: z.array(z.string()).default([]),
});

const LABELS = ['Partial answer', 'Action', 'Next query', 'Sufficiency', 'Anchors'];

/**
 * The same fields as labelled lines ("Partial answer: ...", "Action: continue", "Next query: ...",
 * "Sufficiency: 0.4", "Anchors: a; b"), the way paper 004 describes a step; a bare FINALIZE counts as
 * the action.
 */
function textFormat(body: string): unknown {
  const field = (label: string) => labelled(body, label, LABELS);
  const partial = field('Partial answer')
    ?.replace(/^\s*(?:FINALIZE|CONTINUE)\s*$/gm, '')
    .trim();
  if (partial === undefined) return undefined;
  const action = (field('Action') ?? '').toLowerCase();
  const query = field('Next query');
  const sufficiency = Number(/\d*\.?\d+/.exec(field('Sufficiency') ?? '')?.[0]);
  return {
    partial_answer: partial,
    action:
      action.includes('finali') || (!action && /\bFINALIZE\b/.test(body))
        ? 'finalize'
        : action.includes('continue') || query
          ? 'continue'
          : action,
    ...(query !== undefined ? { next_query: firstLine(query).replace(/^["“]|["”]$/g, '') } : {}),
    sufficiency: Number.isFinite(sufficiency) ? sufficiency : undefined,
    anchors: (field('Anchors') ?? '')
      .split(/[;,\n]/)
      .map((a) => a.replace(/^[\s*-]+|["“”]/g, '').trim())
      .filter((a) => a && !/^(?:none|\(none\)|n\/a|\[\])$/i.test(a)),
  };
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

export function parse(reply: string): PlanReply {
  const out = read(reply).value;
  const query = out.next_query?.trim() ?? '';
  if (out.action === 'continue' && query === '')
    throw new LlmOutputError(module, reply, 'action "continue" needs a non-empty next_query');
  return {
    partialAnswer: out.partial_answer.trim(),
    action: out.action,
    ...(out.action === 'continue' ? { subquery: query } : {}),
    sufficiency: out.sufficiency,
    anchors: out.anchors.map((a) => a.trim()).filter(Boolean),
  };
}
