import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { useState } from 'react';
import type { BatchRow } from '../../app/batch/results.ts';
import type { JudgeLlm } from '../../app/use-judge-llm.ts';
import { ftCounts, ftExamples, ftJsonl, isCorrect } from '../../core/eval/ft-export.ts';
import type { JudgeResult } from '../../core/eval/judge.ts';
import { download } from '../../app/download.ts';
import { strategyDescriptor } from '../../core/strategies/index.ts';
import { parseVariant } from '../../app/batch/variants.ts';
import { strategyOfConfig } from '../../state/batch-slice.ts';

/**
 * Over finished DualRAG runs: the Acc† judge pass (Fig. 8; the Settings LLM after the runs, shown as Acc†, never
 * EM) and the DualRAG-FT export (one chat example per module call of every correctly answered question).
 */
export function DualRagBatchActions({ rows, judge }: { rows: readonly BatchRow[]; judge: JudgeLlm | undefined }) {
  const [result, setResult] = useState<JudgeResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const dualrag = rows.filter((r) => {
    const strategy = strategyOfConfig(parseVariant(r.strategy).config);
    return strategy !== undefined && strategyDescriptor(strategy).exportsFineTuning;
  });
  const key = (r: BatchRow) => `${r.strategy}|${r.questionId}`;

  const runJudge = async () => {
    if (!judge) return;
    setError(null);
    setBusy('judging…');
    try {
      const r = await judge.judge(
        rows[0]?.trace.corpus.id ?? 'batch',
        // completed runs only: a failed run has no answer to judge and is not a 0
        rows
          .filter((row) => row.status === 'done')
          .map((row) => ({
            id: key(row),
            question: row.question,
            prediction: row.answer ?? undefined,
            answers: [...row.trace.question.answers],
          })),
        (d, t) => setBusy(`judging ${d}/${t}…`),
      );
      setResult(r);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const exportFt = () => {
    const verdicts = new Map(result?.verdicts.map((v) => [v.id, v.accDagger]));
    let examples: ReturnType<typeof ftExamples>;
    try {
      // offline-thinker replies are refused here (the CLI exports them, labelled, only when asked)
      examples = dualrag.flatMap((r) => {
        const verdict = verdicts.get(key(r));
        return ftExamples(r.trace, {
          correct: isCorrect(
            { ...(r.em !== null ? { em: r.em } : {}), ...(r.acc !== null ? { acc: r.acc } : {}) },
            verdict,
          ),
          judged: verdict === 0 || verdict === 1,
        });
      });
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    const c = ftCounts(examples);
    setError(
      examples.length
        ? null
        : 'No correctly answered DualRAG question: nothing to export (wrong trajectories are never exported).',
    );
    if (examples.length) download('dualrag-ft.jsonl', new Blob([ftJsonl(examples)], { type: 'application/jsonl' }));
    setExported(
      `${examples.length} examples (reasoner ${c.reasoner}, entity identifier ${c['entity-identifier']}, knowledge summarizer ${c['knowledge-summarizer']})`,
    );
  };

  return (
    <div className="toolbar" data-testid="dualrag-batch-actions">
      <SecondaryButton
        data-testid="judge-run"
        disabled={!judge || busy !== null || rows.length === 0}
        onClick={() => void runJudge()}
        title={
          judge ? `LLM judge: ${judge.label}` : 'Needs an LLM in Settings: the offline thinker cannot judge answers'
        }
      >
        Judge answers (Acc†)
      </SecondaryButton>
      <SecondaryButton data-testid="export-ft" disabled={dualrag.length === 0} onClick={exportFt}>
        Export DualRAG-FT (JSONL)
      </SecondaryButton>
      {!judge && <span className="muted">Acc† needs an LLM in Settings.</span>}
      {busy && <span className="muted">{busy}</span>}
      {result && (
        <span data-testid="judge-result">
          Acc† (LLM judge {result.judge}; not EM):{' '}
          {result.accDagger === null ? 'none' : `${(result.accDagger * 100).toFixed(1)}%`} over {result.judged} answers
          {result.errors ? `, ${result.errors} unreadable verdicts` : ''}
        </span>
      )}
      {exported && (
        <span className="muted" data-testid="ft-exported">
          exported {exported}
        </span>
      )}
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
