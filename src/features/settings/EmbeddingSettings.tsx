// Embedding model settings: none (dense backbones off), a local encoder folder picked from disk (kept
// in this browser), or a Hugging Face id when the user allows downloads. Shows the known small
// encoders with size and dimension, and, after "Load and test", the backend the model runs on.
// Props-driven (features cannot import providers): the app passes the folder store and the test.
import { useState } from 'react';
import { ModelDownload, type ModelDownloads } from './ModelDownload.tsx';
import { folderPicker, mb, useModelFolder, type PickedModel } from './use-model-folder.ts';
import {
  EMBED_BATCH_DEFAULT,
  EMBED_DTYPES,
  EMBED_POOLINGS,
  KNOWN_ENCODERS,
  type EmbeddingSettings,
} from '../../core/embed/settings.ts';

export interface EmbeddingTestResult {
  model: string;
  backend: string;
  dim: number;
  queryMs: number;
  loadMs: number;
  /** How the backend was chosen: the WebGPU and WASM timings and the pick, or why WASM alone. */
  choiceText: string;
}

export interface EmbeddingSettingsProps {
  value: EmbeddingSettings;
  onChange(next: EmbeddingSettings): void;
  /** Stores the picked folder's files in this browser; rejects naming what the folder lacks. */
  storeFolder(files: File[], paths: string[]): Promise<PickedModel>;
  /** Loads the saved model in the embedding worker and embeds one query. */
  test(): Promise<EmbeddingTestResult>;
  /** Hub encoders: download into this browser with a progress bar before the first load. */
  downloads?: ModelDownloads;
}

