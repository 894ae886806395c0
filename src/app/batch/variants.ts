// Models x regimes in the browser batch (paper 004 compares LLMs across evidence regimes): every selected
// configuration runs once per selected LLM and regime, under a key that names all three, so every table,
// plot and export of the batch gains the model and regime dimensions without a second code path.
import { REGIMES, type Regime } from '../../core/strategies/regimes.ts';

import type { BatchModel } from '../../state/batch-slice.ts';

export const BATCH_MODELS: readonly BatchModel[] = ['settings', 'offline'];
export const MODEL_LABEL: Record<BatchModel, string> = {
  settings: 'LLM from Settings',
  offline: 'offline thinker (heuristic)',
};
/** gold-context gives the reader the gold passages: an oracle, said in every label. */
export const REGIME_LABEL: Record<Regime, string> = {
  iterative: 'iterative',
  'no-context': 'no context',
  'gold-context': 'gold context (oracle)',
};
export { REGIMES };

export type Variant = { config: string; model: BatchModel; regime: Regime };

const SEP = ' · ';

/**
 * The key of one configuration x model x regime: the config alone for the default (LLM from Settings,
 * iterative), so single-model batches read as before; otherwise "<config> · <model> · <regime>".
 */
export function variantKey(v: Variant): string {
  return [
    v.config,
    ...(v.model === 'settings' ? [] : [MODEL_LABEL[v.model]]),
    ...(v.regime === 'iterative' ? [] : [REGIME_LABEL[v.regime]]),
  ].join(SEP);
}

export function parseVariant(key: string): Variant {
  const [config, ...rest] = key.split(SEP);
  const model = (Object.keys(MODEL_LABEL) as BatchModel[]).find((m) => rest.includes(MODEL_LABEL[m])) ?? 'settings';
  const regime = REGIMES.find((r) => rest.includes(REGIME_LABEL[r])) ?? 'iterative';
  return { config: config ?? key, model, regime };
}

export const isOracle = (key: string) => parseVariant(key).regime === 'gold-context';

/**
 * Every variant to run, configuration-major. Retrieval-only configurations call no LLM and have no reader,
 * so they run once (iterative, no model); "+reader" baselines and core strategies run per model and regime.
 */
export function batchVariants(
  configs: readonly string[],
  models: readonly BatchModel[],
  regimes: readonly Regime[],
  usesLlm: (config: string) => boolean,
): string[] {
  const ms = models.length ? models : (['settings'] as const);
  const rs = regimes.length ? regimes : (['iterative'] as const);
  return configs.flatMap((config) =>
    usesLlm(config)
      ? ms.flatMap((model) => rs.map((regime) => variantKey({ config, model, regime })))
      : [variantKey({ config, model: 'settings', regime: 'iterative' })],
  );
}
