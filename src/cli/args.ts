// Typed, validated arguments of `npm run eval`. Bad arguments raise UsageError with a sentence that
// says what was wrong; the CLI prints it with the usage text and exits 2.
import { parseArgs } from 'node:util';
import { HopscopeError } from '../core/errors.ts';
import { BACKBONES, isBackboneName, type BackboneName } from '../core/retrievers/registry.ts';
import { isStrategyName, STRATEGIES, type StrategyName } from '../core/strategies/index.ts';

export class UsageError extends HopscopeError {
  override readonly name: string = 'UsageError';
  constructor(message: string) {
    super('eval', message);
  }
}

export const USAGE = `usage:
  npm run eval -- --dataset <dir> --retriever <${BACKBONES.join('|')}> [--k 1,2,5,10,20,50,100,200] [--limit N] [--out results.json]
  npm run eval -- --dataset <dir> --retriever <backbone> --strategy <name> --llm <offline|openai|replay:trace.json> [--rounds R]
                 [--concurrency C] [--limit N] [--out results.json] [--traces dir]
  npm run eval -- --dataset <dir> --predictions answers.json [--out scores.json]

options:
  --dataset <dir>       a folder with one question file and one corpus file (e.g. ../shared/data/hotpotqa)
  --retriever <name>    backbone retriever
  --base <name>         base retriever under hipporag2 (default bm25)
  --openie <file>       HippoRAG OpenIE triples file for hipporag2 and graphrag (default: offline extractor)
  --seed <facts|entities>  what seeds hipporag2's PPR: retrieved facts (HippoRAG 2, default; filtered by
                        the recognition-memory prompt with --llm openai) or linked query entities
  --model <path|id>     the embedding model (dense/hybrid) or the LLM model (--llm openai); when both
                        are needed, say which with --embed-model and --llm-model
  --base-url <url>      OpenAI-compatible server for --llm openai (e.g. http://127.0.0.1:11434/v1)
  --api-key-env <VAR>   environment variable holding the API key (never written anywhere)
  --k <list>            cut-offs for Recall@k and AllGold@k
  --limit <N>           only the first N questions
  --concurrency <C>     questions run at once (default 1)
  --strategy <names>    static|ircot|irgs|tog|gcot|bdtr|bdtr-dtr|bdtr-bgec; a comma list runs several on the
                        same questions and adds their complementarity (BDTR Fig. 3)
  --llm <spec>          offline (the offline thinker, no LLM: heuristic, labelled), openai (with --base-url,
                        --model, [--api-key-env VAR], [--no-json-mode]), or replay:<trace file|traces dir>
  --rounds <R>          BDTR rounds (default 2); the step cap for IRCoT/IRGS/ToG/GCoT
  --cache-dir <dir>     where LLM replies are cached (default .cache/llm; "off" for none): a rerun of the
                        same batch makes no LLM calls
  --traces <dir>        write one trace per question (and resume: finished traces there are reused)
  --out <file>          write JSON results
  --predictions <file>  score given answers {questionId: answerText}`;

export const DEFAULT_KS = [1, 2, 5, 10, 20, 50, 100, 200];

