// The trace on screen: streamed event by event while a run is live, or loaded whole from a file.
// `step` is the step-through position (number of events shown); null shows everything.
import type { StateCreator } from 'zustand/vanilla';
import type { Trace, TraceEvent } from '../core/trace/schema.ts';
import type { Passage, Question } from '../core/types.ts';
import type { AppState } from './store.ts';
import type { BuildProgress } from '../core/backbones/index.ts';

export type RunStatus = 'idle' | 'running' | 'done' | 'failed';

/** A backbone build report as the page keeps it: when its stage began, for the rate and the time left. */
export interface BuildStatus extends BuildProgress {
  stageStartedAt: number;
  at: number;
}

/** The next status after report `p` at time `now` (ms): a new stage restarts the clock. */
export function nextBuildStatus(prev: BuildStatus | null, p: BuildProgress, now: number): BuildStatus {
  const same = prev !== null && prev.backbone === p.backbone && prev.stage === p.stage;
  return { ...p, stageStartedAt: same ? prev.stageStartedAt : now, at: now };
}

export interface RunSlice {
  runStatus: RunStatus;
  /** Header of the run in progress or shown (events live in `events`). */
  trace: Trace | null;
  events: TraceEvent[];
  /** The question being run or shown (known before the trace header arrives). */
  runQuestion: Question | null;
  runError: string | null;
  /** Passages shipped with an imported run file (replay without the corpus); null: ask the engine. */
  runPassages: Passage[] | null;
  step: number | null;
  /** Ids of runs started; a late event from a superseded run is dropped by comparing this. */
  runSeq: number;
  /** The backbone build the running run waits for (its first use), null when none. */
  runBuild: BuildStatus | null;
  /** Every build stage reported during this run ("raptor: clustering level 1"), in order, so a fast build is not lost. */
  runBuildLog: string[];
  startRun(question: Question): number;
  appendEvent(seq: number, event: TraceEvent): void;
  finishRun(seq: number, trace: Trace): void;
  failRun(seq: number, message: string): void;
  reportBuild(seq: number, progress: BuildProgress, now: number): void;
  showTrace(trace: Trace, passages?: Passage[]): void;
  setStep(step: number | null): void;
}

export const RUN_DEFAULTS = {
  runStatus: 'idle',
  trace: null,
  events: [],
  runQuestion: null,
  runError: null,
  runPassages: null,
  step: null,
  runSeq: 0,
  runBuild: null,
} as const;

/** What starting or showing a run clears: its error, the step-through position, the graph view's round and selection. */
const FRESH_VIEW = { runError: null, step: null, graphRound: null, selectedNode: null } as const;

export const createRunSlice: StateCreator<AppState, [], [], RunSlice> = (set, get) => ({
  ...RUN_DEFAULTS,
  events: [],
  runBuildLog: [],
  startRun: (question) => {
    const seq = get().runSeq + 1;
    set({
      runSeq: seq,
      runStatus: 'running',
      trace: null,
      events: [],
      runQuestion: question,
      runPassages: null,
      runBuild: null,
      runBuildLog: [],
      ...FRESH_VIEW,
    });
    return seq;
  },
  appendEvent: (seq, event) => {
    // Streamed events travel on their own message channel and can arrive after the finished trace,
    // which already holds them: only a running run takes events.
    if (seq !== get().runSeq || get().runStatus !== 'running') return;
    set((s) => ({ events: [...s.events, event] }));
  },
  finishRun: (seq, trace) => {
    if (seq !== get().runSeq) return;
    set({ runStatus: 'done', trace, events: trace.events });
  },
  reportBuild: (seq, progress, now) => {
    if (seq !== get().runSeq) return;
    const stage = `${progress.backbone}: ${progress.stage}`;
    // Build progress travels on its own message channel and can arrive after the finished trace: the run's
    // build log still keeps every stage it went through; the live status line is for a running run only.
    set((s) => ({
      ...(s.runStatus === 'running' ? { runBuild: nextBuildStatus(s.runBuild, progress, now) } : {}),
      runBuildLog: s.runBuildLog.at(-1) === stage ? s.runBuildLog : [...s.runBuildLog, stage],
    }));
  },
  failRun: (seq, message) => {
    if (seq !== get().runSeq) return;
    set({ runStatus: 'failed', runError: message });
  },
  showTrace: (trace, passages) =>
    set((s) => ({
      runSeq: s.runSeq + 1,
      runStatus: 'done',
      trace,
      events: trace.events,
      runQuestion: trace.question,
      runPassages: passages ?? null,
      ...FRESH_VIEW,
    })),
  // Stepping moves the graph view with it (its slider follows the step until moved again).
  setStep: (step) => set({ step, graphRound: null }),
});
