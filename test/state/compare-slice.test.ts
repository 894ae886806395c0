// Compare lanes stay between two and four; picking another question asks for a new Compare.
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore, resetAppStore } from '../../src/state/store.ts';

describe('compare slice', () => {
  beforeEach(() => resetAppStore());

  it('keeps 2 to 4 lanes with unique keys', () => {
    const s = () => appStore.getState();
    expect(s().compareLanes.map((l) => l.kind === 'run' && l.backbone)).toEqual(['bm25', 'hipporag2']);
    s().removeLane(s().compareLanes[0]!.key);
    expect(s().compareLanes).toHaveLength(2);
    s().addLane({ kind: 'run', backbone: 'bm25', strategy: 'single' });
    s().addLane({ kind: 'run', backbone: 'hipporag2', strategy: 'single' });
    s().addLane({ kind: 'run', backbone: 'bm25', strategy: 'single' });
    expect(s().compareLanes).toHaveLength(4);
    expect(new Set(s().compareLanes.map((l) => l.key)).size).toBe(4);
    s().setLane(s().compareLanes[3]!.key, { kind: 'run', backbone: 'hipporag2', strategy: 'single' });
    expect(s().compareLanes[3]).toMatchObject({ kind: 'run', backbone: 'hipporag2', strategy: 'single' });
    s().removeLane(s().compareLanes[0]!.key);
    expect(s().compareLanes).toHaveLength(3);
  });

  it('a new question resets the request', () => {
    appStore.getState().setCompareQuestion('demo-01');
    appStore.getState().requestCompare();
    expect(appStore.getState().compareRequested).toBe(1);
    appStore.getState().setCompareQuestion('demo-02');
    expect(appStore.getState().compareRequested).toBe(0);
  });
});
