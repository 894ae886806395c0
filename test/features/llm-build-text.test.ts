// The words of the LLM builds offered after an import: the cost line, the progress line, each outcome.
import { describe, expect, it } from 'vitest';
import { costText, outcomeText, progressText } from '../../src/features/corpus/llm-build-text.ts';

describe('LLM build texts', () => {
  it('say the calls, "about" when the count is not exact, and one call in the singular', () => {
    expect(
      costText({
        backbone: 'raptor',
        what: "RAPTOR's summaries",
        calls: 12,
        exact: false,
        basis: 'one per cluster of the tree just built; higher levels may differ slightly',
      }),
    ).toBe(
      "RAPTOR's summaries: about 12 LLM calls (one per cluster of the tree just built; higher levels may differ slightly)",
    );
    expect(
      costText({
        backbone: 'graphrag',
        what: "GraphRAG's community reports",
        calls: 1,
        exact: true,
        basis: 'one per community',
      }),
    ).toBe("GraphRAG's community reports: 1 LLM call (one per community)");
  });

  it('say where a build is and how it ended', () => {
    expect(progressText(null)).toBe('starting…');
    expect(
      progressText({ what: "RAPTOR's summaries", stage: 'summarising level 1', done: 3, total: 10, fraction: 0.15 }),
    ).toBe("RAPTOR's summaries: summarising level 1, 3 / 10");
    const base = { backbone: 'graphrag' as const, what: "GraphRAG's community reports", calls: 10, cached: 4 };
    expect(outcomeText({ ...base, state: 'built', detail: 'built and stored' }, 'tiny')).toBe(
      "GraphRAG's community reports: built and stored with tiny (10 LLM calls, 4 answered from this browser's cache)",
    );
    expect(
      outcomeText({ ...base, state: 'failed', detail: 'The server said no. Nothing of it was stored.' }, 'tiny'),
    ).toBe("GraphRAG's community reports: The server said no. Nothing of it was stored.");
    expect(outcomeText({ ...base, state: 'not started', detail: '' }, 'tiny')).toBe(
      "GraphRAG's community reports: not started; its first run with this LLM builds it",
    );
  });
});
