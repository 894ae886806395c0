// Embedding model settings: none (dense backbones off), a local encoder folder or a hub id; after "Load and test",
// the backend it runs on. Props-driven (features cannot import providers): the app passes the folder store and test.
import { ModelDownload, type ModelDownloads } from './ModelDownload.tsx';
import { useModelChoice, type ModelSettingsProps } from './use-model-choice.ts';
import { EMBED_BATCH_DEFAULT, KNOWN_ENCODERS, type EmbeddingSettings } from '../../core/embed/settings.ts';
import { KnownModelsTable, type KnownModelColumn } from './KnownModelsTable.tsx';
import { ModelSourceChoice } from './ModelSourceChoice.tsx';
import { EmbeddingCurrent } from './EmbeddingCurrent.tsx';
import { EmbeddingOptions } from './EmbeddingOptions.tsx';
import { ModelTestStatus } from './ModelTestStatus.tsx';
import type { EmbeddingTest } from '../../engine/engine-api.ts';
import { EmbeddingTestFound } from './EmbeddingTestFound.tsx';

interface EmbeddingSettingsProps extends ModelSettingsProps<EmbeddingSettings, EmbeddingTest> {
  /** Hub encoders: download into this browser with a progress bar before the first load. */
  downloads?: ModelDownloads;
}

const ENCODER_COLUMNS: KnownModelColumn<(typeof KNOWN_ENCODERS)[number]>[] = [
  { header: 'known small encoders', cell: (k) => k.id },
  { header: 'dimension', cell: (k) => k.dim, className: 'num' },
  { header: 'size', cell: (k) => k.sizes },
  { header: 'pooling', cell: (k) => k.pooling },
];

export function EmbeddingSettings({ value, onChange, storeFolder, test, downloads }: EmbeddingSettingsProps) {
  const batchSize = value.source === 'none' ? EMBED_BATCH_DEFAULT : value.batchSize;
  const choice = useModelChoice({
    hubModel: value.source === 'hub' ? value.id : null,
    firstKnownId: KNOWN_ENCODERS[0].id,
    storeFolder,
    test,
    loading: 'loading the model in the embedding worker…',
    onPicked: (m) => {
      const known = KNOWN_ENCODERS.find((k) => m.name.toLowerCase().includes(k.name.toLowerCase()));
      onChange({ source: 'local', ...m, pooling: known?.pooling ?? 'mean', batchSize });
    },
  });

  const chooseHub = () => {
    const known = KNOWN_ENCODERS.find((k) => k.id === choice.hubId);
    onChange({ source: 'hub', id: choice.hubId, dtype: 'q8', pooling: known?.pooling ?? 'mean', batchSize });
  };

  return (
    <section className="panel settings" aria-labelledby="embed-settings-heading" data-testid="embed-settings">
      <h2 id="embed-settings-heading">Embedding model</h2>
      <p className="muted">
        Dense, hybrid and HippoRAG 2 (dense) backbones need a sentence encoder. None ships with the app: pick a folder
        holding an ONNX export (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx or
        onnx/model_quantized.onnx, as transformers.js loads them), or allow a download from the Hugging Face hub.
      </p>
      <KnownModelsTable testId="embed-known" models={KNOWN_ENCODERS} columns={ENCODER_COLUMNS} />
      <ModelSourceChoice
        prefix="embed"
        groupLabel="Embedding model source"
        source={value.source}
        off={{
          value: 'none',
          text: 'None (BM25 and HippoRAG 2 over BM25 only)',
          choose: () => onChange({ source: 'none' }),
        }}
        folderText="Local folder:"
        folderLabel="Encoder folder"
        consentText="Allow downloading the model from the Hugging Face hub (the only network use of embeddings)"
        knownIds={KNOWN_ENCODERS.map((k) => k.id)}
        choice={choice}
        onUseHub={chooseHub}
      />
      <EmbeddingCurrent value={value} />
      {value.source === 'hub' && downloads && (
        <ModelDownload
          testId="embed-download"
          downloads={downloads}
          spec={{ task: 'feature-extraction', model: value.id, dtype: value.dtype, allowRemote: true }}
          blocked={choice.allowDownload ? null : 'Allow downloading from the Hugging Face hub first.'}
        />
      )}
      {value.source !== 'none' && <EmbeddingOptions value={value} onChange={onChange} choice={choice} />}
      <ModelTestStatus prefix="embed" state={choice.state} found={(r) => <EmbeddingTestFound r={r} />} />
      <p className="muted">
        Changing the model never mixes vectors: each corpus keeps its vectors per model, and a corpus without vectors of
        this model is embedded again from the Library.
      </p>
    </section>
  );
}
