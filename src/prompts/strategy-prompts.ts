// The prompt set the strategies run with (core's StrategyPrompts port): one file per prompt, gathered
// here so hosts (engine worker, CLI) pass one object: runStrategy(name, q, { ..., prompts: STRATEGY_PROMPTS }, meta).
import type { ReplyForm } from '../core/llm/reply-form.ts';
import type { PromptInfo, StrategyPrompts } from '../core/strategies/prompt-port.ts';
import * as dualThought from './bdtr-dual-thought.ts';
import * as reasoningChain from './bdtr-reasoning-chain.ts';
import * as verifier from './bdtr-verifier.ts';
import * as dualragAnswer from './dualrag-answer.ts';
import * as dualragEntities from './dualrag-entity-identifier.ts';
import * as dualragReasoner from './dualrag-reasoner.ts';
import * as dualragSummarizer from './dualrag-knowledge-summarizer.ts';
import * as gcot from './gcot-step.ts';
import * as ircot from './ircot-step.ts';
import * as irgs from './irgs-generate.ts';
import * as composer from './planner-composer.ts';
import * as planner from './planner-step.ts';
import * as reader from './qa-reader.ts';
import * as tog from './tog-sufficiency.ts';
import * as route from './auto-route.ts';
import * as gearQa from './gear-qa.ts';
import * as gearReasoning from './gear-reasoning.ts';
import * as gearRewrite from './gear-query-rewrite.ts';
import { GEAR_READ_PROMPT } from './gear-read-port.ts';

interface PromptFile {
  module: string;
  version: string;
  build: unknown;
  parse: unknown;
  read(reply: string): { form: ReplyForm };
}

/** A prompt file as a port entry; `json` asks for JSON mode. */
function port<P extends PromptFile>(p: P, json?: true): Pick<P, 'module' | 'version' | 'build' | 'parse'> & PromptInfo {
  const { module, version, build, parse } = p;
  return { module, version, ...(json ? { json } : {}), build, parse, form: (r) => p.read(r).form };
}

export const STRATEGY_PROMPTS: StrategyPrompts = {
  dualThought: port(dualThought),
  reasoningChain: port(reasoningChain),
  verifier: port(verifier, true),
  ircot: port(ircot),
  tog: port(tog),
  gcot: port(gcot),
  irgs: port(irgs),
  answer: port(reader, true),
  gearRead: GEAR_READ_PROMPT,
  gearReason: port(gearReasoning),
  gearRewrite: port(gearRewrite),
  gearAnswer: port(gearQa),
  planner: port(planner, true),
  composer: port(composer, true),
  dualragReasoner: port(dualragReasoner, true),
  dualragEntities: port(dualragEntities, true),
  dualragSummarizer: port(dualragSummarizer),
  dualragAnswer: port(dualragAnswer, true),
  route: port(route, true),
};
