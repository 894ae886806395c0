// Hand-built traces for the diagnostics tests: steps of (query, retrieved ids, shown ids, notes),
// then an answer from a final context.
import {
  TRACE_VERSION,
  type Regime,
  type Trace,
  type TraceEvent,
  type TraceQuestion,
} from '../../../../src/core/trace/schema.ts';
import type { Passage } from '../../../../src/core/types.ts';

export interface StepSpec {
  query: string;
  retrieved: string[];
  shown?: string[];
  notes?: string[];
  plan?: { action: 'continue' | 'finalize'; sufficiency?: number; anchors?: string[] };
  /** Thoughts recorded before this step's retrieval (DualRAG's Reasoner decides, then retrieves). */
  before?: { kind: string; text: string }[];
  /** Thoughts recorded after it (a `stop` thought, GEAR's answerability). */
  after?: { kind: string; text: string }[];
  /** A step-cap warning in this round (the planner's forced finalize). */
  capWarning?: boolean;
}

export function buildTrace(
  question: TraceQuestion,
  steps: StepSpec[],
  answer: { text: string; context: string[] } | undefined,
  extra: {
    regime?: Regime;
    strategy?: string;
    options?: Record<string, unknown>;
    /** Thoughts of a last round that did not retrieve (DualRAG's Reasoner saying "answer"). */
    tail?: { kind: string; text: string }[];
  } = {},
): Trace {
  const events: TraceEvent[] = [];
  let t = 0;
  const b = (round: number) => ({ t: t++, round });
  steps.forEach((s, i) => {
    const r = i + 1;
    events.push({ type: 'round.start', ...b(r) });
    for (const x of s.before ?? []) events.push({ type: 'thought', ...b(r), kind: x.kind, text: x.text });
    events.push({
      type: 'retrieve',
      ...b(r),
      query: s.query,
      label: 'q',
      results: s.retrieved.map((id, j) => ({ id, score: 10 - j })),
    });
    if (s.shown) events.push({ type: 'context', ...b(r), module: 'planner.step', ids: s.shown });
    if (s.capWarning) events.push({ type: 'warning', ...b(r), module: 'planner.step', message: 'step cap reached' });
    if (s.plan)
      events.push({
        type: 'plan',
        ...b(r),
        step: r,
        action: s.plan.action,
        partialAnswer: (s.notes ?? []).join(' '),
        anchors: [],
        ...(s.plan.anchors ? { declared: s.plan.anchors } : {}),
        ...(s.plan.sufficiency !== undefined ? { sufficiency: s.plan.sufficiency } : {}),
      });
    else for (const n of s.notes ?? []) events.push({ type: 'thought', ...b(r), kind: 'cot', text: n });
    for (const x of s.after ?? []) events.push({ type: 'thought', ...b(r), kind: x.kind, text: x.text });
  });
  if (extra.tail) {
    const r = steps.length + 1;
    events.push({ type: 'round.start', ...b(r) });
    for (const x of extra.tail) events.push({ type: 'thought', ...b(r), kind: x.kind, text: x.text });
  }
  if (answer) {
    const r = steps.length;
    events.push({ type: 'context', ...b(r), module: 'answer', ids: answer.context });
    events.push({ type: 'answer', ...b(r), text: answer.text });
  }
  return {
    version: TRACE_VERSION,
    id: `t-${question.id}`,
    createdAt: '2026-01-01T00:00:00Z',
    strategy: extra.strategy ?? 'planner',
    retriever: 'fixed',
    llm: 'scripted',
    regime: extra.regime ?? 'iterative',
    options: extra.options ?? { rounds: 5 },
    corpus: { id: 'c', name: 'c' },
    question,
    events,
    status: 'done',
  };
}

const P = (id: string, title: string, text: string): Passage => ({ id, title, text });

/** Film One was directed by Ann Lee (g1); Ann Lee was born in Paris (g2); d1 resembles g2; x* are filler. */
export const PASSAGES = new Map<string, Passage>(
  [
    P('g1', 'Film One', 'Film One is a 1990 drama film directed by Ann Lee.'),
    P('g2', 'Ann Lee', 'Ann Lee is a film director born in Paris, France, in 1950.'),
    P('d1', 'Ann Lee (singer)', 'Ann Lee is a pop singer born in Sheffield, England, in 1967.'),
    P('x1', 'River Test', 'The River Test flows through Hampshire.'),
    P('x2', 'Quartz', 'Quartz is a hard crystalline mineral.'),
    P('x3', 'Harbour Bridge', 'A steel arch bridge across a harbour.'),
  ].map((p) => [p.id, p]),
);

export const Q: TraceQuestion = {
  id: 'q1',
  question: 'Where was the director of Film One born?',
  answers: ['Paris'],
  gold: ['g1', 'g2'],
  hops: 2,
  evidence: {
    hops: [
      { passages: ['g1'], question: 'Film One >> director', answer: 'Ann Lee' },
      { passages: ['g2'], question: '#1 >> place of birth', answer: 'Paris' },
    ],
    bridge: ['g1'],
    bridgeRule: 'test',
  },
};

/** The same question without structured gold. */
export const Q_PLAIN: TraceQuestion = {
  id: 'q1',
  question: Q.question,
  answers: ['Paris'],
  gold: ['g1', 'g2'],
  hops: 2,
};
