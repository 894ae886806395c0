import { useState } from 'react';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { useEngine } from '../../app/engine-client.ts';
import { errorMessage } from '../../app/error-message.ts';
import { pinToTop, type WhatIfStep } from './use-what-if.ts';

type Props = Omit<WhatIfStep, 'passages'> & { datasetId: string | undefined; onError(message: string | null): void };

/** A corpus search whose hits can be inserted at the top of the pool after the round picked. */
export function WhatIfSearch({ datasetId, round, branch, onError }: Props) {
  const engine = useEngine();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: string; title: string }[]>([]);

  const search = async () => {
    onError(null);
    if (!datasetId || query.trim() === '') return;
    try {
      setFound((await engine.retrieve(datasetId, query, 5)).map((r) => ({ id: r.id, title: r.title })));
    } catch (err) {
      onError(errorMessage(err));
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
        <SecondaryButton type="submit" data-testid="whatif-search-go">
          Search
        </SecondaryButton>
      </form>
      <ul className="whatif-rows">
        {found.map((f) => (
          <li key={f.id}>
            <span>{f.title}</span>
            <SecondaryButton
              data-testid="whatif-insert"
              onClick={() => void branch(pinToTop(f.id, round), `insert "${f.title}" at the top after round ${round}`)}
            >
              Insert at top
            </SecondaryButton>
          </li>
        ))}
      </ul>
    </>
  );
}
