import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { passagesQuery } from '../../app/queries.ts';
import { useEngine } from '../../app/engine-client.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { finalRanking } from './ranking.ts';

/** The ranking the run ended with: rank, score, title, gold mark and the passage text (as text). */
export function RankingList({ datasetId }: { datasetId: string | undefined }) {
  const engine = useEngine();
  const events = useAppStore((s) => s.events);
  const question = useAppStore((s) => s.runQuestion);
  const status = useAppStore((s) => s.runStatus);
  const runError = useAppStore((s) => s.runError);
  const rows = useMemo(() => finalRanking(events), [events]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const passages = useQuery({ ...passagesQuery(engine, datasetId ?? '', ids), enabled: datasetId !== undefined && ids.length > 0 });
  const gold = useMemo(() => new Set(question?.gold ?? []), [question]);

  if (status === 'failed') {
    return (
      <p className="error" role="alert" data-testid="run-error">
        The run failed: {runError}
      </p>
    );
  }
  if (rows.length === 0) {
    return <p className="empty">{status === 'running' ? 'Retrieving…' : 'No ranking yet. Pick a demo question or type one, then press Run.'}</p>;
  }
  if (passages.isError) {
    return (
      <p className="error" role="alert">
        Could not read the ranked passages: {passages.error.message}
      </p>
    );
  }
  const goldFound = rows.filter((r) => gold.has(r.id)).length;
  return (
    <section aria-labelledby="ranking-heading">
      <h2 id="ranking-heading">
        Ranking <span className="muted">({rows.length} passages{gold.size > 0 ? `, ${goldFound} of ${gold.size} gold found` : ', typed question: no gold'})</span>
      </h2>
      <ol className="ranking" data-testid="ranking">
        {rows.map((r) => {
          const p = passages.data?.get(r.id);
          const isGold = gold.has(r.id);
          return (
            <li key={r.id} className={isGold ? 'ranked gold' : 'ranked'} data-testid="ranked-passage" data-gold={String(isGold)} data-rank={r.rank}>
              <span className="rank" aria-label={`rank ${r.rank}`}>
                {r.rank}
              </span>
              <div className="ranked-body">
                <div className="ranked-head">
                  <strong data-testid="passage-title">{p?.title ?? r.id}</strong>
                  {isGold && <span className="badge badge-gold">gold</span>}
                  <span className="score">score {r.score.toFixed(3)}</span>
                </div>
                <p className="passage-text">{p?.text ?? '…'}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
