// Typed, validated arguments of `npm run eval`. Bad arguments raise UsageError with a sentence that
// says what was wrong; the CLI prints it with the usage text and exits 2.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { HopscopeError } from '../core/errors.ts';
import {
  aboutOf,
  BACKBONE_DESCRIPTORS,
  BACKBONES,
  backboneNeedsEmbedder,
  backboneOptionNames,
  backbonesWhere,
  DEFAULT_BACKBONE,
} from '../core/backbones/index.ts';
import {
  DEFAULT_STRATEGY,
  findStrategy,
  flatten,
  isStrategyName,
  REGISTRY,
  STRATEGIES,
  strategyDescriptor,
  type StrategyDescriptor,
} from '../core/strategies/index.ts';
import { isRegime, REGIMES } from '../core/strategies/regimes.ts';
import { parseCounterfactual, type CounterfactualSpec } from '../core/whatif/counterfactual.ts';
import { ROUND_MEANING, roundRows } from '../core/whatif/rounds.ts';
import { DEFAULT_CHUNK_WORDS } from '../core/documents/chunker.ts';
import { HIPPORAG2_DEFAULTS, type HippoRag2Seed } from '../core/retrievers/hipporag2.ts';
import { GRAPH_EXPANSION_DEFAULTS } from '../core/retrievers/graph-expansion.ts';
import { BEAM_DEFAULTS } from '../core/retrievers/triple-beam.ts';
import { DEFAULT_LEXICAL_SCORER } from '../core/triples/sequence-scorer.ts';

export class UsageError extends HopscopeError {
  override readonly name: string = 'UsageError';
  constructor(message: string) {
    super('eval', message);
  }
}

/** Wraps `text` to lines of at most `width` characters, each after `indent`. */
function wrap(text: string, indent: string, width = 104): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => indent + l).join('\n');
}

/** The CLI's strategy help: each strategy of a registry list, its title, paper and explanation. */
export function strategyHelp(registry: readonly StrategyDescriptor[]): string {
  return flatten(registry)
    .filter((d) => d.kind !== 'baseline')
    .map((d) => `  ${d.name} · ${d.title} · ${d.paper}\n${wrap(d.explanation, '      ')}`)
    .join('\n');
}

/** What @R names per strategy (the counterfactual specs' round), from each descriptor's declaration. */
function roundsHelp(registry: readonly StrategyDescriptor[]): string {
  return `${wrap(ROUND_MEANING + ':', '  ')}\n${roundRows(registry)
    .filter(([name]) => flatten(registry).find((d) => d.name === name)?.kind !== 'baseline')
    .map(([name, , round]) => `  ${name}\n${wrap(round, '      ')}`)
    .join('\n')}`;
}

// What a flag accepts, read off the descriptors (the strategies' option shapes, the backbones' option schemas),
// so the CLI restates no descriptor's list of values.
/** The values of an enum schema under any optional, nullable or default wrappers; none for another schema. */
function enumValues(schema: unknown): string[] {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap();
  return s instanceof z.ZodEnum ? s.options.map(String) : [];
}

