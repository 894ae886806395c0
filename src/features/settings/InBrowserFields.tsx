// An in-browser model's fields: the known small models, the model and its path, the download consent, and its download.
import type { LlmSettings } from '../../core/llm/settings.ts';
import { BrowserModelPicker } from './BrowserModelPicker.tsx';
import { ModelDownload, type ModelDownloads } from './ModelDownload.tsx';
import { llmFieldSetters } from './llm-field-setters.ts';

interface Props {
  value: LlmSettings;
  onChange(next: LlmSettings): void;
  downloads: ModelDownloads | undefined;
}

export function InBrowserFields({ value, onChange, downloads }: Props) {
  const { set, text } = llmFieldSetters(value, onChange);
  return (
    <>
      <BrowserModelPicker value={value.browserModel} onPick={(id) => set('browserModel', id)} />
      <label className="field field-grow">
        <span>Model (folder under the model path, or a Hugging Face id when downloads are allowed)</span>
        <input data-testid="llm-browser-model" value={value.browserModel} onChange={text('browserModel')} />
      </label>
      <label className="field field-grow">
        <span>Model path</span>
        <input
          data-testid="llm-browser-path"
          value={value.browserModelPath}
          onChange={text('browserModelPath')}
          disabled={value.allowRemote}
        />
      </label>
      <label className="field">
        <span>
          <input
            type="checkbox"
            checked={value.allowRemote}
            onChange={(e) => set('allowRemote', e.target.checked)}
            data-testid="llm-allow-remote"
          />{' '}
          Allow downloading the model from the Hugging Face hub
        </span>
      </label>
      {downloads && value.browserModel.trim() && (
        <ModelDownload
          testId="llm-download"
          downloads={downloads}
          // q4: the weights the in-browser provider loads by default (src/providers/llm/transformers-generation.ts)
          spec={{
            task: 'text-generation',
            model: value.browserModel.trim(),
            dtype: 'q4',
            allowRemote: value.allowRemote,
            ...(value.allowRemote ? {} : { localModelPath: value.browserModelPath }),
          }}
        />
      )}
    </>
  );
}
