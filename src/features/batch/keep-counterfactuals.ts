// The browser batch's counterfactual results survive a reload: one record in the settings store
// (IndexedDB) with the spec and every run's row and plain metrics (the branch traces are not kept),
// validated when read back and put back once per page when the batch has none of its own yet.
import { errorMessage } from '../../app/error-message.ts';
import { useEffect } from 'react';
import { z } from 'zod';
import { useEngine } from '../../app/engine-client.ts';
import type { CounterfactualEntry } from '../../core/whatif/batch.ts';
import { parseCounterfactual } from '../../core/whatif/counterfactual.ts';
import { counterfactualStore, type CounterfactualRun } from './counterfactual-store.ts';

const COUNTERFACTUAL_KEY = 'workspace.v1.counterfactual';

const saved = z.object({
  spec: z.string(),
  runs: z.record(
    z.string(),
    z.object({
      strategy: z.string(),
      entry: z.object({
        plain: z.looseObject({ recall: z.record(z.string(), z.number()) }),
        row: z.looseObject({
          id: z.string(),
          status: z.enum(['applied', 'not-applied', 'branch-failed', 'plain-failed']),
          changed: z.boolean(),
          recall: z.record(z.string(), z.number()),
          warnings: z.array(z.string()),
        }),
      }),
    }),
  ),
});

let restored = false;

/** Restores the saved counterfactual results (once per page), then saves them as they change. */
export function useKeepCounterfactuals(): void {
  const engine = useEngine();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    const save = () => {
      const { spec, runs } = counterfactualStore.getState();
      const record = {
        spec: spec?.text ?? '',
        runs: Object.fromEntries(
          Object.entries(runs).map(([k, r]) => [
            k,
            { strategy: r.strategy, entry: { plain: r.entry.plain, row: r.entry.row } },
          ]),
        ),
      };
      engine
        .putSetting(COUNTERFACTUAL_KEY, record)
        .catch((err: unknown) =>
          console.warn(`hopscope: could not save the counterfactual results: ${errorMessage(err)}`),
        );
    };
    void (async () => {
      if (!restored) {
        restored = true;
        const raw = await engine.getSetting(COUNTERFACTUAL_KEY).catch(() => undefined);
        const s = counterfactualStore.getState();
        const parsed = raw === undefined || raw === null ? null : saved.safeParse(raw);
        if (parsed && !parsed.success)
          console.warn(
            `hopscope: the saved counterfactual results (settings key ${COUNTERFACTUAL_KEY}) do not match this build; not restored`,
          );
        else if (parsed?.success && parsed.data.spec && s.spec === null && Object.keys(s.runs).length === 0) {
          const spec = parseCounterfactual(parsed.data.spec);
          counterfactualStore.setState({
            spec,
            runs: parsed.data.runs as unknown as Record<string, CounterfactualRun & { entry: CounterfactualEntry }>,
          });
        }
      }
      if (stopped) return;
      unsubscribe = counterfactualStore.subscribe((now, prev) => {
        if (now.runs === prev.runs && now.spec === prev.spec) return;
        clearTimeout(timer);
        timer = setTimeout(save, 300);
      });
    })();
    return () => {
      stopped = true;
      unsubscribe();
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
  }, [engine]);
}
