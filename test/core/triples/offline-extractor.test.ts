import { describe, expect, it } from 'vitest';
import { extractEntitiesOffline, extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { AbortedError } from '../../../src/core/errors.ts';

describe('offline extractor (wink-nlp, no LLM)', () => {
  it('finds proper-noun names in a query, keeping "X and Y" apart', () => {
    expect(extractEntitiesOffline('Were Scott Derrickson and Ed Wood of the same nationality?')).toEqual([
      'Scott Derrickson',
      'Ed Wood',
    ]);
  });

  it('keeps "of" inside names and dates whole, and pairs entities of one sentence', () => {
    const set = extractTriplesOffline([
      {
        id: 'p',
        title: 'Journal of Mathematical Physics',
        text: 'The journal was first published in January 1960. The current editor is Jan Philip Solovej from University of Copenhagen.',
      },
    ]);
    expect(set.source).toBe('offline-extractor');
    expect(set.origin).toMatch(/offline extractor/);
    const [p] = set.passages;
    expect(p!.entities).toEqual([
      'Journal of Mathematical Physics',
      'January 1960',
      'Jan Philip Solovej',
      'University of Copenhagen',
    ]);
    // co-occurrence within the second sentence, with no verb between the two names
    expect(p!.triples).toContainEqual({
      subject: 'Jan Philip Solovej',
      predicate: 'co-occurs with',
      object: 'University of Copenhagen',
    });
    // the title is an entity of every sentence (labelled heuristic)
    expect(p!.triples).toContainEqual({
      subject: 'Journal of Mathematical Physics',
      predicate: 'mentions',
      object: 'January 1960',
    });
    // entities of different sentences are not paired directly
    expect(p!.triples.some((t) => t.subject === 'January 1960' && t.object === 'Jan Philip Solovej')).toBe(false);
  });

  it('stops when aborted', () => {
    const c = new AbortController();
    c.abort();
    expect(() => extractTriplesOffline([{ id: 'a', title: 'A', text: 'B.' }], c.signal)).toThrow(AbortedError);
  });
});
