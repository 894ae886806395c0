// The prompts a strategy needs, as a port: core may not import src/prompts (DESIGN layer rules), so
// the prompt set is passed in (src/prompts/strategy-prompts.ts holds the real one, one file per
// prompt). Types of parsed replies live here so that prompts import them from core, not the reverse.
import type { ChatMessage } from '../llm/port.ts';
import type { ReplyForm, ReplyFormReader } from '../llm/reply-form.ts';

export interface PromptPassage {
  title: string;
  text: string;
}

/** A reply of the step-wise prompts (Fig. 10-12): a thought, or the final "So the answer is: ...". */
export type StepReply = { final: false; text: string } | { final: true; text: string; answer: string };

export interface DualThought {
  fast: string;
  slow: string;
}

/** The verifier's selection: valid 0-based positions (strongest first) and the entries it dropped, each with why. */
export interface VerifierSelection {
  indices: number[];
  dropped: string[];
}

export interface ReasoningChain {
  text: string;
  nodes: string[];
}

/** A GEAR proximal / gist triple: (subject, predicate, object). */
export type GistTriple = [subject: string, predicate: string, object: string];

/** GEAR's reason step (Eq. 6): answerable with an answer, or not with the reason r^(n). */
export type GearTermination =
  { answerable: true; answer: string; text: string } | { answerable: false; reason: string; text: string };
/** One earlier planner step as the step prompt shows it. */
export interface PlanHistory {
  step: number;
  query: string;
  partialAnswer: string;
}

/** The planner's step reply (paper 004): a partial answer, then the next sub-query or finalize. */
export interface PlanReply {
  partialAnswer: string;
  action: 'continue' | 'finalize';
  subquery?: string;
  sufficiency: number;
  /** Entities of the partial answer the next query builds on (the model's claim; the trace keeps those the query carries). */
  anchors: string[];
}

/** The planner's composer reply: the answer and the 0-based positions of the documents it cites. */
export interface ComposedAnswer {
  answer: string;
  citations: number[];
}
/** DualRAG's knowledge outline K as prompts show it (Eq. 10): per entity, its fragments k_e in order. */
export interface OutlineView {
  entity: string;
  knowledge: readonly string[];
}
/** What DualRAG prompts show as knowledge: the outline, or (ablation w/o KO) unstructured passages. */
export type DualKnowledge = readonly OutlineView[] | { documents: readonly PromptPassage[] };

export interface ReasonerStep {
  reasoning: string;
  needRetrieval: boolean;
}
export interface EntityQueries {
  entity: string;
  queries: string[];
}
export interface KnowledgeFragment {
  entity: string;
  knowledge: string;
  /** False when the summary says the documents hold nothing relevant: the fragment is discarded. */
  relevant: boolean;
}

/** A route the `auto` router's LLM judgment may pick, as its prompt lists it. */
export interface RouteOption {
  name: string;
  /** LLM calls the route costs per question (the router's call itself excluded). */
  calls: number;
  description: string;
}
/** The LLM's route choice (a name of the offered routes) and its stated reason. */
export interface RouteReply {
  route: string;
  reason: string;
}

export interface PromptInfo {
  /** LLM request module, e.g. "bdtr.verifier"; the offline thinker and the per-module costs (costsOf) read it. */
  module: string;
  version: string;
  /** Ask for JSON mode. */
  json?: boolean;
  /** The form a reply is read from (strict JSON, fenced, the paper's text format, ...); throws when it fits none. */
  form?(reply: string): ReplyForm;
}

/** Module -> the form its prompt read a reply from, for the trace's `llm` events (undefined when none fits). */
export function replyFormReader(prompts: StrategyPrompts): ReplyFormReader {
  const forms = new Map<string, (reply: string) => ReplyForm>();
  for (const p of Object.values(prompts) as PromptInfo[]) if (p.form) forms.set(p.module, p.form);
  return (module, reply) => {
    const form = forms.get(module);
    if (!form) return undefined;
    try {
      return form(reply);
    } catch {
      return undefined; // the strategy's own parse raises the error that names the module
    }
  };
}

