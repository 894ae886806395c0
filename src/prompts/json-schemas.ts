// Each JSON prompt's reply schema as a JSON Schema (zod v4's z.toJSONSchema), by module: what the
// OpenAI-compatible provider sends as `response_format: {type: "json_schema"}` where the server has
// structured outputs. The replies are still validated with the prompt's zod schema on our side.
import { z } from 'zod';
import * as route from './auto-route.ts';
import * as dualragAnswer from './dualrag-answer.ts';
import * as dualragEntities from './dualrag-entity-identifier.ts';
import * as dualragReasoner from './dualrag-reasoner.ts';
import * as communityReport from './graphrag-community-report.ts';
import * as recognitionFilter from './hipporag2-recognition-filter.ts';
import * as ner from './openie-ner.ts';
import * as triples from './openie-triples.ts';
import * as composer from './planner-composer.ts';
import * as planner from './planner-step.ts';
import * as reader from './qa-reader.ts';
import * as verifier from './bdtr-verifier.ts';

export interface PromptJsonSchema {
  /** OpenAI's json_schema.name: letters, digits, _ and - only. */
  name: string;
  schema: Record<string, unknown>;
}

// The verifier's zod schema takes any entry (a bad index is dropped, not fatal); the wire asks for integers.
const verifierWire = z.object({ covered_doc_indices: z.array(z.number().int()) });

const SCHEMAS: [module: string, schema: z.ZodType][] = [
  [reader.module, reader.schema],
  [verifier.module, verifierWire],
  [planner.module, planner.schema],
  [composer.module, composer.schema],
  [dualragReasoner.module, dualragReasoner.schema],
  [dualragEntities.module, dualragEntities.schema],
  [dualragAnswer.module, dualragAnswer.schema],
  [route.module, route.schema],
  [ner.module, ner.schema],
  [triples.module, triples.schema],
  [recognitionFilter.module, recognitionFilter.schema],
  [communityReport.module, communityReport.schema],
];

const BY_MODULE = new Map<string, PromptJsonSchema>(
  SCHEMAS.map(([module, schema]) => {
    const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    return [module, { name: module.replace(/[^A-Za-z0-9_-]/g, '_'), schema: json }];
  }),
);

/** The JSON Schema of `module`'s reply, or undefined for a text-format prompt. */
export function promptJsonSchema(module: string): PromptJsonSchema | undefined {
  return BY_MODULE.get(module);
}
