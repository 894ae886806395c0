// DualRAG Fig. 6 "Prompt for Entity Identifier": E^t, {Q^t(e)} = M_EI(K^(t-1), x, r^t) (Eq. 5), the key
// entities of the current knowledge demand, each with its retrieval queries. The figure's text is
// verbatim as the system turn (its bold spans as plain text). Ours: no demonstrations ("Example
// {few-shots}" prints none; zero-shot, heading dropped); the user turn (dualrag-outline.ts) plus the
// entity list the figure promises ("I will extract a list of entities from previous reasoning
// processes"), given when the caller has one; and, as the figure prints no output format, a JSON
// object {"entities": [{"entity", "queries"}]} validated with a schema, which asks to reuse an
// outline entity's name for the same entity (the paper's linking to earlier iterations, §3.1.1).
import { z } from 'zod';
import type { EntityQueries } from '../core/strategies/prompt-port.ts';
import { questionSection, type DualKnowledge } from './dualrag-outline.ts';
import { LlmOutputError, readJsonReply, chat } from './parse.ts';

export const module = 'dualrag.entity-identifier';
export const version = 'dualrag-fig6/1';

export const system =
  `Background
Currently, there is a knowledge question that needs to be solved, and a retrieval tool can be used to find relevant knowledge to assist you in resolving the issue.
For knowledge question tasks, it is important to have a grasp of the knowledge, which is organized by entities, each of which has a segment of knowledge.

Task Description
Your current task is to identify what additional knowledge is needed based on the given question, the existing knowledge, and the previous reasoning history, and to generate retrieval keywords.

Identify What Additional Knowledge is Needed
A knowledge point is a key piece of information necessary to solve the current problem. It often revolves around a noun-like entity, which can be a person, location, organization, event, or proper noun.
To help you identify the required knowledge, I will extract a list of entities from previous reasoning processes. These entities can help you pinpoint key knowledge points. They may not all be accurate, but they are generally helpful for guidance.

Generate Retrieval Keywords
- The generated retrieval keywords will be used by a dense retrieval tool. The keywords should meet the requirements of this tool to ensure relevant documents are retrieved.
- For the same knowledge point, it may be necessary to retrieve multiple sub-knowledge points. Ensure that the generated retrieval keywords cover all the required sub-knowledge points. However, focus only on the knowledge points relevant to the current question and avoid excessive retrieval.
- For a single sub-knowledge point, to improve the recall of relevant documents, you may need multiple retrieval keywords with the same meaning but different expressions. However, for similar-meaning keywords, retain at most two variations.` +
  // Adaptation (see header): the output format.
  `

Reply with one JSON object {"entities": [{"entity": "<the entity the knowledge point revolves around; if it is an entity already in the existing knowledge, use that name>", "queries": ["<retrieval keywords>", ...]}, ...]} and nothing else.`;

/** `history` ends with r^t; `hints` is the entity list extracted from the reasoning (omitted when empty). */
export function build(
  question: string,
  outline: DualKnowledge,
  history: readonly string[],
  hints: readonly string[] = [],
) {
  const entities = hints.length ? `\n\nEntities from previous reasoning: ${hints.join('; ')}` : '';
  return chat(system, questionSection(question, history, outline) + entities);
}

const text = z.string().trim().min(1, 'is empty');
export const schema = z.object({
  entities: z
    .array(z.object({ entity: text, queries: z.array(text).min(1, 'no queries for this entity') }))
    .min(1, 'no entities: nothing to retrieve'),
});

/** "Entity: X" lines, each followed by "Queries: q1; q2" (or the queries as bullet lines). */
function textFormat(body: string): unknown {
  const entities: { entity: string; queries: string[] }[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\*\*/g, '').trim();
    const entity = /^[-*\d.\s]*entity\s*:\s*(.+)$/i.exec(line);
    if (entity) {
      entities.push({ entity: entity[1]!.trim(), queries: [] });
      continue;
    }
    const current = entities.at(-1);
    if (!current) continue;
    const queries = /^[-*\s]*(?:retrieval )?(?:queries|query|keywords)\s*:\s*(.*)$/i.exec(line);
    if (queries) current.queries.push(...queries[1]!.split(/\s*[;|]\s*/));
    else if (/^[-*]\s+\S/.test(line)) current.queries.push(line.replace(/^[-*]\s+/, ''));
  }
  const cleaned = entities.map((e) => ({
    entity: e.entity,
    queries: e.queries.map((q) => q.replace(/^["“]|["”]$/g, '').trim()).filter(Boolean),
  }));
  return cleaned.length > 0 ? { entities: cleaned } : undefined;
}

export const read = (reply: string) => readJsonReply(module, reply, schema, textFormat);

/** E^t with Q^t(e): entities named twice (ignoring case) merged, queries trimmed and de-duplicated. */
export function parse(reply: string): EntityQueries[] {
  const { entities } = read(reply).value;
  const out: EntityQueries[] = [];
  for (const e of entities) {
    const entity = e.entity.trim();
    let entry = out.find((o) => o.entity.toLowerCase() === entity.toLowerCase());
    if (!entry) out.push((entry = { entity, queries: [] }));
    for (const q of e.queries.map((x) => x.trim())) {
      if (!entry.queries.some((x) => x.toLowerCase() === q.toLowerCase())) entry.queries.push(q);
    }
  }
  if (out.length === 0) throw new LlmOutputError(module, reply, 'no entities');
  return out;
}
