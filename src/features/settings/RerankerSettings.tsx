// DualRAG's reranker (Eq. 8) in Settings: the lexical reranker (heuristic, no model; the default), a
// local cross-encoder folder picked from disk (kept in this browser), or a Hugging Face id when the
// user allows downloads. Shows the known rerankers with size and, after "Load and test", the scores
// the reranker gives one relevant and one unrelated passage. Props-driven like EmbeddingSettings.
import { useState } from 'react';
import { KNOWN_RERANKERS, RERANK_DTYPES, type RerankerSettings as Settings } from '../../core/rerank/settings.ts';
import type { PickedModel } from './use-model-folder.ts';
import { folderPicker, mb, useModelFolder } from './use-model-folder.ts';

export interface RerankerTestResult {
  name: string;
  heuristic: boolean;
  scores: { query: string; title: string; score: number }[];
  loadMs: number;
}

export interface RerankerSettingsProps {
  value: Settings;
  onChange(next: Settings): void;
  /** Stores the picked folder's files in this browser; rejects naming what the folder lacks. */
  storeFolder(files: File[], paths: string[]): Promise<PickedModel>;
  /** Loads the saved reranker in the engine worker and scores two test pairs. */
  test(): Promise<RerankerTestResult>;
}

export function RerankerSettings({ value, onChange, storeFolder, test }: RerankerSettingsProps) {
  const [hubId, setHubId] = useState<string>(value.source === 'hub' ? value.id : KNOWN_RERANKERS[0].id);
  const [allowDownload, setAllowDownload] = useState<boolean>(value.source === 'hub');
  const { state, pick, runTest } = useModelFolder({
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
      <table className="table" data-testid="rerank-known">
        <thead>
          <tr>
            <th scope="col">known cross-encoders</th>
            <th scope="col">what</th>
            <th scope="col">size</th>
          </tr>
        </thead>
        <tbody>
          {KNOWN_RERANKERS.map((k) => (
            <tr key={k.id}>
              <td>{k.id}</td>
              <td>{k.note}</td>
              <td>{k.sizes}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="field" role="radiogroup" aria-label="Reranker">
        <label>
          <input
            type="radio"
            name="rerank-source"
            checked={value.source === 'lexical'}
            onChange={() => onChange({ source: 'lexical' })}
            data-testid="rerank-source-lexical"
          />{' '}
          Lexical (heuristic, no model; the default)
        </label>
        <label>
          <input
            type="radio"
            name="rerank-source"
            checked={value.source === 'local'}
            readOnly
            data-testid="rerank-source-local"
          />{' '}
          Local cross-encoder folder:{' '}
          <input
            type="file"
            multiple
            {...folderPicker}
            data-testid="rerank-folder"
            aria-label="Cross-encoder folder"
            onChange={(e) => void pick(e.target.files)}
          />
        </label>
        <label>
          <input
            type="radio"
            name="rerank-source"
            checked={value.source === 'hub'}
            disabled={!allowDownload}
            onChange={() => onChange({ source: 'hub', id: hubId, dtype: 'q8' })}
            data-testid="rerank-source-hub"
          />{' '}
          Hugging Face id:{' '}
          <input
            list="rerank-known-ids"
            value={hubId}
            onChange={(e) => setHubId(e.target.value)}
            data-testid="rerank-hub-id"
          />
          <datalist id="rerank-known-ids">
            {KNOWN_RERANKERS.map((k) => (
              <option key={k.id} value={k.id} />
            ))}
          </datalist>
        </label>
        <label>
          <input
            type="checkbox"
            checked={allowDownload}
            onChange={(e) => setAllowDownload(e.target.checked)}
            data-testid="rerank-allow-download"
          />{' '}
          Allow downloading the reranker from the Hugging Face hub
        </label>
      </div>

      <p data-testid="rerank-current">
        {value.source === 'lexical' && (
          <>
            DualRAG uses the <strong>lexical reranker (heuristic)</strong>.
          </>
        )}
        {value.source === 'local' && (
          <>
            DualRAG uses the cross-encoder folder <strong>{value.name}</strong> ({value.dtype}, {mb(value.sizeBytes)};
            sha-256 <code>{value.fingerprint.slice(0, 12)}</code>) stored in this browser.
          </>
        )}
        {value.source === 'hub' && (
          <>
            DualRAG uses the hub cross-encoder <strong>{value.id}</strong> ({value.dtype}), downloaded on first use and
            cached by the browser.
          </>
        )}
      </p>

      <div className="actions">
        {value.source === 'hub' && (
          <label className="field">
            <span>Weights</span>
            <select
              value={value.dtype}
              onChange={(e) => onChange({ ...value, dtype: e.target.value as (typeof RERANK_DTYPES)[number] })}
            >
              {RERANK_DTYPES.map((d) => (
                <option key={d}>{d}</option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="btn"
          onClick={() => void runTest()}
          disabled={state.kind === 'busy'}
          data-testid="rerank-test"
        >
          Load and test
        </button>
      </div>

      <div role="status" data-testid="rerank-test-result">
        {state.kind === 'busy' && <p className="muted">{state.what}</p>}
        {state.kind === 'ok' && (
          <p>
            Loaded <strong>{state.r.name}</strong> in {(state.r.loadMs / 1000).toFixed(1)} s. Scores
            {state.r.heuristic ? ' (heuristic)' : ' (logits)'}:{' '}
            {state.r.scores.map((s, i) => (
              <span key={s.title}>
                {i > 0 && ', '}
                &ldquo;{s.query}&rdquo; vs {s.title} {s.score.toFixed(2)}
              </span>
            ))}
            .
          </p>
        )}
        {state.kind === 'failed' && (
          <p className="error" role="alert" data-testid="rerank-error">
            {state.message}
          </p>
        )}
      </div>
    </section>
  );
}
