import { PassageSourceLine } from '../../app/components/PassageSource.tsx';
import type { TraceModel } from '../../core/trace/fold.ts';
import { useState } from 'react';
import { useAppStore } from '../../state/use-app-store.ts';
import { RoleMark, type PassageMarks } from '../../app/components/Marks.tsx';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

type Props = PassageMarks & {
  model: TraceModel;
  /** Present mode: show the top of the ranking plus these passages (the step's), not a page-long list. */
  shorten: readonly string[] | null;
};

/** Passages a shortened ranking keeps from its top. */
const SHORT_TOP = 8;

/** The ranking the run ended with (the final cut when there is one): rank, score, title, gold mark, text. */
export function RankingList({ model, gold, passages, bridge, shorten }: Props) {
  const [showAll, setShowAll] = useState(false);
  const status = useAppStore((s) => s.runStatus);
  const runError = useAppStore((s) => s.runError);
  const stepping = useAppStore((s) => s.step !== null);
  const ids = model.finalRanking;
  const scores = model.stages[model.stages.length - 1]?.scores;

  if (status === 'failed') {
    return (
      <p className="empty" data-testid="run-error">
        No ranking: the run failed before its first pool ({runError}; what to do next is shown above).
      </p>
    );
  }
  if (ids.length === 0) {
    const hint =
      status === 'running'
        ? 'Retrieving…'
        : stepping
          ? 'No ranking at this step yet: step forward to the first pool.'
          : 'No ranking yet. Pick a demo question or type one, then press Run — or open a run file.';
    return <p className="empty">{hint}</p>;
  }
  const goldFound = ids.filter((id) => gold.has(id)).length;
  const keep = new Set(shorten ?? []);
  const short = shorten !== null && !showAll && ids.length > SHORT_TOP + keep.size;
  const shown = ids.flatMap((id, i) => (!short || i < SHORT_TOP || keep.has(id) ? [{ id, i }] : []));
  return (
    <section className="panel" aria-labelledby="ranking-heading">
      <h2 id="ranking-heading">
        {model.cutoff ? 'Final context' : 'Ranking'}{' '}
        <span className="muted">
          ({ids.length} passages{gold.size > 0 ? `, ${goldFound} of ${gold.size} gold` : ', typed question: no gold'})
        </span>
      </h2>
      <ErrorLine error={passages.error && `Passage text unavailable: ${passages.error}`} />
      <ol className="ranking" data-testid="ranking">
        {shown.map(({ id, i }) => {
          const p = passages.get(id);
          const isGold = gold.has(id);
          const score = scores?.get(id);
          return (
            <li
              key={id}
              className={isGold ? 'ranked gold' : 'ranked'}
              data-testid="ranked-passage"
              data-gold={String(isGold)}
              data-bridge={String(bridge.has(id))}
              data-rank={i + 1}
            >
              <span className="rank" aria-label={`rank ${i + 1}`}>
                {i + 1}
              </span>
              <div className="ranked-body">
                <div className="ranked-head">
                  <strong data-testid="passage-title">{p?.title ?? id}</strong>
                  <RoleMark id={id} gold={gold} bridge={bridge} />
                  {score !== undefined && <span className="score">score {score.toFixed(3)}</span>}
                </div>
                <PassageSourceLine passage={p} corpusId={passages.corpusId} />
                <p className="passage-text">{p?.text ?? '…'}</p>
              </div>
            </li>
          );
        })}
      </ol>
      {short && (
        <p className="muted" data-testid="ranking-shortened">
          Showing the top {SHORT_TOP} and the passages this step is about ({shown.length} of {ids.length}).{' '}
          <SmallButton onClick={() => setShowAll(true)}>Show all {ids.length}</SmallButton>
        </p>
      )}
    </section>
  );
}
