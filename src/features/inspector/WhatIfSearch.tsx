import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import type { RunBranch } from './use-what-if.ts';

/** A corpus search whose hits can be inserted at the top of the pool after the round picked. */
export function WhatIfSearch({
  datasetId,
  round,
  branch,
  onError,
}: {
  datasetId: string | undefined;
  round: number;
  branch: RunBranch;
  onError(message: string | null): void;
}) {
  const engine = useEngine();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: string; title: string }[]>([]);

  const search = async () => {
    onError(null);
    if (!datasetId || query.trim() === '') return;
    try {
      setFound((await engine.retrieve(datasetId, query, 5)).map((r) => ({ id: r.id, title: r.title })));
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <input
          className="whatif-text"
          data-testid="whatif-search"
          aria-label="Search the corpus for a passage to insert"
          placeholder="Search the corpus for a passage to insert…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary" data-testid="whatif-search-go">
          Search
        </button>
      </form>
      <ul className="whatif-rows">
        {found.map((f) => (
          <li key={f.id}>
            <span>{f.title}</span>
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="whatif-insert"
              onClick={() =>
                void branch(
                  { kind: 'pool', round, insert: { ids: [f.id], rank: 1 } },
                  `insert "${f.title}" at the top after round ${round}`,
                )
              }
            >
              Insert at top
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
