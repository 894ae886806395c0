import { BROWSER_MODELS } from './local-models.ts';

/** Pick a small in-browser model by name, with its download size and expected speed; downloads need consent. */
export function BrowserModelPicker({ value, onPick }: { value: string; onPick(id: string): void }) {
  return (
    <fieldset className="browser-models" data-testid="browser-models">
      <legend>Small instruct models known to run in the browser (WebGPU first, WASM fallback)</legend>
      <ul>
        {BROWSER_MODELS.map((m) => (
          <li key={m.id}>
            <label>
              <input
                type="radio"
                name="browser-model"
                data-testid="browser-model-choice"
                value={m.id}
                checked={value === m.id}
                onChange={() => onPick(m.id)}
              />{' '}
              <strong>{m.label}</strong>{' '}
              <span className="muted">
                · {m.downloadMb >= 1000 ? `${(m.downloadMb / 1000).toFixed(1)} GB` : `${m.downloadMb} MB`} download ·{' '}
                {m.speed}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p className="muted" data-testid="browser-model-consent">
        Downloading a model needs your consent (the box below): it is fetched once from the Hugging Face hub and cached
        in this browser; nothing else leaves the page.
      </p>
    </fieldset>
  );
}
