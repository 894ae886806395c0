// The BDTR-paper prompts (Fig. 8-13): texts as printed, golden replies parsed, malformed replies raise
// LlmOutputError naming the module.
import { describe, expect, it } from 'vitest';
import { firstSentence, parseIrcotReply, parseStepReply } from '../../src/prompts/answer-marker.ts';
import * as dual from '../../src/prompts/bdtr-dual-thought.ts';
import * as chain from '../../src/prompts/bdtr-reasoning-chain.ts';
import * as verifier from '../../src/prompts/bdtr-verifier.ts';
import * as gcot from '../../src/prompts/gcot-step.ts';
import * as ircot from '../../src/prompts/ircot-step.ts';
import * as irgs from '../../src/prompts/irgs-generate.ts';
import { LlmOutputError } from '../../src/prompts/parse.ts';
import * as tog from '../../src/prompts/tog-sufficiency.ts';

const docs = [{ title: 'Film One', text: 'Film One is a film directed by Ann Lee.' }];

describe('dual thought (Fig. 8)', () => {
  it("builds the figure's system text and a user turn with pool and earlier thoughts", () => {
    const m = dual.build('Q?', docs, [{ fast: 'F?', slow: 'S?' }]);
    expect(m[0]!.content).toContain(
      'Fast Thought: A direct follow-up question asking for the missing fact in plain form.',
    );
    expect(m[0]!.content).toContain('showing part of the solution path inside the question itself.');
    expect(m[1]!.content).toBe(
      'Documents (current pool, best first):\nWikipedia Title: Film One\nFilm One is a film directed by Ann Lee.\n\nQuestion: Q?\n\nPrevious thoughts:\nFast Thought: F?\nSlow Thought: S?\n',
    );
  });
  it('parses labelled lines, with markdown, or without the leading label', () => {
    expect(
      dual.parse('Fast Thought: Who directed Film One?\nSlow Thought: Film One by Ann Lee; where was she born?'),
    ).toEqual({ fast: 'Who directed Film One?', slow: 'Film One by Ann Lee; where was she born?' });
    expect(dual.parse('- **Fast Thought:** A?\n- **Slow Thought:** B?')).toEqual({ fast: 'A?', slow: 'B?' });
    expect(dual.parse('A?\nSlow Thought: B?')).toEqual({ fast: 'A?', slow: 'B?' });
  });
  it('rejects a reply without both thoughts', () => {
    expect(() => dual.parse('Fast Thought: A?')).toThrow(LlmOutputError);
    expect(() => dual.parse('Fast Thought: A?\nSlow Thought:   ')).toThrow(
      /bdtr.dual-thought: .*Slow Thought is empty/,
    );
  });
});

describe('reasoning chain', () => {
  it('parses the first arrow line into nodes', () => {
    expect(chain.parse('Reasoning Chain: Film One -> directed by -> Ann Lee → born in -> ?\n(done)')).toEqual({
      text: 'Film One -> directed by -> Ann Lee → born in -> ?',
      nodes: ['Film One', 'directed by', 'Ann Lee', 'born in', '?'],
    });
    expect(() => chain.parse('Ann Lee was born in Paris.')).toThrow(/bdtr.reasoning-chain: .*no arrow-format chain/);
  });
});

describe('verifier (Fig. 9)', () => {
  it('lists the candidates numbered from 1 and keeps the figure text', () => {
    const [m] = verifier.build('A -> B', [...docs, { title: 'Ann Lee', text: 'Ann Lee was born in Paris.' }]);
    expect(m!.content).toContain(
      'Reasoning Chain (arrow format, ≥4 nodes): A -> B\nCandidate Documents (Top-30 as currently ranked):\nDoc 1: Wikipedia Title: Film One\n',
    );
    expect(m!.content).toContain('Doc 2: Wikipedia Title: Ann Lee\nAnn Lee was born in Paris.');
    expect(m!.content).toContain(
      'If a lower-ranked document (e.g., Doc 30) strongly supports a critical node or a bridging relation, you must include it.',
    );
  });
  it("returns 0-based positions in the verifier's order, duplicates dropped", () => {
    expect(verifier.parse('{"covered_doc_indices":[17,3,28,3]}', 30)).toEqual({ indices: [16, 2, 27], dropped: [] });
    expect(verifier.parse('Sure: {"covered_doc_indices":[]}', 30)).toEqual({ indices: [], dropped: [] });
  });
  it('drops indices past the listing, zero, fractions and strings, keeping the valid ones and saying why', () => {
    expect(verifier.parse('{"covered_doc_indices":[31,4,0,"17",1.5,2]}', 30)).toEqual({
      indices: [3, 1],
      dropped: [
        'Doc 31 is not in the listing (Doc 1-30)',
        'Doc 0 is not in the listing (Doc 1-30)',
        '"17" is not a whole number',
        '1.5 is not a whole number',
      ],
    });
  });
  it('still rejects a reply without the key or without JSON', () => {
    expect(() => verifier.parse('{"docs":[1]}', 30)).toThrow(LlmOutputError);
    expect(() => verifier.parse('{"covered_doc_indices":3}', 30)).toThrow(LlmOutputError);
    expect(() => verifier.parse('None of them supports the chain.', 30)).toThrow(/no JSON/);
  });
});