export function EmbeddingSettings({ value, onChange, storeFolder, test, downloads }: EmbeddingSettingsProps) {
  const [hubId, setHubId] = useState<string>(value.source === 'hub' ? value.id : KNOWN_ENCODERS[0].id);
  const [allowDownload, setAllowDownload] = useState<boolean>(value.source === 'hub');
  const batchSize = value.source === 'none' ? EMBED_BATCH_DEFAULT : value.batchSize;
  const { state, pick, runTest } = useModelFolder({
    storeFolder,
    test,
    loading: 'loading the model in the embedding worker…',
    onPicked: (m) => {
      const known = KNOWN_ENCODERS.find((k) => m.name.toLowerCase().includes(k.name.toLowerCase()));
      onChange({ source: 'local', ...m, pooling: known?.pooling ?? 'mean', batchSize });
    },
  });

  const useHub = () => {
    const known = KNOWN_ENCODERS.find((k) => k.id === hubId);
    onChange({ source: 'hub', id: hubId, dtype: 'q8', pooling: known?.pooling ?? 'mean', batchSize });
  };

  return (
    <section className="panel settings" aria-labelledby="embed-settings-heading" data-testid="embed-settings">
      <h2 id="embed-settings-heading">Embedding model</h2>
      <p className="muted">
        Dense, hybrid and HippoRAG 2 (dense) backbones need a sentence encoder. None ships with the app: pick a folder
        holding an ONNX export (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx or
        onnx/model_quantized.onnx, as transformers.js loads them), or allow a download from the Hugging Face hub.
      </p>
      <table className="table" data-testid="embed-known">
        <thead>
          <tr>
            <th scope="col">known small encoders</th>
            <th scope="col">dimension</th>
            <th scope="col">size</th>
            <th scope="col">pooling</th>
          </tr>
        </thead>
        <tbody>
          {KNOWN_ENCODERS.map((k) => (
            <tr key={k.id}>
              <td>{k.id}</td>
              <td className="num">{k.dim}</td>
              <td>{k.sizes}</td>
              <td>{k.pooling}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="field" role="radiogroup" aria-label="Embedding model source">
        <label>
          <input
            type="radio"
            name="embed-source"
            checked={value.source === 'none'}
            onChange={() => onChange({ source: 'none' })}
            data-testid="embed-source-none"
          />{' '}
          None (BM25 and HippoRAG 2 over BM25 only)
        </label>
        <label>
          <input
            type="radio"
            name="embed-source"
            checked={value.source === 'local'}
            readOnly
            data-testid="embed-source-local"
          />{' '}
          Local folder:{' '}
          <input
            type="file"
            multiple
            {...folderPicker}
            data-testid="embed-folder"
            aria-label="Encoder folder"
            onChange={(e) => void pick(e.target.files)}
          />
        </label>
        <label>
          <input
            type="radio"
            name="embed-source"
            checked={value.source === 'hub'}
            disabled={!allowDownload}
            onChange={useHub}
            data-testid="embed-source-hub"
          />{' '}
          Hugging Face id:{' '}
          <input
            list="embed-known-ids"
            value={hubId}
            onChange={(e) => setHubId(e.target.value)}
            data-testid="embed-hub-id"
          />
          <datalist id="embed-known-ids">
            {KNOWN_ENCODERS.map((k) => (
              <option key={k.id} value={k.id} />
            ))}
          </datalist>
        </label>
        <label>
          <input
            type="checkbox"
            checked={allowDownload}
            onChange={(e) => setAllowDownload(e.target.checked)}
            data-testid="embed-allow-download"
          />{' '}
          Allow downloading the model from the Hugging Face hub (the only network use of embeddings)
        </label>
      </div>

      {value.source === 'local' && (
        <p data-testid="embed-current">
          Folder <strong>{value.name}</strong> ({value.dtype}, {mb(value.sizeBytes)},{' '}
          {value.dim === null ? 'dimension not stated in config.json' : `${value.dim}-d`}; sha-256{' '}
          <code>{value.fingerprint.slice(0, 12)}</code>) stored in this browser.
        </p>
      )}
      {value.source === 'hub' && (
        <p data-testid="embed-current">
          Hub model <strong>{value.id}</strong> ({value.dtype}), downloaded on first use and cached by the browser.
        </p>
      )}
      {value.source === 'hub' && downloads && (
        <ModelDownload
          testId="embed-download"
          downloads={downloads}
          spec={{ task: 'feature-extraction', model: value.id, dtype: value.dtype, allowRemote: true }}
          blocked={allowDownload ? null : 'Allow downloading from the Hugging Face hub first.'}
        />
      )}

      {value.source !== 'none' && (
        <div className="actions">
          <label className="field">
            <span>Pooling</span>
            <select
              value={value.pooling}
              onChange={(e) => onChange({ ...value, pooling: e.target.value as (typeof EMBED_POOLINGS)[number] })}
              data-testid="embed-pooling"
            >
              {EMBED_POOLINGS.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
          {value.source === 'hub' && (
            <label className="field">
              <span>Weights</span>
              <select
                value={value.dtype}
                onChange={(e) => onChange({ ...value, dtype: e.target.value as (typeof EMBED_DTYPES)[number] })}
              >
                {EMBED_DTYPES.map((d) => (
                  <option key={d}>{d}</option>
                ))}
              </select>
            </label>
          )}
          <label className="field">
            <span>Batch size</span>
            <input
              type="number"
              min={1}
              max={512}
              value={value.batchSize}
              onChange={(e) =>
                onChange({ ...value, batchSize: Math.max(1, Math.min(512, Number(e.target.value) || 1)) })
              }
              data-testid="embed-batch"
            />
          </label>
          <button
            type="button"
            className="btn"
            onClick={() => void runTest()}
            disabled={state.kind === 'busy'}
            data-testid="embed-test"
          >
            Load and test
          </button>
        </div>
      )}

      <div role="status" data-testid="embed-test-result">
        {state.kind === 'busy' && <p className="muted">{state.what}</p>}
        {state.kind === 'ok' && (
          <p>
            Loaded {state.r.model} on <strong data-testid="embed-backend">{state.r.backend}</strong> in{' '}
            {(state.r.loadMs / 1000).toFixed(1)} s: {state.r.dim}-d vectors, one query in {state.r.queryMs.toFixed(0)}{' '}
            ms.
            <br />
            Backend: <span data-testid="embed-backend-choice">{state.r.choiceText}</span>
          </p>
        )}
        {state.kind === 'failed' && (
          <p className="error" role="alert" data-testid="embed-error">
            {state.message}
          </p>
        )}
      </div>
      <p className="muted">
        Changing the model never mixes vectors: each corpus keeps its vectors per model, and a corpus without vectors of
        this model is embedded again from the Library.
      </p>
    </section>
  );
}
