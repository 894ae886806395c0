// Which embedding model is chosen now: the stored folder (weights, size, dimension, fingerprint) or the hub id.
import type { EmbeddingSettings } from '../../core/embed/settings.ts';
import { mb } from './use-model-choice.ts';

export function EmbeddingCurrent({ value }: { value: EmbeddingSettings }) {
  if (value.source === 'local')
    return (
      <p data-testid="embed-current">
        Folder <strong>{value.name}</strong> ({value.dtype}, {mb(value.sizeBytes)},{' '}
        {value.dim === null ? 'dimension not stated in config.json' : `${value.dim}-d`}; sha-256{' '}
        <code>{value.fingerprint.slice(0, 12)}</code>) stored in this browser.
      </p>
    );
  if (value.source === 'hub')
    return (
      <p data-testid="embed-current">
        Hub model <strong>{value.id}</strong> ({value.dtype}), downloaded on first use and cached by the browser.
      </p>
    );
  return null;
}
