/** Who answered the runs (trace.llm), so offline-thinker numbers are never mistaken for an LLM's. */
function llmLabels(rows: readonly { trace: { llm: string } }[]): string[] {
  return [...new Set(rows.map((r) => r.trace.llm))];
}

/** The line naming the LLMs that answered the batch, with a warning when the offline thinker did. */
export function BatchLlmNote({ rows }: { rows: readonly { trace: { llm: string } }[] }) {
  return (
    <p className="muted" data-testid="batch-llm">
      LLM: {llmLabels(rows).join(', ')}
      {llmLabels(rows).some((l) => l.startsWith('offline thinker')) &&
        ' — a heuristic stand-in with no model: these are offline-thinker results, not an LLM’s.'}
    </p>
  );
}
