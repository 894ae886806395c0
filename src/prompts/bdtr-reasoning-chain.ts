// BDTR Alg. 1 line 7: the reasoning chain RC generated from the final pool P_R. The paper does not
// print this prompt; this one is OURS, written to produce what the verifier prompt (Fig. 9) consumes:
// "Reasoning Chain (arrow format, >=4 nodes)" naming the direct question and the bridge relation.
import { poolAndQuestion, thoughtLines, type PromptPassage } from './bdtr-documents.ts';
import type { DualThought, ReasoningChain } from '../core/strategies/prompt-port.ts';
import { LlmOutputError, textPrompt, chat } from './parse.ts';

export const module = 'bdtr.reasoning-chain';
export const version = 'hopscope-reasoning-chain/1';

export const system = `You are an intelligent assistant skilled in multi-hop reasoning across multiple documents.
Write the reasoning chain that connects the question to its answer through the documents, in arrow format with at least 4 nodes: entity -> relation -> bridging entity -> relation -> ... -> target fact.
Rules:
- Start from the entity named in the question and pass through every bridging entity or relation needed.
- Use names exactly as they appear in the documents; write "?" for a node the documents do not yet give.
- Output only the chain on one line, and no other explanations.`;

export function build(question: string, pool: readonly PromptPassage[], thoughts: readonly DualThought[]) {
  const so = thoughts.length ? `\nThoughts so far:\n${thoughtLines(thoughts)}\n` : '';
  return chat(system, `${poolAndQuestion(question, pool)}${so}\nReasoning Chain:`);
}

/** The first line with an arrow; at least two nodes. */
function readBody(reply: string): ReasoningChain {
  const lineWithArrow = reply
    .split('\n')
    .map((l) => l.replace(/^\s*(?:reasoning chain\s*:)?\s*/i, '').trim())
    .find((l) => /->|→/.test(l));
  if (!lineWithArrow) throw new LlmOutputError(module, reply, 'no arrow-format chain ("A -> B -> ...")');
  const nodes = lineWithArrow
    .split(/\s*(?:->|→)\s*/)
    .map((n) => n.trim())
    .filter(Boolean);
  if (nodes.length < 2) throw new LlmOutputError(module, reply, 'the chain has fewer than two nodes');
  return { text: lineWithArrow, nodes };
}

export const { read, parse } = textPrompt(module, readBody);
