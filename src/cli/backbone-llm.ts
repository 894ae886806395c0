// Which LLM a backbone built by the CLI calls: the first OpenAI-compatible model among --llm (replay and
// the offline thinker are no LLM for a backbone; it then runs its labelled stand-in). One function, read
// by the builder (src/cli/retriever.ts) and by the run configuration (src/cli/run-config.ts), so the LLM
// that wrote RAPTOR's summaries, GraphRAG's reports or HippoRAG 2's filter is always part of the key.
import { backboneLlmRole } from '../core/backbones/about.ts';
import type { EvalArgs } from './args.ts';
import { llmSpecFrom, type LlmSpec } from './llm-spec.ts';

export type OpenAiSpec = Extract<LlmSpec, { kind: 'openai' }>;

export function backboneLlmSpec(
  args: Pick<EvalArgs, 'retriever' | 'seed' | 'llm' | 'llms' | 'llmRest'>,
): OpenAiSpec | undefined {
  if (!args.retriever || !backboneLlmRole(args.retriever, { seed: args.seed })) return undefined;
  const names = args.llms.length ? args.llms : args.llm ? [args.llm] : [];
  for (const name of names) {
    const spec = llmSpecFrom({ llm: name, ...args.llmRest });
    if (spec.kind === 'openai') return spec;
  }
  return undefined;
}