/** A prompt as strategies use it: `build` makes its messages from `Args`, `parse` reads a reply (given `Extra`) as `R`. */
type Prompt<Args extends unknown[], R, Extra extends unknown[] = []> = PromptInfo & {
  build(...args: Args): ChatMessage[];
  parse(reply: string, ...extra: Extra): R;
};
type Docs = readonly PromptPassage[];
/** The step-wise prompts (Fig. 10-12): the question, the documents shown and the steps so far. */
type StepPrompt = Prompt<[question: string, documents: Docs, steps: readonly string[]], StepReply>;
type Gist = readonly GistTriple[];

export interface StrategyPrompts {
  dualThought: Prompt<[question: string, pool: Docs, previous: readonly DualThought[]], DualThought>;
  reasoningChain: Prompt<[question: string, pool: Docs, thoughts: readonly DualThought[]], ReasoningChain>;
  /** parse: 0-based candidate positions, strongest first; invalid entries dropped and listed. */
  verifier: Prompt<[chain: string, candidates: Docs], VerifierSelection, [candidateCount: number]>;
  ircot: StepPrompt;
  tog: StepPrompt;
  gcot: StepPrompt;
  irgs: Prompt<[question: string, documents: Docs], { text: string }>;
  answer: Prompt<[question: string, documents: Docs], { answer: string }>;
  /** GEAR App. J.2 reader with gist memory (Eq. 1, Eq. 4). */
  gearRead: Prompt<[query: string, passages: Docs, gist?: Gist], { triples: GistTriple[]; rejected: number }>;
  /** GEAR App. J.2 reasoning for termination (Eq. 6). */
  gearReason: Prompt<[query: string, gist: Gist], GearTermination>;
  /** GEAR App. J.2 query re-writing (Eq. 7). */
  gearRewrite: Prompt<[query: string, gist: Gist, reason: string], string>;
  /** GEAR App. J.3 QA reader. */
  gearAnswer: Prompt<[question: string, passages: Docs], { answer: string }>;
  planner: Prompt<
    [question: string, documents: Docs, history: readonly PlanHistory[], step: number, maxSteps: number],
    PlanReply
  >;
  /** parse: 0-based citations; a number outside the documents raises LlmOutputError. */
  composer: Prompt<
    [question: string, documents: Docs, partialAnswers: readonly string[]],
    ComposedAnswer,
    [count: number]
  >;
  /** DualRAG Fig. 5 (Eq. 3). */
  dualragReasoner: Prompt<[question: string, knowledge: DualKnowledge, history: readonly string[]], ReasonerStep>;
  /** DualRAG Fig. 6 (Eq. 5); `hints` = entities of earlier steps. */
  dualragEntities: Prompt<
    [question: string, knowledge: DualKnowledge, history: readonly string[], hints: readonly string[]],
    EntityQueries[]
  >;
  /** DualRAG Fig. 7 (Eq. 9). */
  dualragSummarizer: Prompt<
    [question: string, history: readonly string[], entity: string, queries: readonly string[], documents: Docs],
    KnowledgeFragment,
    [entity: string]
  >;
  /** DualRAG's M_A (Eq. 4): the paper prints no prompt; ours. */
  dualragAnswer: Prompt<[question: string, knowledge: DualKnowledge, history: readonly string[]], { answer: string }>;
  /** The `auto` router's LLM judgment (ours): one call picks the route. */
  route: Prompt<
    [question: string, routes: readonly RouteOption[], titles: readonly string[]],
    RouteReply,
    [offered: readonly string[]]
  >;
}

/** module -> prompt version, recorded in trace.options so a trace says which prompt texts it used. */
export function promptVersions(
  prompts: StrategyPrompts,
  keys: readonly (keyof StrategyPrompts)[],
): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [prompts[k].module, prompts[k].version]));
}
