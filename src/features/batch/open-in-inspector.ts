// A batch row's trace opened in the Inspector, with the form above it set to what the trace ran.
import type { BatchRow } from '../../app/batch/results.ts';
import { parseVariant } from '../../app/batch/variants.ts';
import { BATCH_CONFIGS } from '../../state/batch-slice.ts';
import { appStore } from '../../state/store.ts';

export function openInInspector(r: BatchRow): void {
  const s = appStore.getState();
  const config = BATCH_CONFIGS.find((c) => c.key === parseVariant(r.strategy).config);
  if (config) {
    s.setBackbone(config.backbone);
    s.setStrategy(config.strategy);
  }
  s.pickQuestion(r.trace.question.id, r.trace.question.question);
  s.showTrace(r.trace);
  appStore.getState().setView('inspector');
  // The inspector opens at its top (the run header and step bar), not where the batch table was scrolled.
  requestAnimationFrame(() => window.scrollTo({ top: 0 }));
}
