// GraphRAG's community report prompt (microsoft/graphrag, prompts/index/community_report.py), shortened:
// the same role, goal and JSON report structure (title, summary, rating, rating_explanation, findings
// with summary and explanation), over the community's entities and relations as CSV tables. The long
// grounding rules and the worked example are left out to keep the prompt within small local models'
// context; the version says so.
import { z } from 'zod';
import { parseJsonReply, chat } from './parse.ts';

export const module = 'graphrag.community-report';
export const version = 'graphrag-community-report/1-short';

export const system = `You are an AI assistant that helps a human analyst to perform general information discovery. Information discovery is the process of identifying and assessing relevant information associated with certain entities (e.g., organizations and individuals) within a network.

# Goal
Write a comprehensive report of a community, given a list of entities that belong to the community as well as their relationships. The content of this report includes an overview of the community's key entities, their relationships and noteworthy claims.

# Report Structure
The report should include the following sections:
- TITLE: community's name that represents its key entities - title should be short but specific.
- SUMMARY: An executive summary of the community's overall structure, how its entities are related to each other, and significant information associated with its entities.
- IMPACT SEVERITY RATING: a float score between 0-10 that represents the severity of IMPACT posed by entities within the community.
- RATING EXPLANATION: Give a single sentence explanation of the IMPACT severity rating.
- DETAILED FINDINGS: A list of 5-10 key insights about the community. Each insight should have a short summary followed by multiple paragraphs of explanatory text.

Return output as a well-formed JSON-formatted string with the following format:
{"title": <report_title>, "summary": <executive_summary>, "rating": <impact_severity_rating>, "rating_explanation": <rating_explanation>, "findings": [{"summary": <insight_1_summary>, "explanation": <insight_1_explanation>}]}

Do not include information where the supporting evidence for it is not provided.`;

const csv = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function build(entities: readonly string[], relations: readonly (readonly [string, string, string])[]) {
  const entityRows = entities.map((e, i) => `${i},${csv(e)}`).join('\n');
  const relationRows = relations.map(([s, p, o], i) => `${i},${csv(s)},${csv(o)},${csv(p)}`).join('\n');
  return chat(
    system,
    `# Data\n\nEntities\n\nid,entity\n${entityRows}\n\nRelationships\n\nid,source,target,description\n${relationRows}\n\nOutput:`,
  );
}

export const schema = z.object({
  title: z.string().min(1),
  summary: z.string(),
  rating: z.number().optional(),
  rating_explanation: z.string().optional(),
  findings: z.array(z.object({ summary: z.string(), explanation: z.string() })),
});

export function parse(reply: string) {
  return parseJsonReply(module, reply, schema);
}
