// Which questions shifted between two lanes of the batch, and why (core's failureShift): per question
// fixed, broken, both right or both wrong, and how its diagnostic flag moved (A's flag -> B's). Every
// cell lists its questions; a question opens in Compare with both lanes' runs side by side.
import { Options } from '../../app/components/Options.tsx';
import { useMemo, useState } from 'react';
import { useDiagnosisPassages } from './use-diagnosis-passages.ts';
import { complementarityPair } from './complementarity-pair.ts';
import { diagnoseTrace } from '../../core/eval/diagnostics/index.ts';
import { failureShift, shiftRows, type FailureShift } from '../../core/eval/failure-shift.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { appStore } from '../../state/store.ts';
import { ColumnHeads } from '../../app/components/ColumnHeads.tsx';

interface Props {
  datasetId: string | undefined;
  runs: readonly { strategy: string; trace: Trace }[];
}

/** Opens one question in Compare with the two lanes' traces as its lanes. */
function openInCompare(id: string, a: { name: string; trace?: Trace }, b: { name: string; trace?: Trace }) {
  if (!a.trace || !b.trace) return;
  const s = appStore.getState();
  appStore.setState({
    compareQuestionId: id,
    compareLanes: [
      { key: s.laneSeq + 1, kind: 'file', name: a.name, trace: a.trace, passages: null },
      { key: s.laneSeq + 2, kind: 'file', name: b.name, trace: b.trace, passages: null },
    ],
    laneSeq: s.laneSeq + 2,
  });
  s.setView('compare');
}

function Questions({ ids, open }: { ids: readonly string[]; open: (id: string) => void }) {
  if (ids.length === 0) return <span className="muted">—</span>;
  return (
    <>
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <button
            type="button"
            className="link"
            data-testid="shift-question"
            title="Open in Compare with both runs side by side"
            onClick={() => open(id)}
          >
            {id}
          </button>
        </span>
      ))}
    </>
  );
}

export function FailureShiftPanel({ datasetId, runs }: Props) {
  // the gold-context regime is an oracle: never a lane of a comparison
  const lanes = useMemo(
    () => [...new Set(runs.filter((r) => r.trace.regime !== 'gold-context').map((r) => r.strategy))],
    [runs],
  );
  const [picked, setPicked] = useState<[string | null, string | null]>([null, null]);
  const [a, b] = complementarityPair(lanes, picked) ?? [null, null];
  const passages = useDiagnosisPassages(datasetId, runs);
  const traces = (lane: string) => runs.filter((r) => r.strategy === lane).map((r) => r.trace);
  const shift: FailureShift | null = useMemo(() => {
    if (!a || !b) return null;
    const rowsOf = (lane: string) => {
      const ts = traces(lane);
      return shiftRows(
        ts,
        ts.map((t) => diagnoseTrace(t, passages.data ? { passages: passages.data } : {})),
      );
    };
    return failureShift({ name: a, rows: rowsOf(a) }, { name: b, rows: rowsOf(b) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- traces() reads runs
  }, [a, b, runs, passages.data]);
  if (!a || !b || !shift) return null;
  const open = (id: string) =>
    openInCompare(
      id,
      { name: a, trace: traces(a).find((t) => t.question.id === id) },
      { name: b, trace: traces(b).find((t) => t.question.id === id) },
    );
  const o = shift.outcomes;
  const pick = (i: 0 | 1) => (e: React.ChangeEvent<HTMLSelectElement>) =>
    setPicked(i === 0 ? [e.target.value, b] : [a, e.target.value]);
  return (
    <section
      className="panel"
      aria-labelledby="shift-heading"
      data-testid="failure-shift"
      data-questions={shift.questions}
    >
      <h3 id="shift-heading">Which questions shifted</h3>
      <p>
        From{' '}
        <select aria-label="Lane A" data-testid="shift-a" value={a} onChange={pick(0)}>
          <Options values={lanes} />
        </select>{' '}
        to{' '}
        <select aria-label="Lane B" data-testid="shift-b" value={b} onChange={pick(1)}>
          <Options values={lanes.filter((l) => l !== a)} />
        </select>
        , over the {shift.questions} questions both ran to the end (correct = Acc; a question&rsquo;s flag is its first
        flagged diagnostic).
        {shift.notCompared.length > 0 &&
          ` ${shift.notCompared.length} not compared (${shift.notCompared[0]!.reason}, …).`}
      </p>
      <table className="table" data-testid="shift-outcomes">
        <ColumnHeads names={[`${a} \\ ${b}`, `${b} right`, `${b} wrong`]} />
        <tbody>
          <tr>
            <th scope="row">{a} right</th>
            <td data-testid="shift-cell" data-outcome="bothRight" data-count={o.bothRight.length}>
              {o.bothRight.length} both right: <Questions ids={o.bothRight} open={open} />
            </td>
            <td data-testid="shift-cell" data-outcome="broken" data-count={o.broken.length}>
              <strong>{o.broken.length} broken</strong>: <Questions ids={o.broken} open={open} />
            </td>
          </tr>
          <tr>
            <th scope="row">{a} wrong</th>
            <td data-testid="shift-cell" data-outcome="fixed" data-count={o.fixed.length}>
              <strong>{o.fixed.length} fixed</strong>: <Questions ids={o.fixed} open={open} />
            </td>
            <td data-testid="shift-cell" data-outcome="bothWrong" data-count={o.bothWrong.length}>
              {o.bothWrong.length} both wrong: <Questions ids={o.bothWrong} open={open} />
            </td>
          </tr>
        </tbody>
      </table>
      <table className="table" data-testid="shift-flags">
        <ColumnHeads names={[`flag in ${a}`, `flag in ${b}`, 'questions']} />
        <tbody>
          {shift.flags.map((c) => (
            <tr key={`${c.from}-${c.to}`} data-testid="shift-flag-row" data-count={c.questions.length}>
              <td>{c.from}</td>
              <td>{c.to}</td>
              <td>
                {c.questions.length}: <Questions ids={c.questions} open={open} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
