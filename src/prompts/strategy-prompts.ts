// The prompt set the strategies run with (core's StrategyPrompts port): one file per prompt, gathered
// here so hosts (engine worker, CLI) pass one object: runStrategy(name, q, { ..., prompts: STRATEGY_PROMPTS }, meta).
import type { StrategyPrompts } from '../core/strategies/prompt-port.ts';
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

export const STRATEGY_PROMPTS: StrategyPrompts = {
  dualThought: {
    module: dualThought.module,
    version: dualThought.version,
    build: dualThought.build,
    parse: dualThought.parse,
    form: (r) => dualThought.read(r).form,
  },
  reasoningChain: {
    module: reasoningChain.module,
    version: reasoningChain.version,
    build: reasoningChain.build,
    parse: reasoningChain.parse,
    form: (r) => reasoningChain.read(r).form,
  },
  verifier: {
    module: verifier.module,
    version: verifier.version,
    json: true,
    build: verifier.build,
    parse: verifier.parse,
    form: (r) => verifier.read(r).form,
  },
  ircot: {
    module: ircot.module,
    version: ircot.version,
    build: ircot.build,
    parse: ircot.parse,
    form: (r) => ircot.read(r).form,
  },
  tog: { module: tog.module, version: tog.version, build: tog.build, parse: tog.parse, form: (r) => tog.read(r).form },
  gcot: {
    module: gcot.module,
    version: gcot.version,
    build: gcot.build,
    parse: gcot.parse,
    form: (r) => gcot.read(r).form,
  },
  irgs: {
    module: irgs.module,
    version: irgs.version,
    build: irgs.build,
    parse: irgs.parse,
    form: (r) => irgs.read(r).form,
  },
  answer: {
    module: reader.module,
    version: reader.version,
    json: true,
    build: reader.build,
    parse: reader.parse,
    form: (r) => reader.read(r).form,
  },
  gearRead: GEAR_READ_PROMPT,
  gearReason: {
    module: gearReasoning.module,
    version: gearReasoning.version,
    build: gearReasoning.build,
    parse: gearReasoning.parse,
    form: (r) => gearReasoning.read(r).form,
  },
  gearRewrite: {
    module: gearRewrite.module,
    version: gearRewrite.version,
    build: gearRewrite.build,
    parse: gearRewrite.parse,
    form: (r) => gearRewrite.read(r).form,
  },
  gearAnswer: {
    module: gearQa.module,
    version: gearQa.version,
    build: gearQa.build,
    parse: gearQa.parse,
    form: (r) => gearQa.read(r).form,
  },
  planner: {
    module: planner.module,
    version: planner.version,
    json: true,
    build: planner.build,
    parse: planner.parse,
    form: (r) => planner.read(r).form,
  },
  composer: {
    module: composer.module,
    version: composer.version,
    json: true,
    build: composer.build,
    parse: composer.parse,
    form: (r) => composer.read(r).form,
  },
  dualragReasoner: {
    module: dualragReasoner.module,
    version: dualragReasoner.version,
    json: true,
    build: dualragReasoner.build,
    parse: dualragReasoner.parse,
    form: (r) => dualragReasoner.read(r).form,
  },
  dualragEntities: {
    module: dualragEntities.module,
    version: dualragEntities.version,
    json: true,
    build: dualragEntities.build,
    parse: dualragEntities.parse,
    form: (r) => dualragEntities.read(r).form,
  },
  dualragSummarizer: {
    module: dualragSummarizer.module,
    version: dualragSummarizer.version,
    build: dualragSummarizer.build,
    parse: dualragSummarizer.parse,
    form: (r) => dualragSummarizer.read(r, '').form,
  },
  dualragAnswer: {
    module: dualragAnswer.module,
    version: dualragAnswer.version,
    json: true,
    build: dualragAnswer.build,
    parse: dualragAnswer.parse,
    form: (r) => dualragAnswer.read(r).form,
  },
  route: {
    module: route.module,
    version: route.version,
    json: true,
    build: route.build,
    parse: route.parse,
    form: (r) => route.read(r).form,
  },
};
