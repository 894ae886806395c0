// A toy strategy, added the way a new method is: this one file (its descriptor) plus one list entry.
// It retrieves once with the question reversed word by word and reads nothing.
import { defineStrategy } from '../../../src/core/strategies/descriptor.ts';
import { commonOptions, count } from '../../../src/core/strategies/options.ts';

export const toy = defineStrategy({
  name: 'toy-reverse',
  title: 'Toy (reversed question)',
  label: 'Toy: one retrieval with the question reversed',
  explanation: 'retrieves once with the words of the question in reverse order; a fixture for the registry tests.',
  paper: 'none (a test fixture)',
  kind: 'method',
  options: { ...commonOptions, rounds: count(1) },
  fixed: { answer: false },
  prompts: [],
  offline: 'none (no LLM call)',
  needs: { llm: false },
  async run(run, o) {
    run.recorder.startRound(0);
    const results = await run.retrieve(
      run.question.question.split(' ').reverse().join(' '),
      'question',
      o.depth as number,
    );
    run.recorder.add({ type: 'pool', pool: results.map((r, i) => ({ ...r, rank: i + 1, delta: null })) });
  },
});
