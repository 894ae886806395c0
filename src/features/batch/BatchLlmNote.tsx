/** Who answered the batch (trace.llm), with a warning when the offline thinker did: its numbers are no LLM's. */
export function BatchLlmNote({ rows }: { rows: readonly { trace: { llm: string } }[] }) {
  const labels = [...new Set(rows.map((r) => r.trace.llm))];
  return (
    <p className="muted" data-testid="batch-llm">
      LLM: {labels.join(', ')}
      {labels.some((l) => l.startsWith('offline thinker')) &&
        ' — a heuristic stand-in with no model: these are offline-thinker results, not an LLM’s.'}
    </p>
  );
}
