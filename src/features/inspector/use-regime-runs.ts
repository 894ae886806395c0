import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { errorMessage } from '../../app/error-message.ts';
import type { Regime, Trace, TraceEvent } from '../../core/trace/schema.ts';
import type { Passage, Question } from '../../core/types.ts';
import { isBaseline, type RunRequest } from '../../engine/engine-api.ts';
import { useAppStore } from '../../state/use-app-store.ts';

/** The LLM a row of regimes ran with: Settings' or the offline thinker. */
export type RegimeModel = NonNullable<RunRequest['llm']>;
/** The regimes in the order they run and are shown. */
export const REGIME_ORDER: Regime[] = ['no-context', 'gold-context', 'iterative'];
/** Each model's trace per regime, filled in as the runs finish. */
export type RegimeRuns = Partial<Record<RegimeModel, Partial<Record<Regime, Trace>>>>;

/** Passages the regimes' readers saw or retrieved (top 10), and the gold: what their diagnostics read. */
function passageIds(question: Question, traces: RegimeRuns): string[] {
  const all = Object.values(traces).flatMap((r) => Object.values(r ?? {}));
  const read = (e: TraceEvent) =>
    e.type === 'context' ? e.ids : e.type === 'retrieve' ? e.results.slice(0, 10).map((r) => r.id) : [];
  return [...new Set([...question.gold, ...all.flatMap((t) => t.events.flatMap(read))])];
}

export type RegimesRequest = { datasetId: string | undefined; question: Question | null };

/** Runs the question in each regime (per model) with the form's strategy and backbone, then fetches what their diagnostics read. */
export function useRegimeRuns({ datasetId, question }: RegimesRequest) {
  const engine = useEngine();
  const strategy = useAppStore((s) => s.strategy);
  const backbone = useAppStore((s) => s.backbone);
  const [runs, setRuns] = useState<{ traces: RegimeRuns; passages?: Map<string, Passage> } | null>(null);
  const [alsoOffline, setAlsoOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const core = !isBaseline(strategy);
  const can = core && datasetId !== undefined && question !== null && question.gold.length > 0 && !busy;

  async function runAll() {
    if (!can || !question || !datasetId || isBaseline(strategy)) return;
    setBusy(true);
    setError(null);
    setRuns({ traces: {} });
    try {
      const traces: RegimeRuns = {};
      const models: RegimeModel[] = alsoOffline ? ['settings', 'offline'] : ['settings'];
      for (const model of models) {
        for (const regime of REGIME_ORDER) {
          const t = await engine.run({ datasetId, question, backbone, strategy, k: 10, regime, llm: model });
          traces[model] = { ...traces[model], [regime]: t };
          setRuns({ traces: { ...traces } });
        }
        // Settings already hold the offline thinker: a second row would repeat the first.
        if (model === 'settings' && traces.settings?.iterative?.llm.includes('offline thinker')) break;
      }
      const ids = passageIds(question, traces);
      setRuns({ traces, passages: new Map((await engine.passages(datasetId, ids)).map((p) => [p.id, p])) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return { runs, alsoOffline, setAlsoOffline, busy, error, core, can, runAll, strategy };
}