describe('step prompts (Fig. 10-12) and IRGS (Fig. 13)', () => {
  it('IRCoT, ToG and GCoT carry their figure texts and the thoughts so far', () => {
    expect(ircot.build('Q?', docs, [])[0]!.content).toContain(
      'Your task: Generate one reasoning thought for the current step.',
    );
    expect(tog.build('Q?', docs, [])[0]!.content).toContain(
      '- Otherwise, explain what additional information would be required.',
    );
    expect(gcot.build('Q?', docs, ['x'])[1]!.content).toBe(
      'Documents:\nWikipedia Title: Film One\nFilm One is a film directed by Ann Lee.\n\nQuestion: Q?\n\nThoughts so far:\nx\n\nNext thought:',
    );
  });
  it('"So the answer is:" ends the loop with the answer; other replies are thoughts', () => {
    expect(ircot.parse('So the answer is: Paris.')).toEqual({
      final: true,
      text: 'So the answer is: Paris.',
      answer: 'Paris',
    });
    expect(tog.parse('**So the answer is:** Paris')).toMatchObject({ final: true, answer: 'Paris' });
    expect(gcot.parse("We still need Ann Lee's birthplace.")).toEqual({
      final: false,
      text: "We still need Ann Lee's birthplace.",
    });
    expect(() => parseStepReply('ircot.step', 'So the answer is:')).toThrow(/followed by no answer/);
    expect(() => ircot.parse('')).toThrow(/ircot.step: .*empty/);
  });
  it('IRGS asks for reasoning and a final answer and keeps the whole generation', () => {
    const [m] = irgs.build('Q?', docs);
    expect(m!.content).toContain(
      'Question: Q?\nPlease provide:\n1. Brief reasoning based on the documents\n2. Final answer',
    );
    expect(irgs.parse(' 1. x\n2. Final answer: y ')).toEqual({ text: '1. x\n2. Final answer: y' });
    expect(() => irgs.parse(' ')).toThrow(LlmOutputError);
  });
});

describe('IRCoT reply reading (Trivedi et al., 2022)', () => {
  it('"So the answer is:" anywhere ends the loop; otherwise only the first sentence is kept', () => {
    expect(ircot.parse('Ann Lee was born in Paris. So the answer is: Paris.')).toEqual({
      final: true,
      text: 'Ann Lee was born in Paris. So the answer is: Paris.',
      answer: 'Paris',
    });
    expect(ircot.parse('Film One was directed by Ann Lee. She was born in 1950.')).toEqual({
      final: false,
      text: 'Film One was directed by Ann Lee.',
    });
    expect(() => parseIrcotReply('ircot.step', 'Thus so the answer is:')).toThrow(/followed by no answer/);
  });
  it('firstSentence does not stop at abbreviations or initials and keeps the first line', () => {
    expect(firstSentence('The film was shot in St. Louis by J. R. Smith. It won.')).toBe(
      'The film was shot in St. Louis by J. R. Smith.',
    );
    expect(firstSentence('He moved to the U.S. in 1990. Then he left.')).toBe('He moved to the U.S. in 1990.');
    expect(firstSentence('\nNo period here\nsecond line')).toBe('No period here');
    expect(firstSentence('Is it 3.5 km? Yes.')).toBe('Is it 3.5 km?');
  });
});
