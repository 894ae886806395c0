// "Clear cached LLM replies": clears them and keeps the sentence to show next to the button.
import { useState } from 'react';
import { sentence } from './use-connection-test.ts';

export function useClearCache(onClearCache: (() => Promise<void>) | undefined) {
  const [cacheNote, setCacheNote] = useState<string>('');
  const clearCache = async () => {
    if (!onClearCache) return;
    try {
      await onClearCache();
      setCacheNote('Cached replies cleared.');
    } catch (e) {
      setCacheNote(`Could not clear the cache: ${sentence(e)}`);
    }
  };
  return { cacheNote, clearCache };
}
