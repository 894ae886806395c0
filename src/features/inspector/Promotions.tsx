import { verifierPlaceholder } from './empty-states.ts';
import type { InspectorTrace } from './use-inspector-trace.ts';
import { Term } from '../../app/components/Glossary.tsx';
import { RoleMark } from '../../app/components/Marks.tsx';
import { cutParts, cutSummary } from '../../app/trace/cut-text.ts';
import { ColumnHeads } from '../../app/components/ColumnHeads.tsx';

/** What the verifier selected, in its order of strength, and the rank each passage moved from and to. */
export function Promotions({ view }: { view: InspectorTrace }) {
  const { model, gold, bridge, passages, runContext: run } = view;
  const { verify, promotions, cutoff } = model;
  // Each passage's own score in the last ranking shown (promotion moves a passage, not its score).
  const scores = model.stages[model.stages.length - 1]?.scores;
  return (
    <section className="panel" aria-labelledby="promotions-heading">
      <h2 id="promotions-heading">
        <Term term="verifier">Verifier</Term> promotions
      </h2>
      {!verify ? (
        <p className="empty" data-testid="verifier-empty">
          {verifierPlaceholder(run)}
        </p>
      ) : (
        <>
          <p className="muted">
            Selected {verify.selected.length} of the top {verify.candidates.length} candidates, strongest first.
          </p>
          <table className="table" data-testid="promotions">
            <ColumnHeads names={['#', 'passage', 'from rank', 'to rank']} />
            <tbody>
              {verify.selected.map((id, i) => {
                const move = promotions.find((m) => m.id === id);
                return (
                  <tr key={id} data-testid="promotion" data-gold={String(gold.has(id))}>
                    <td>{i + 1}</td>
                    <td>
                      {passages.titleOf(id)} <RoleMark id={id} gold={gold} bridge={bridge} />
                    </td>
                    <td className="num">{move?.from ?? '—'}</td>
                    <td className="num">
                      {move?.to ?? '—'}
                      {move && move.from > move.to && <span className="up"> ▲{move.from - move.to}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      {cutoff && (
        <p className="cut-summary" data-testid="cutoff">
          <Term term="μ+σ cut">Cut (Eq. 6)</Term> on retrieval scores: μ = {cutoff.mu.toFixed(3)}, σ ={' '}
          {cutoff.sigma.toFixed(3)}, threshold μ+σ = {cutoff.threshold.toFixed(3)}; {cutoff.kept.length} passages kept
          {gold.size > 0 && ` (${cutoff.kept.filter((id) => gold.has(id)).length} of them gold)`}:{' '}
          {cutSummary(
            cutParts(cutoff, verify?.selected ?? [], (id) => scores?.get(id)),
            cutoff.threshold,
          )}
          . Promoted passages keep their own retrieval score, so they can sit below μ+σ and under unpromoted ones.
        </p>
      )}
    </section>
  );
}
