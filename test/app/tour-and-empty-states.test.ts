import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../../src/core/trace/load.ts';
import { tourStops } from '../../src/features/inspector/tour-stops.ts';
import { answerPlaceholder, chainPlaceholder, verifierPlaceholder } from '../../src/features/inspector/empty-states.ts';

const trace = loadTrace(
  JSON.parse(readFileSync(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8')),
);

describe('guided tour', () => {
  it('has six stops, each at a step where what it explains is on screen', () => {
    const stops = tourStops(trace.events);
    expect(stops.map((s) => s.title)).toEqual([
      'The question',
      'Round 0: the question alone',
      'Fast and slow thoughts',
      'The rank chart',
      'The verifier and the cut',
      'The answer',
    ]);
    const at = (i: number) => trace.events.slice(0, stops[i]!.step ?? trace.events.length);
    expect(at(1).some((e) => e.type === 'pool' && e.round === 0)).toBe(true);
    expect(
      at(2)
        .filter((e) => e.type === 'thought' && e.round === 1)
        .map((e) => (e.type === 'thought' ? e.kind : '')),
    ).toEqual(['fast', 'slow']);
    expect(at(3).some((e) => e.type === 'verify')).toBe(false);
    expect(at(4).some((e) => e.type === 'promote') && at(4).some((e) => e.type === 'cutoff')).toBe(true);
    expect(stops[5]!.step).toBeNull();
    // Steps never go backwards.
    const steps = stops.map((s) => s.step ?? Infinity);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });
});

describe('empty states say the truth', () => {
  it('no run, a strategy that never writes it, a step before it', () => {
    expect(answerPlaceholder({ strategy: null, stepping: false, running: false })).toMatch(/^No run yet/);
    expect(answerPlaceholder({ strategy: 'bdtr', stepping: true, running: false })).toMatch(
      /^Not answered yet at this step/,
    );
    expect(answerPlaceholder({ strategy: 'single', stepping: false, running: false })).toBe(
      'Retrieval only: this strategy does not answer.',
    );
    expect(chainPlaceholder({ strategy: 'bdtr', stepping: true, running: false })).toMatch(
      /^Not written yet at this step/,
    );
    expect(chainPlaceholder({ strategy: 'ircot', stepping: false, running: false })).toMatch(
      /^ircot writes no reasoning chain/,
    );
    expect(verifierPlaceholder({ strategy: 'bdtr-dtr', stepping: false, running: false })).toMatch(/has no verifier/);
  });
});
