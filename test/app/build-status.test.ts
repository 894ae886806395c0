import { describe, expect, it } from 'vitest';
import { buildMessage } from '../../src/app/build-status.ts';
import { nextBuildStatus } from '../../src/state/run-slice.ts';

describe('backbone build status line', () => {
  it('names the build and stage, the share done and the time left at the rate so far', () => {
    const start = nextBuildStatus(null, { backbone: 'raptor', stage: 'summarising level 2', done: 0, total: 10 }, 1000);
    expect(buildMessage(start)).toBe('Building RAPTOR’s tree: summarising level 2 · 0%');
    // 4 of 10 in 4 s: 6 more at 1 s each.
    const later = nextBuildStatus(start, { ...start, done: 4 }, 5000);
    expect(later.stageStartedAt).toBe(1000);
    expect(buildMessage(later)).toBe('Building RAPTOR’s tree: summarising level 2 · 40% · about 6 s left');
  });

  it('a new stage restarts the clock; a stage of unknown size shows no share', () => {
    const a = nextBuildStatus(null, { backbone: 'graphrag', stage: 'detecting communities', done: 0, total: 0 }, 0);
    expect(buildMessage(a)).toBe('Building GraphRAG’s communities: detecting communities');
    const b = nextBuildStatus(a, { backbone: 'graphrag', stage: 'writing community reports', done: 1, total: 4 }, 3000);
    expect(b.stageStartedAt).toBe(3000);
    expect(buildMessage(b)).toBe('Building GraphRAG’s communities: writing community reports · 25%');
  });
});
