import { describe, expect, it } from 'vitest';
import { parseEvalArgs, UsageError } from '../../src/cli/args.ts';

describe('eval arguments for GEAR backbones', () => {
  it('parses naivege/syncge options', () => {
    const a = parseEvalArgs([
      '--dataset',
      'd',
      '--retriever',
      'naivege',
      '--base',
      'bm25',
      '--ge-scorer',
      'idf-cosine',
      '--ge-gamma',
      'inf',
    ]);
    expect(a).toMatchObject({ retriever: 'naivege', base: 'bm25', geOptions: { scorer: 'idf-cosine', gamma: null } });
    expect(parseEvalArgs(['--dataset', 'd', '--retriever', 'syncge', '--llm', 'offline']).llm).toBe('offline');
  });
  it('--ge-seeds sets the seed passages (App. B.2: k seeds, k-deep list with --k k)', () => {
    expect(
      parseEvalArgs(['--dataset', 'd', '--retriever', 'naivege', '--ge-seeds', '5', '--k', '5']).geOptions,
    ).toEqual({ seedTop: 5 });
    expect(() => parseEvalArgs(['--dataset', 'd', '--retriever', 'naivege', '--ge-seeds', '0'])).toThrow(/--ge-seeds/);
  });
  it('refuses syncge without an LLM and a bad gamma', () => {
    expect(() => parseEvalArgs(['--dataset', 'd', '--retriever', 'syncge'])).toThrow(UsageError);
    expect(() => parseEvalArgs(['--dataset', 'd', '--retriever', 'naivege', '--ge-gamma', '-1'])).toThrow(/--ge-gamma/);
  });
  it('accepts gear over any backbone: it runs over NaiveGE with that backbone as its base, as in the app', () => {
    expect(
      parseEvalArgs([
        '--dataset',
        'd',
        '--retriever',
        'hipporag2',
        '--strategy',
        'static,bdtr,gear',
        '--llm',
        'offline',
      ]).strategies,
    ).toEqual(['static', 'bdtr', 'gear']);
    expect(
      parseEvalArgs(['--dataset', 'd', '--retriever', 'naivege', '--strategy', 'static,gear', '--llm', 'offline'])
        .strategies,
    ).toEqual(['static', 'gear']);
  });
});