function union(lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

/** The values strategy option `option` takes, over every strategy that has it (in the registry's order). */
function strategyChoices(option: string): string[] {
  return union(flatten(REGISTRY).map((d) => enumValues((d.shape as Record<string, unknown>)[option])));
}

/** The values backbone option `option` takes, over every backbone whose schema has it. */
function backboneChoices(option: string): string[] {
  return union(
    BACKBONES.map((n) => {
      const schema = BACKBONE_DESCRIPTORS[n].options as { shape?: Record<string, unknown> };
      return enumValues(schema.shape?.[option]);
    }),
  );
}

/** Questions run at once unless --concurrency says otherwise. */
const DEFAULT_CONCURRENCY = 1;
/** Where LLM replies are cached unless --cache-dir says otherwise. */
const DEFAULT_CACHE_DIR = '.cache/llm';
/** What seeds HippoRAG 2's PPR (--seed), read off the backbones' option schemas. */
const SEEDS = backboneChoices('seed');
/** Graph expansion's beam scorers (--ge-scorer), the lexical default marked. */
const GE_SCORERS = backboneChoices('scorer')
  .map((s) => (s === DEFAULT_LEXICAL_SCORER ? `${s} (default without an embedder)` : s))
  .join(', ');

/** "BDTR rounds (default 2)": the default strategy's rounds, read off its descriptor. */
const DEFAULT_ROUNDS_HELP = (() => {
  const d = strategyDescriptor(DEFAULT_STRATEGY);
  return `${d.title} rounds (default ${String(d.parse(undefined).rounds)})`;
})();

/** The usage text for a registry list (the CLI prints it with every usage error). */
export const usage = (registry: readonly StrategyDescriptor[]) => `usage:
  npm run eval -- --dataset <dir> --retriever <${BACKBONES.join('|')}> [--k 1,2,5,10,20,50,100,200] [--limit N] [--out results.json]
  npm run eval -- --dataset <dir> --retriever <backbone> --strategy <name> --llm <offline|openai|replay:trace.json> [--rounds R]
                 [--concurrency C] [--limit N] [--out results.json] [--traces dir]
  npm run eval -- --dataset <dir> --predictions answers.json [--out scores.json]
  npm run eval -- --dataset <dir> --score-traces <dir> [--k 2,5,10] [--out results.json]

options:
  --dataset <dir>       a folder with one question file and one corpus file (e.g. ../shared/data/hotpotqa),
                        or a folder of documents (.pdf, .docx, .html, .md, .txt; PDF, Word or HTML among them):
                        each is split by its headings to passages titled "Document › section › subsection"
                        (PDF passages also name their pages); a file that cannot be read is named in a warning
  --questions <file>    questions for a folder of documents: .txt (one per line) or .jsonl with "question",
                        optional "answer" and "gold" (document file names or "file > heading > subheading");
                        without gold, Recall@k says n/a. Default: a *question*.txt/.jsonl file in the folder
  --chunk-words <N>     word budget per passage for a folder of documents (default ${DEFAULT_CHUNK_WORDS}; never inside a sentence)
  --retriever <name>    backbone retriever
  --base <name>         base retriever under hipporag2, naivege, syncge (default ${DEFAULT_BACKBONE})
  --openie <file>       HippoRAG OpenIE triples file for hipporag2, graphrag, naivege, syncge (default: offline extractor)
  --query-ner <file>    HippoRAG query NER file (TSV) for hipporag2, graphrag: the query entities it lists
                        (queries not in it: offline extractor)
  --seed <${SEEDS.join('|')}>  what seeds hipporag2's PPR: retrieved facts (HippoRAG 2, default; filtered by
                        the recognition-memory prompt with an OpenAI-compatible --llm) or linked query entities
  --ge-scorer <name>    naivege/syncge beam scorer: ${GE_SCORERS}
  --ge-gamma <n|inf>    naivege/syncge diversity gamma (default 2 x width = ${2 * BEAM_DEFAULTS.width}; inf = no diversity, Table 4)
  --ge-seeds <n>        naivege/syncge: base passages the expansion starts from (default ${GRAPH_EXPANSION_DEFAULTS.seedTop}); GEAR App. B.2's
                        single-step protocol uses k seeds and a k-deep base list: --ge-seeds k --k k
  --model <path|id>     the embedding model (dense/hybrid) or the LLM model (--llm openai); when both
                        are needed, say which with --embed-model and --llm-model
  --base-url <url>      OpenAI-compatible server for --llm openai (e.g. http://127.0.0.1:11434/v1)
  --api-key-env <VAR>   environment variable holding the API key (never written anywhere)
  --max-tokens <N>      max_tokens for every LLM call that sets none (default: the server's own limit)
  --k <list>            cut-offs for Recall@k and AllGold@k
  --limit <N>           only the first N questions
  --concurrency <C>     questions run at once (default ${DEFAULT_CONCURRENCY})
  --strategy <names>    one of the strategies below; a comma list runs several on the same questions and
                        adds their complementarity (BDTR Fig. 3)
  --llm <spec>          offline (the offline thinker, no LLM: heuristic, labelled), openai (with --base-url,
                        --model, [--api-key-env VAR], [--no-json-mode]), openai:MODEL@URL, or replay:<trace file|traces dir>;
                        a comma list runs every model on the same questions (models side by side)
  --regime <names>      evidence regimes (paper 004): iterative, no-context, gold-context (an oracle: the reader
                        gets the gold passages); a comma list writes { "regimes": { "<name>": {...} } } per strategy
  --rounds <R>          ${DEFAULT_ROUNDS_HELP}; the step cap for IRCoT/IRGS/ToG-style/GCoT-style
  --reader-top <N|all>  passages the reading module reads (the QA reader, the planner's composer, GEAR's J.3
                        reader, DualRAG w/o KO's answer; default: each strategy's paper setting: 5, all of BDTR's
                        D_final, all of IRCoT's collection, the planner's last context); --reader-top 5 gives every
                        strategy the same budget (refused for DualRAG with its outline, which reads summaries)
  --equal-budget <N>    also run each strategy whose reader budget differs with readerTop N (retrievals are
                        memoised, so only the reader calls repeat) and report EM/F1 and passages read at that
                        equal budget (n/a for DualRAG with its outline)
  --retrieval-memo <f>  keep the memoised retrievals in this JSON file across runs of the same dataset and
                        backbone (loaded if present, written at the end; a file of another backbone is refused)
  --normalize <mode>    none (raw backbone scores into the Eq. 4 max-update, as BDTR writes it) or minmax
                        (per-retrieval min-max first); unset, every strategy that merges several queries
                        follows the backbone: none for PPR mass, cosine and RRF scores, minmax for BM25,
                        RAPTOR and GraphRAG
  --stop <mode>         fixed (default: run --rounds rounds), stable (stop when a round left the top-5 set
                        unchanged and its thoughts repeat earlier queries), llm (stop when the sufficiency
                        check, Fig. 11, answers); with stable/llm, --rounds is the cap
  --decide <${strategyChoices('decide').join('|')}>   auto's router: the fitted decision tree (default, no LLM call) or the LLM's own
                        judgment (one route call; with --llm offline a labelled wording heuristic)
  --counterfactual <s>  after each question's plain run, rerun it with an intervention (docs/what-if.md): rerun
                        (no change: must equal the plain run), gold-bridge@R / gold-all@R (oracle: the
                        question's bridge / gold passages pinned at the top of the pool after round R's
                        retrieval; R per strategy under "rounds" below),
                        drop-promoted (the verifier selects nothing); adds failed/fixed/broken per strategy
  --cache-dir <dir>     where LLM replies are cached (default ${DEFAULT_CACHE_DIR}; "off" for none): a rerun of the
                        same batch makes no LLM calls
  --traces <dir>        write one trace per question (and resume: finished traces there are reused)
  --judge <spec>        Acc† (DualRAG Fig. 8 LLM judge) over the finished answers, after the runs: openai
                        (same --base-url/--api-key-env; model --judge-model or the LLM's) or replay:<file>;
                        reported as Acc†, never as EM
  --judge-model <name>  the judge's model for --judge openai
  --reranker-model <dir> DualRAG's Eq. 8 cross-encoder: a local transformers.js folder (config, tokenizer,
                        onnx/model.onnx; e.g. an ONNX bge-reranker); default the lexical reranker (heuristic)
  --export-ft <file>    DualRAG-FT training data (JSONL): one chat example per Reasoner / Entity Identifier /
                        Knowledge Summarizer call of every correctly answered question (EM or Acc = 1; Acc†
                        when judged); dualrag strategies only. Each line names the model and prompt
                        versions it came from. DualRAG §3.2's post-processing (entity de-duplication,
                        summaries repaired against the gold documents) is not applied
  --export-ft-offline   let --export-ft write the offline thinker's replies (a heuristic stand-in, not a
                        model), each line labelled source "offline-thinker"; refused without this flag
  --out <file>          write JSON results
  --predictions <file>  score given answers {questionId: answerText}
  --score-traces <dir>  recompute every metric from a folder of traces (v1 or v2, CLI or browser exports);
                        runs nothing

strategies (--strategy):
${strategyHelp(registry)}

rounds (@R in --counterfactual, docs/what-if.md):
${roundsHelp(registry)}`;

export const USAGE = usage(REGISTRY);

const fineTunable = () =>
  flatten(REGISTRY)
    .filter((d) => d.exportsFineTuning)
    .map((d) => d.name)
    .join(', ');

function counterfactualArg(value: string): CounterfactualSpec {
  try {
    return parseCounterfactual(value);
  } catch (e) {
    throw new UsageError(`--counterfactual: ${(e as Error).message.replace(/^whatif: /, '')}`);
  }
}

const DEFAULT_KS = [1, 2, 5, 10, 20, 50, 100, 200];

/** The parsed arguments of `npm run eval` (what parseEvalArgs returns). */
export type EvalArgs = ReturnType<typeof parseEvalArgs>;

/** `{ [key]: value }` when the flag was given, nothing otherwise (an absent flag is an absent key). */
const given = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value !== undefined && !(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T | undefined;
}

/** Every flag of `npm run eval`. */
const FLAGS = {
  dataset: { type: 'string' },
  retriever: { type: 'string' },
  base: { type: 'string' },
  openie: { type: 'string' },
  'query-ner': { type: 'string' },
  'ge-scorer': { type: 'string' },
  'ge-gamma': { type: 'string' },
  'ge-seeds': { type: 'string' },
  seed: { type: 'string' },
  model: { type: 'string' },
  k: { type: 'string' },
  limit: { type: 'string' },
  concurrency: { type: 'string' },
  out: { type: 'string' },
  predictions: { type: 'string' },
  'score-traces': { type: 'string' },
  strategy: { type: 'string' },
  llm: { type: 'string' },
  regime: { type: 'string' },
  rounds: { type: 'string' },
  'reader-top': { type: 'string' },
  'equal-budget': { type: 'string' },
  'retrieval-memo': { type: 'string' },
  normalize: { type: 'string' },
  stop: { type: 'string' },
  decide: { type: 'string' },
  traces: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-env': { type: 'string' },
  'llm-model': { type: 'string' },
  'embed-model': { type: 'string' },
  'no-json-mode': { type: 'boolean' },
  'max-tokens': { type: 'string' },
  'cache-dir': { type: 'string' },
  judge: { type: 'string' },
  'judge-model': { type: 'string' },
  'export-ft': { type: 'string' },
  'export-ft-offline': { type: 'boolean' },
  'reranker-model': { type: 'string' },
  counterfactual: { type: 'string' },
  questions: { type: 'string' },
  'chunk-words': { type: 'string' },
} as const;

/** The flags as given (absent: undefined). */
type Flags = { [F in keyof typeof FLAGS]?: (typeof FLAGS)[F]['type'] extends 'boolean' ? boolean : string };

/** Flags that only a strategy run reads. */
const STRATEGY_ONLY = [
  'rounds',
  'traces',
  'regime',
  'judge',
  'export-ft',
  'reranker-model',
  'reader-top',
  'equal-budget',
  'retrieval-memo',
  'normalize',
  'stop',
  'decide',
  'counterfactual',
] as const;

export function parseEvalArgs(argv: string[]) {
  const values = readFlags(argv);
  checkModes(values);
  checkBackboneFlags(values);
  checkStrategyFlags(values);
  const needsEmbed =
    values.retriever !== undefined &&
    backboneNeedsEmbedder(values.retriever, values.base !== undefined ? { base: values.base } : {});
  const llms = (values.llm?.split(',') ?? []).map((s) => s.trim()).filter(Boolean);
  if (new Set(llms).size !== llms.length) throw new UsageError(`--llm names a model twice: ${values.llm}`);
  const needsLlmModel = llms.includes('openai');
  if (values.model && needsEmbed && needsLlmModel)
    throw new UsageError('--model is ambiguous here: use --embed-model for the embeddings and --llm-model for the LLM');
  const ks = (values.k ?? DEFAULT_KS.join(','))
    .split(',')
    .map((s) => positiveInt('k', s.trim()) as number)
    .sort((a, b) => a - b);
  return {
    dataset: values.dataset!,
    /** A questions file (.txt one per line, or .jsonl {question, answer?, gold?}) for a folder of documents. */
    ...given('questions', values.questions),
    /** Word budget of the document chunker (a folder of documents). */
    ...given('chunkWords', positiveInt('chunk-words', values['chunk-words'])),
    ...backboneArgs(values),
    model: values['embed-model'] ?? (needsEmbed ? values.model : undefined),
    ks: [...new Set(ks)],
    limit: positiveInt('limit', values.limit),
    concurrency: positiveInt('concurrency', values.concurrency) ?? DEFAULT_CONCURRENCY,
    out: values.out,
    predictions: values.predictions,
    /** A folder of traces to score without running anything. */
    scoreTraces: values['score-traces'],
    ...strategyArgs(values, llms),
    llmRest: {
      baseUrl: values['base-url'],
      apiKeyEnv: values['api-key-env'],
      model: values['llm-model'] ?? (needsLlmModel ? values.model : undefined),
      jsonMode: !values['no-json-mode'],
      maxTokens: positiveInt('max-tokens', values['max-tokens']),
    },
  };
}

function readFlags(argv: string[]): Flags {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: FLAGS }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** What runs: retrieval, predictions or traces scoring, strategies (which must exist), and what each needs. */
function checkModes(values: Flags): void {
  if (!values.dataset) throw new UsageError('--dataset <dir> is required');
  if (values['score-traces'] !== undefined) {
    const clash = (['retriever', 'predictions', 'strategy', 'llm', 'traces'] as const).find(
      (f) => values[f] !== undefined,
    );
    if (clash) throw new UsageError(`--score-traces runs nothing: it cannot be combined with --${clash}`);
  } else if (!values.retriever && !values.predictions)
    throw new UsageError('give --retriever <name>, --predictions <file> or --score-traces <dir>');
  if (values.retriever && values.predictions)
    throw new UsageError('--retriever and --predictions cannot be used together');
  if (values.strategy && !values.retriever) throw new UsageError('--strategy needs --retriever <backbone>');
  if (values.strategy && !values.llm) throw new UsageError('--strategy needs --llm <offline|openai|replay:trace.json>');
  for (const name of values.strategy?.split(',') ?? []) {
    if (!isStrategyName(name.trim()))
      throw new UsageError(
        `--strategy: unknown strategy "${name}" (available: ${STRATEGIES.join(', ')}; several with commas)`,
      );
  }
}

/** The backbone's flags: its own use of --llm, graph expansion's gamma, HippoRAG 2's seed and query NER. */
function checkBackboneFlags(values: Flags): void {
  // raptor, graphrag and hipporag2 use an OpenAI-compatible LLM on their own too (summaries, community
  // reports, the recognition-memory fact filter), syncge its read step.
  const about = aboutOf(values.retriever);
  const llmBackbone = about?.usesLlm !== undefined;
  const llmUsers = backbonesWhere((a) => a.usesLlm !== undefined);
  const namesOpenAi = (values.llm ?? '')
    .split(',')
    .some((l) => l.trim() === 'openai' || l.trim().startsWith('openai:'));
  const reads = about?.needs.includes('read') ?? false;
  if (values.llm && !values.strategy && !reads && !(llmBackbone && namesOpenAi))
    throw new UsageError(
      `--llm is used by --strategy (or, as an OpenAI-compatible --llm, by ${llmUsers.join(', ')} for ${llmUsers
        .map((n) => aboutOf(n)!.usesLlm!.split(' (')[0])
        .join(', ')}); give --strategy <name> as well`,
    );
  if (reads && !values.llm)
    throw new UsageError(
      `--retriever ${values.retriever} reads passages with an LLM: give --llm <offline|openai|replay:...>`,
    );
  const gamma = values['ge-gamma'];
  if (gamma !== undefined && gamma !== 'inf' && !(Number(gamma) > 0))
    throw new UsageError(`--ge-gamma: expected a number > 0 or "inf", got "${gamma}"`);
  if (values.seed !== undefined && !SEEDS.includes(values.seed))
    throw new UsageError(`--seed must be ${SEEDS.join(' or ')}, got "${values.seed}"`);
  const nerBackbones = backbonesWhere((a) => a.uses.includes('queryEntities'));
  if (values['query-ner'] !== undefined && !nerBackbones.some((n) => n === values.retriever))
    throw new UsageError(`--query-ner is an option of --retriever ${nerBackbones.join(' or ')}`);
  const seeded = BACKBONES.filter((n) => backboneOptionNames(n).includes('seed'));
  if (values.seed !== undefined && !seeded.some((n) => n === values.retriever))
    throw new UsageError(`--seed is an option of --retriever ${seeded.join(' or ')}`);
}

/** A strategy run's flags: regimes, the judge, DualRAG-FT's export, and the flags nothing else reads. */
function checkStrategyFlags(values: Flags): void {
  for (const name of values.regime?.split(',') ?? []) {
    if (!isRegime(name.trim()))
      throw new UsageError(
        `--regime: unknown regime "${name}" (available: ${REGIMES.join(', ')}; several with commas)`,
      );
  }
  if (values.judge === 'offline')
    throw new UsageError(
      '--judge offline: the offline thinker cannot judge answers; give --judge openai or --judge replay:<file>',
    );
  if (
    values['export-ft'] !== undefined &&
    !values.strategy?.split(',').some((x) => findStrategy(x.trim())?.exportsFineTuning)
  )
    throw new UsageError(
      `--export-ft needs a dualrag strategy (one of ${fineTunable()}): it exports the Reasoner, Entity Identifier and Knowledge Summarizer calls`,
    );
  if (values['export-ft-offline'] && values['export-ft'] === undefined)
    throw new UsageError('--export-ft-offline only applies with --export-ft <file>');
  if (
    values['export-ft'] !== undefined &&
    !values['export-ft-offline'] &&
    values.llm?.split(',').some((x) => x.trim() === 'offline')
  )
    throw new UsageError(
      "--export-ft with --llm offline: the offline thinker is a heuristic stand-in, not a model, so its replies are not training data; add --export-ft-offline to export them anyway, each line labelled as the offline thinker's",
    );
  for (const flag of STRATEGY_ONLY) {
    if (values[flag] !== undefined && !values.strategy) throw new UsageError(`--${flag} needs --strategy <name>`);
  }
}

/** The backbone, its base and its options (graph expansion's, HippoRAG 2's seed), and the files it reads. */
function backboneArgs(values: Flags) {
  const gamma = values['ge-gamma'];
  return {
    retriever: values.retriever ? choice('retriever', values.retriever, BACKBONES) : undefined,
    base: (values.base ? choice('base', values.base, BACKBONES) : undefined) ?? DEFAULT_BACKBONE,
    openie: values.openie,
    ...given('queryNer', values['query-ner']),
    /** naivege/syncge backbone options (scorer, gamma, seedTop). */
    geOptions: {
      ...given('scorer', values['ge-scorer']),
      ...given('gamma', gamma === undefined ? undefined : gamma === 'inf' ? null : Number(gamma)),
      ...given('seedTop', positiveInt('ge-seeds', values['ge-seeds'])),
    } as Record<string, unknown>,
    /** hipporag2: 'facts' (HippoRAG 2, default) or 'entities'. */
    seed: (values.seed ?? HIPPORAG2_DEFAULTS.seed) as HippoRag2Seed,
  };
}

/** The strategies, their LLMs and regimes, their options, and what is written or judged after the runs. */
function strategyArgs(values: Flags, llms: string[]) {
  const readerTop = values['reader-top'];
  return {
    /** One or more strategies (comma list); several run on the same questions and get a complementarity table. */
    strategies: (values.strategy?.split(',') ?? []).map((s) => s.trim()).filter(isStrategyName),
    llm: values.llm,
    /** Every LLM of `--llm a,b` (one entry without a comma). */
    llms,
    /** Evidence regimes of `--regime` (empty = iterative only, the JSON shape without "regimes"). */
    regimes: [...new Set((values.regime?.split(',') ?? []).map((s) => s.trim()).filter(isRegime))],
    rounds: positiveInt('rounds', values.rounds),
    /** Reader budget for every strategy (default: each strategy's own). */
    ...given('readerTop', readerTop === 'all' ? ('all' as const) : positiveInt('reader-top', readerTop)),
    /** Also report EM with every strategy reading this many passages. */
    ...given('equalBudget', positiveInt('equal-budget', values['equal-budget'])),
    /** JSON file carrying memoised retrievals across runs (same dataset and backbone). */
    ...given('retrievalMemo', values['retrieval-memo']),
    ...given('normalize', choice('normalize', values.normalize, strategyChoices('normalize') as ('minmax' | 'none')[])),
    ...given('stop', choice('stop', values.stop, strategyChoices('stop') as ('fixed' | 'stable' | 'llm')[])),
    /** auto's router: fitted rule or the LLM's judgment. */
    ...given('decide', choice('decide', values.decide, strategyChoices('decide') as ('rule' | 'llm')[])),
    traces: values.traces,
    /** Where LLM replies are cached (default .cache/llm); "off" turns the cache off. */
    cacheDir: values['cache-dir'] === 'off' ? (false as const) : (values['cache-dir'] ?? DEFAULT_CACHE_DIR),
    /** Acc† judge LLM spec (an evaluation pass after the runs). */
    ...given('judge', values.judge),
    ...given('judgeModel', values['judge-model']),
    /** DualRAG-FT JSONL output file, and whether the offline thinker's replies may go in it (labelled). */
    ...given('exportFt', values['export-ft']),
    ...given('exportFtOffline', values['export-ft-offline'] || undefined),
    /** Local cross-encoder folder for DualRAG's reranker. */
    ...given('rerankerModel', values['reranker-model']),
    /** The intervention each question's plain run gets afterwards (src/core/whatif). */
    ...given(
      'counterfactual',
      values.counterfactual === undefined ? undefined : counterfactualArg(values.counterfactual),
    ),
  };
}
