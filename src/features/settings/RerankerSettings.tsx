// DualRAG's reranker (Eq. 8) in Settings: lexical (the default), a local cross-encoder folder or a hub id; after
// "Load and test", the scores it gives one relevant and one unrelated passage. Props-driven like EmbeddingSettings.
import { KNOWN_RERANKERS, RERANK_DTYPES, type RerankerSettings as Settings } from '../../core/rerank/settings.ts';
import { useModelChoice, type ModelSettingsProps } from './use-model-choice.ts';
import { KnownModelsTable, type KnownModelColumn } from './KnownModelsTable.tsx';
import { ModelSourceChoice } from './ModelSourceChoice.tsx';
import { RerankerCurrent } from './RerankerCurrent.tsx';
import { WeightsSelect } from './WeightsSelect.tsx';
import { LoadAndTestButton } from './LoadAndTestButton.tsx';
import { ModelTestStatus } from './ModelTestStatus.tsx';
import type { RerankerTest } from '../../engine/engine-api.ts';
import { RerankerTestFound } from './RerankerTestFound.tsx';

const RERANKER_COLUMNS: KnownModelColumn<(typeof KNOWN_RERANKERS)[number]>[] = [
  { header: 'known cross-encoders', cell: (k) => k.id },
  { header: 'what', cell: (k) => k.note },
  { header: 'size', cell: (k) => k.sizes },
];

type Props = ModelSettingsProps<Settings, RerankerTest>;

export function RerankerSettings({ value, onChange, storeFolder, test }: Props) {
  const choice = useModelChoice({
    hubModel: value.source === 'hub' ? value.id : null,
    firstKnownId: KNOWN_RERANKERS[0].id,
    storeFolder,
    test,
    loading: 'loading the reranker in the engine worker…',
    onPicked: (m) =>
      onChange({ source: 'local', name: m.name, fingerprint: m.fingerprint, sizeBytes: m.sizeBytes, dtype: m.dtype }),
  });

  return (
    <section className="panel settings" aria-labelledby="rerank-settings-heading" data-testid="rerank-settings">
      <h2 id="rerank-settings-heading">DualRAG reranker</h2>
      <p className="muted">
        DualRAG reranks each entity&apos;s documents against the entity name (Eq. 8) and drops those scored irrelevant
        (logit ≤ 0). A cross-encoder does this in the paper; without one, the lexical reranker (term overlap, a
        heuristic) stands in and is labelled so in every trace. For a cross-encoder pick a folder holding an ONNX export
        (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx or onnx/model_quantized.onnx, as
        transformers.js loads them), or allow a download from the Hugging Face hub. It runs in the engine worker, not on
        this page.
      </p>
      <KnownModelsTable testId="rerank-known" models={KNOWN_RERANKERS} columns={RERANKER_COLUMNS} />
      <ModelSourceChoice
        prefix="rerank"
        groupLabel="Reranker"
        source={value.source}
        off={{
          value: 'lexical',
          text: 'Lexical (heuristic, no model; the default)',
          choose: () => onChange({ source: 'lexical' }),
        }}
        folderText="Local cross-encoder folder:"
        folderLabel="Cross-encoder folder"
        consentText="Allow downloading the reranker from the Hugging Face hub"
        knownIds={KNOWN_RERANKERS.map((k) => k.id)}
        choice={choice}
        onUseHub={() => onChange({ source: 'hub', id: choice.hubId, dtype: 'q8' })}
      />
      <RerankerCurrent value={value} />
      <div className="actions">
        {value.source === 'hub' && (
          <WeightsSelect value={value.dtype} dtypes={RERANK_DTYPES} onPick={(dtype) => onChange({ ...value, dtype })} />
        )}
        <LoadAndTestButton testId="rerank-test" choice={choice} />
      </div>
      <ModelTestStatus prefix="rerank" state={choice.state} found={(r) => <RerankerTestFound r={r} />} />
    </section>
  );
}
