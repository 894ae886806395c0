// UI state slices: picking vs typing a question, and a run's events landing only on the current run.
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore, resetAppStore } from '../../src/state/store.ts';
import type { Question } from '../../src/core/types.ts';
import type { Trace } from '../../src/core/trace/schema.ts';

const q: Question = { id: 'demo-01', question: 'Who?', answers: ['X'], gold: ['p1'] };

describe('app store', () => {
  beforeEach(() => resetAppStore());

  it('typing after picking a question makes it a typed question (the picker resets)', () => {
    appStore.getState().pickQuestion('demo-01', 'Who?');
    expect(appStore.getState()).toMatchObject({ questionId: 'demo-01', questionText: 'Who?' });
    appStore.getState().typeQuestion('Who else?');
    expect(appStore.getState()).toMatchObject({ questionId: null, questionText: 'Who else?' });
  });

  it('drops events and results of a superseded run', () => {
    const first = appStore.getState().startRun(q);
    const second = appStore.getState().startRun(q);
    appStore.getState().appendEvent(first, { type: 'round.start', t: 0, round: 0 });
    appStore.getState().appendEvent(second, { type: 'round.start', t: 1, round: 0 });
    appStore.getState().failRun(first, 'late failure of the old run');
    expect(appStore.getState().events).toEqual([{ type: 'round.start', t: 1, round: 0 }]);
    expect(appStore.getState()).toMatchObject({ runStatus: 'running', runError: null, runQuestion: q });
  });

  it('ignores streamed events that arrive after the finished trace', () => {
    const seq = appStore.getState().startRun(q);
    const event = { type: 'round.start', t: 0, round: 0 } as const;
    appStore.getState().appendEvent(seq, event);
    appStore.getState().finishRun(seq, {
      version: 2,
      id: 't',
      createdAt: '2026-01-01T00:00:00Z',
      strategy: 'single',
      retriever: 'bm25',
      llm: 'none',
      regime: 'iterative',
      options: {},
      corpus: { id: 'demo', name: 'demo' },
      question: q,
      events: [event],
      status: 'done',
    });
    appStore.getState().appendEvent(seq, event); // late copy from the callback channel
    expect(appStore.getState().events).toEqual([event]);
  });

  it('build progress that arrives after the finished trace is kept in the build log, not the live status', () => {
    const seq = appStore.getState().startRun(q);
    const stage = (s: string) => ({ backbone: 'raptor', stage: s, done: 0, total: 1 });
    appStore.getState().reportBuild(seq, stage('clustering level 1'), 0);
    const live = appStore.getState().runBuild;
    appStore.getState().finishRun(seq, {
      version: 2,
      id: 't',
      createdAt: '2026-01-01T00:00:00Z',
      strategy: 'single',
      retriever: 'raptor',
      llm: 'none',
      regime: 'iterative',
      options: {},
      corpus: { id: 'demo', name: 'demo' },
      question: q,
      events: [],
      status: 'done',
    });
    appStore.getState().reportBuild(seq, stage('summarising level 1'), 1); // late, from the callback channel
    expect(appStore.getState().runBuildLog).toEqual(['raptor: clustering level 1', 'raptor: summarising level 1']);
    expect(appStore.getState().runBuild).toBe(live);
    appStore.getState().startRun(q);
    appStore.getState().reportBuild(seq, stage('clustering level 2'), 2); // the old run's: dropped
    expect(appStore.getState().runBuildLog).toEqual([]);
  });

  it('a finished run replaces the streamed events with the trace, and reset returns to first start', () => {
    const seq = appStore.getState().startRun(q);
    const trace = {
      version: 2,
      id: 't',
      createdAt: '2026-01-01T00:00:00Z',
      strategy: 'single',
      retriever: 'bm25',
      llm: 'none',
      regime: 'iterative',
      options: {},
      corpus: { id: 'demo', name: 'demo' },
      question: q,
      events: [{ type: 'answer', t: 3, round: 0, text: 'X' }],
      status: 'done',
    } satisfies Trace;
    appStore.getState().finishRun(seq, trace);
    expect(appStore.getState()).toMatchObject({ runStatus: 'done', events: trace.events, trace });
    resetAppStore();
    expect(appStore.getState()).toMatchObject({
      runStatus: 'idle',
      trace: null,
      events: [],
      runQuestion: null,
      questionText: '',
      view: 'inspector',
    });
  });
});
