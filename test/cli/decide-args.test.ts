// eval --decide: auto's router (fitted rule or the LLM's own judgment) from the command line.
import { describe, expect, it } from 'vitest';
import { parseEvalArgs, UsageError } from '../../src/cli/args.ts';

describe('eval --decide', () => {
  it('parses rule and llm for a strategy run', () => {
    const base = ['--dataset', 'd', '--retriever', 'bm25', '--strategy', 'auto', '--llm', 'offline'];
    expect(parseEvalArgs([...base, '--decide', 'llm']).decide).toBe('llm');
    expect(parseEvalArgs([...base, '--decide', 'rule']).decide).toBe('rule');
    expect(parseEvalArgs(base).decide).toBeUndefined();
  });
  it('refuses another value and a use without --strategy', () => {
    expect(() =>
      parseEvalArgs([
        '--dataset',
        'd',
        '--retriever',
        'bm25',
        '--strategy',
        'auto',
        '--llm',
        'offline',
        '--decide',
        'vote',
      ]),
    ).toThrow(UsageError);
    expect(() => parseEvalArgs(['--dataset', 'd', '--retriever', 'bm25', '--decide', 'llm'])).toThrow(
      /--decide needs --strategy/,
    );
  });
});
