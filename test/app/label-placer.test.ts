// Labels never overlap: the first to claim a box keeps it, an overlapping one is skipped, a new frame starts empty.
import { describe, expect, it } from 'vitest';
import { createLabelPlacer, labelPriority } from '../../src/features/graph/label-placer.ts';

describe('label placer', () => {
  it('skips a label that would overlap one already drawn in the frame', () => {
    const p = createLabelPlacer();
    expect(p.claim({ x: 0, y: 0, w: 100, h: 13 })).toBe(true);
    expect(p.claim({ x: 50, y: 5, w: 100, h: 13 })).toBe(false);
    expect(p.claim({ x: 0, y: 20, w: 100, h: 13 })).toBe(true);
    p.reset();
    expect(p.claim({ x: 50, y: 5, w: 100, h: 13 })).toBe(true);
  });
});

describe('label priority', () => {
  it('draws the selection, then gold and bridges, seeds, marked nodes, then the top passages', () => {
    const seed = '#d6198a';
    const ranks = [
      { label: 'Plain', kind: 'passage' },
      { label: 'Tagged · slow', kind: 'passage' },
      { label: '◆ Bridge', kind: 'passage' },
      { label: '◎ fog lantern', kind: 'phrase', color: seed },
      { label: 'Chosen', kind: 'passage', highlighted: true },
    ].map((d) => labelPriority(d, seed));
    expect(ranks).toEqual([4, 3, 1, 2, 0]);
  });
  it("the run's outcome (a promoted passage, the cut) is drawn before the seed phrases", () => {
    const seed = '#d6198a';
    expect(labelPriority({ label: 'Skelda · cut #2 · verifier 9→2', kind: 'passage' }, seed)).toBe(1);
    expect(labelPriority({ label: 'Skelda · verifier 9→2', kind: 'passage' }, seed)).toBe(1);
    expect(labelPriority({ label: '◎ one', kind: 'phrase', color: seed }, seed)).toBe(2);
  });
});

describe('labels and the discs of labelled nodes', () => {
  it('a label avoids a blocked disc unless claimed over discs; labels never overlap', () => {
    const placer = createLabelPlacer();
    placer.block({ x: 50, y: 0, w: 10, h: 10 });
    expect(placer.claim({ x: 40, y: 0, w: 30, h: 10 })).toBe(false);
    expect(placer.claim({ x: 40, y: 0, w: 30, h: 10 }, true)).toBe(true);
    expect(placer.claim({ x: 45, y: 0, w: 30, h: 10 }, true)).toBe(false);
    placer.reset();
    expect(placer.claim({ x: 40, y: 0, w: 30, h: 10 })).toBe(true);
  });
});