export interface EvalArgs {
  dataset: string;
  retriever?: BackboneName;
  base: BackboneName;
  openie?: string;
  /** hipporag2: 'facts' (HippoRAG 2, default) or 'entities'. */
  seed: 'facts' | 'entities';
  model?: string;
  ks: number[];
  limit?: number;
  concurrency: number;
  out?: string;
  predictions?: string;
  /** One or more strategies (comma list); several run on the same questions and get a complementarity table. */
  strategies: StrategyName[];
  llm?: string;
  rounds?: number;
  traces?: string;
  /** Where LLM replies are cached (default .cache/llm); "off" turns the cache off. */
  cacheDir: string | false;
  llmRest: { baseUrl?: string | undefined; apiKeyEnv?: string | undefined; model?: string | undefined; jsonMode: boolean };
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

function backbone(name: string, value: string): BackboneName {
  if (!isBackboneName(value)) throw new UsageError(`--${name} must be one of ${BACKBONES.join(', ')}, got "${value}"`);
  return value;
}

export function parseEvalArgs(argv: string[]): EvalArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        dataset: { type: 'string' },
        retriever: { type: 'string' },
        base: { type: 'string' },
        openie: { type: 'string' },
        seed: { type: 'string' },
        model: { type: 'string' },
        k: { type: 'string' },
        limit: { type: 'string' },
        concurrency: { type: 'string' },
        out: { type: 'string' },
        predictions: { type: 'string' },
        strategy: { type: 'string' },
        llm: { type: 'string' },
        rounds: { type: 'string' },
        traces: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key-env': { type: 'string' },
        'llm-model': { type: 'string' },
        'embed-model': { type: 'string' },
        'no-json-mode': { type: 'boolean' },
        'cache-dir': { type: 'string' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (!values.dataset) throw new UsageError('--dataset <dir> is required');
  if (!values.retriever && !values.predictions) throw new UsageError('give --retriever <name> or --predictions <file>');
  if (values.retriever && values.predictions) throw new UsageError('--retriever and --predictions cannot be used together');
  if (values.strategy && !values.retriever) throw new UsageError('--strategy needs --retriever <backbone>');
  if (values.strategy && !values.llm) throw new UsageError('--strategy needs --llm <offline|openai|replay:trace.json>');
  // hipporag2 uses an OpenAI-compatible LLM on its own too: HippoRAG 2's recognition-memory fact filter.
  if (values.llm && !values.strategy && !(values.retriever === 'hipporag2' && values.llm === 'openai'))
    throw new UsageError('--llm is used by --strategy (or, as --llm openai, by hipporag2\'s fact filter); give --strategy <name> as well');
  for (const name of values.strategy?.split(',') ?? []) {
    if (!isStrategyName(name.trim())) throw new UsageError(`--strategy: unknown strategy "${name}" (available: ${STRATEGIES.join(', ')}; several with commas)`);
  }
  if (values.seed !== undefined && values.seed !== 'facts' && values.seed !== 'entities') throw new UsageError(`--seed must be facts or entities, got "${values.seed}"`);
  if (values.seed !== undefined && values.retriever !== 'hipporag2') throw new UsageError('--seed is an option of --retriever hipporag2');
  for (const flag of ['rounds', 'traces'] as const) {
    if (values[flag] !== undefined && !values.strategy) throw new UsageError(`--${flag} needs --strategy <name>`);
  }
  const needsEmbed = values.retriever === 'dense' || values.retriever === 'hybrid';
  const needsLlmModel = values.llm === 'openai';
  if (values.model && needsEmbed && needsLlmModel)
    throw new UsageError('--model is ambiguous here: use --embed-model for the embeddings and --llm-model for the LLM');
  const ks = (values.k ?? DEFAULT_KS.join(','))
    .split(',')
    .map((s) => positiveInt('k', s.trim()) as number)
    .sort((a, b) => a - b);
  return {
    dataset: values.dataset,
    retriever: values.retriever ? backbone('retriever', values.retriever) : undefined,
    base: values.base ? backbone('base', values.base) : 'bm25',
    openie: values.openie,
    seed: (values.seed ?? 'facts') as 'facts' | 'entities',
    model: values['embed-model'] ?? (needsEmbed ? values.model : undefined),
    ks: [...new Set(ks)],
    limit: positiveInt('limit', values.limit),
    concurrency: positiveInt('concurrency', values.concurrency) ?? 1,
    out: values.out,
    predictions: values.predictions,
    strategies: (values.strategy?.split(',') ?? []).map((s) => s.trim()).filter(isStrategyName),
    llm: values.llm,
    rounds: positiveInt('rounds', values.rounds),
    traces: values.traces,
    cacheDir: values['cache-dir'] === 'off' ? false : (values['cache-dir'] ?? '.cache/llm'),
    llmRest: { baseUrl: values['base-url'], apiKeyEnv: values['api-key-env'], model: values['llm-model'] ?? (needsLlmModel ? values.model : undefined), jsonMode: !values['no-json-mode'] },
  };
}
