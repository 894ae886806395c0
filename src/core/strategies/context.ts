// What a strategy runs against, and the per-run helper every strategy file uses: the traced LLM, the
// retrieve step that records a `retrieve` event, passage lookup for prompts, and abort checks.
import { HopscopeError, throwIfAborted } from '../errors.ts';
import type { ChatMessage, LlmPort, LlmRequest, LlmResponse } from '../llm/port.ts';
import type { Reranker } from '../rerank/port.ts';
import type { TraceRecorder } from '../trace/recorder.ts';
import type { TraceEvent } from '../trace/schema.ts';
import type { Passage, Question, Ranked, Retriever } from '../types.ts';
import type { RunHooks } from './run-hooks.ts';
import { replyFormReader, type PromptInfo, type StrategyPrompts } from './prompt-port.ts';

export interface StrategyContext {
  retriever: Retriever;
  llm: LlmPort;
  /** The prompt texts and parsers (src/prompts/strategy-prompts.ts STRATEGY_PROMPTS). */
  prompts: StrategyPrompts;
  /** DualRAG's Eq. 8 reranker; strategies that rerank fall back to the labelled lexical one without it. */
  reranker?: Reranker;
  /** Passages by id (a Map or a lookup function): prompts show titles and texts. */
  passages: ReadonlyMap<string, Passage> | ((id: string) => Passage | undefined);
  /** Strategy options; omitted ones take the papers' defaults. All are recorded in trace.options. */
  options?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Each event as it is recorded (live view). */
  onEvent?: (event: TraceEvent) => void;
  /** Milliseconds clock for event times; tests inject a fake one. */
  now?: () => number;
  /** A what-if branch's hooks (src/core/whatif): the changes it makes to retrievals, pools and thoughts. */
  whatif?: RunHooks;
}

export class StrategyError extends HopscopeError {
  override readonly name = 'StrategyError';
}

type Shown = readonly (string | Ranked | Passage)[];

/** Everything a strategy body needs during one run. */
export interface Run {
  question: Question;
  /** The backbone (GEAR reads its graph expansion: base retriever, triple index, beam search). */
  retriever: Retriever;
  /** What the run was started with (composite strategies start member runs from it). */
  ctx: StrategyContext;
  llm: LlmPort;
  prompts: StrategyPrompts;
  recorder: TraceRecorder;
  signal: AbortSignal | undefined;
  reranker: Reranker | undefined;
  /** Retrieve and record a `retrieve` event with the backbone's raw scores (DualRAG: with the query's entity). */
  retrieve(query: string, label: string, k: number, entity?: string): Promise<Ranked[]>;
  /**
   * Call prompt `p` with the messages `p.build(...args)` in its JSON mode; returns the reply text. The passages
   * it shows are recorded first, as a `context` event (their ids in the order shown), so views and diagnostics
   * know what the model saw; with `shown` undefined (it shows none verbatim) it is a plain traced call.
   */
  prompt<A extends unknown[]>(
    p: Pick<PromptInfo, 'module' | 'json'> & { build(...args: A): ChatMessage[] },
    shown: Shown | undefined,
    ...args: A
  ): Promise<string>;
  passage(id: string): Passage;
  passagesOf(ranking: readonly Ranked[], top: number): Passage[];
  checkAbort(): void;
}

export function createRun(question: Question, ctx: StrategyContext, recorder: TraceRecorder, strategy: string): Run {
  const lookup =
    typeof ctx.passages === 'function'
      ? ctx.passages
      : (id: string) => (ctx.passages as ReadonlyMap<string, Passage>).get(id);
  const passage = (id: string): Passage => {
    const p = lookup(id);
    if (!p)
      throw new StrategyError(
        `strategies.${strategy}`,
        `retriever "${ctx.retriever.name}" returned passage "${id}", which the passage lookup does not hold`,
      );
    return p;
  };
  const hooks = ctx.whatif;
  if (hooks) recorder.rewrite ??= (body, round) => hooks.event(body, round);
  const llm = recorder.wrap(ctx.llm, replyFormReader(ctx.prompts));
  const ask = (request: LlmRequest, shown: Shown): Promise<LlmResponse> => {
    recorder.add({
      type: 'context',
      module: request.module,
      ids: shown.map((x) => (typeof x === 'string' ? x : x.id)),
    });
    return llm.complete(request, ctx.signal);
  };
  return {
    question,
    retriever: ctx.retriever,
    ctx,
    llm,
    prompts: ctx.prompts,
    recorder,
    signal: ctx.signal,
    reranker: ctx.reranker,
    async retrieve(asked, label, depth, entity) {
      throwIfAborted(ctx.signal, `strategies.${strategy}`);
      const query = hooks ? hooks.query(recorder.round, asked) : asked;
      const k = hooks ? hooks.depth(recorder.round, depth) : depth;
      const withItems = ctx.retriever.retrieveItems
        ? await ctx.retriever.retrieveItems(query, k, ctx.signal, { ask })
        : undefined;
      const raw = withItems ? withItems.results : await ctx.retriever.retrieve(query, k, ctx.signal);
      const results = hooks ? hooks.results(recorder.round, raw) : raw;
      recorder.add({
        type: 'retrieve',
        query,
        label,
        results: results.map((r) => ({ id: r.id, score: r.score })),
        ...(withItems && withItems.items.length > 0 ? { items: withItems.items } : {}),
        ...(entity !== undefined ? { entity } : {}),
      });
      for (const beam of withItems?.beams ?? []) recorder.add({ type: 'beam', ...beam });
      return results;
    },
    async prompt(p, shown, ...args) {
      const request = { module: p.module, messages: p.build(...args), json: p.json };
      return (await (shown ? ask(request, shown) : llm.complete(request, ctx.signal))).text;
    },
    passage,
    passagesOf: (ranking, top) => ranking.slice(0, top).map((r) => passage(r.id)),
    checkAbort: () => throwIfAborted(ctx.signal, `strategies.${strategy}`),
  };
}
