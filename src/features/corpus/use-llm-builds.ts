// After an import built the stand-in backbones: what their LLM versions would cost (asked once, no call made),
// Build now with its progress and Cancel, Not now, and how each build ended.
import { useMutation, useQuery } from '@tanstack/react-query';
import { proxy } from 'comlink';
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import type { LibraryEntry, LlmBuildProgress } from '../../engine/engine-api.ts';

export function useLlmBuilds(entry: LibraryEntry) {
  const engine = useEngine();
  const offer = useQuery({
    // createdAt: a re-import of the same corpus asks again
    queryKey: ['llm-build-offer', entry.id, entry.createdAt],
    queryFn: () => engine.llmBuildOffer(entry.id),
    staleTime: Infinity,
    gcTime: 0,
  });
  const [progress, setProgress] = useState<LlmBuildProgress | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const building = useMutation({
    mutationFn: () => engine.buildWithLlm(entry.id, proxy(setProgress)),
    onSettled: () => setProgress(null),
  });
  return {
    offer,
    progress,
    building,
    dismissed,
    start: () => building.mutate(),
    cancel: () => void engine.cancelLlmBuilds(),
    dismiss: () => setDismissed(true),
  };
}
