// The `auto` router's LLM-judgment option (BDTR open question 3: "let the model judge the question's
// complexity"): one call that picks the route for a question before any retrieval round. The paper
// prints no prompt: this prompt is OURS. The model sees the question, the titles of the base
// retriever's top passages and the menu of routes with their cost in LLM calls; it replies with one
// JSON object, validated with zod against the routes offered.
import { z } from 'zod';
import type { RouteOption, RouteReply } from '../core/strategies/prompt-port.ts';
import { firstLine, labelled, LlmOutputError, readJsonReply, chat } from './parse.ts';

export const module = 'auto.route';
export const version = 'hopscope-auto-route/1';

export const system = `You choose how to retrieve evidence for a question before any reasoning starts. Cheaper routes are better when they suffice:
- a single retrieval is enough when one passage answers the question (a simple fact about one named entity);
- iterative routes are needed for multi-hop questions (the answer is about an entity the question only describes, e.g. "the director of the film X"), comparisons of two or more entities, and questions whose first retrieval looks off-topic.
Pick exactly one route from the menu. Reply with one JSON object and nothing else:
{"route": "<route name>", "reason": "<one short sentence>"}`;

export function userTurn(question: string, routes: readonly RouteOption[], titles: readonly string[]): string {
  const menu = routes
    .map((r) => `- ${r.name} (${r.calls} LLM call${r.calls === 1 ? '' : 's'}): ${r.description}`)
    .join('\n');
  const top = titles.length ? titles.map((t, i) => `${i + 1}. ${t}`).join('\n') : '(nothing retrieved)';
  return `Routes:\n${menu}\n\nTop passages of a single retrieval (titles):\n${top}\n\nQuestion: ${question}\nYour JSON:`;
}

export const build = (...args: Parameters<typeof userTurn>) => chat(system, userTurn(...args));

export const schema = z.object({ route: z.string().trim().min(1), reason: z.string().default('') });

/** "Route: <name>" with an optional "Reason: ..." line. */
function textFormat(body: string): unknown {
  const labels = ['Route', 'Reason'];
  const route = labelled(body, 'Route', labels);
  if (route === undefined) return undefined;
  return { route: firstLine(route).replace(/[`"'.]/g, ''), reason: labelled(body, 'Reason', labels) ?? '' };
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

/** The chosen route; a name not on the menu raises LlmOutputError (the trace records it). */
export function parse(reply: string, offered: readonly string[]): RouteReply {
  const out = read(reply).value;
  const name = out.route.toLowerCase();
  if (!offered.includes(name))
    throw new LlmOutputError(module, reply, `route "${out.route}" is not one of ${offered.join(', ')}`);
  return { route: name, reason: out.reason.trim() };
}
