import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { DEMO_DATASET_ID, demoDatasetQuery, libraryQuery } from '../../app/queries.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { ImportPanel } from './ImportPanel.tsx';
import { EmbeddingCell } from './EmbeddingCell.tsx';
import { ColumnHeads } from '../../app/components/ColumnHeads.tsx';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

/** Stored corpora (plus the built-in demo): size, triple source, embedding model, date; use or delete. */
export function LibraryPage() {
  const engine = useEngine();
  const client = useQueryClient();
  const library = useQuery(libraryQuery(engine));
  const demo = useQuery(demoDatasetQuery(engine));
  const active = useAppStore((s) => s.activeCorpusId);
  const setActive = useAppStore((s) => s.setActiveCorpus);
  const setView = useAppStore((s) => s.setView);
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => engine.deleteCorpus(id),
    onSuccess: (_, id) => {
      if (active === id) setActive(DEMO_DATASET_ID);
      client.removeQueries({ queryKey: ['dataset', id] });
      return client.invalidateQueries({ queryKey: libraryQuery(engine).queryKey });
    },
  });
  const use = (id: string) => {
    if (id !== active) setActive(id);
    setView('inspector');
  };

  const rows = [
    {
      id: DEMO_DATASET_ID,
      name: 'demo (Tarrow Isles, built in)',
      passageCount: demo.data?.passageCount ?? null,
      questionCount: demo.data?.questions.length ?? null,
      tripleSource: 'offline extractor, built when the graph is first needed',
      createdAt: null,
      builtIn: true,
    },
    ...(library.data ?? []),
  ];

  return (
    <div className="library">
      <ImportPanel />
      <section className="panel" aria-labelledby="library-heading">
        <h2 id="library-heading">Library</h2>
        {library.isError && (
          <p className="error" role="alert">
            The stored corpora could not be listed: {library.error.message}. Your browser may block IndexedDB (private
            mode?).
          </p>
        )}
        <table className="table" data-testid="library">
          <ColumnHeads
            names={[
              'corpus',
              'passages',
              'questions',
              'triples',
              'embeddings',
              'imported',
              <span className="sr-only">actions</span>,
            ]}
          />
          <tbody>
            {rows.map((c) => (
              <tr
                key={c.id}
                data-testid="library-row"
                data-id={c.id}
                className={c.id === active ? 'active-row' : undefined}
              >
                <td>
                  {c.name}
                  {c.id === active && <span className="badge badge-offline">in use</span>}
                </td>
                <td className="num">{c.passageCount ?? '…'}</td>
                <td className="num">{c.questionCount ?? '…'}</td>
                <td className="muted">{c.tripleSource ?? 'none'}</td>
                <td>
                  <EmbeddingCell corpusId={c.id} />
                </td>
                <td className="muted">{c.createdAt ? new Date(c.createdAt).toLocaleString() : '—'}</td>
                <td>
                  <div className="actions">
                    <button
                      type="button"
                      className={`btn btn-small${c.id === active ? ' btn-secondary' : ''}`}
                      data-testid="library-use"
                      aria-pressed={c.id === active}
                      onClick={() => use(c.id)}
                      title={c.id === active ? 'The inspector works on this corpus; open it' : 'Work on this corpus'}
                    >
                      {c.id === active ? 'In use ✓' : 'Use'}
                    </button>
                    {!c.builtIn &&
                      (confirming === c.id ? (
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          data-testid="library-confirm-delete"
                          onClick={() => remove.mutate(c.id, { onSettled: () => setConfirming(null) })}
                        >
                          Delete for good
                        </button>
                      ) : (
                        <SmallButton data-testid="library-delete" onClick={() => setConfirming(c.id)}>
                          Delete…
                        </SmallButton>
                      ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ErrorLine error={remove.isError ? `Delete failed: ${remove.error.message}` : null} />
        {library.isSuccess && library.data.length === 0 && (
          <p className="muted">No imported corpora yet: import one above; the demo is always here.</p>
        )}
      </section>
    </div>
  );
}
