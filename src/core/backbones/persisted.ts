// Backbones whose build is worth keeping (RAPTOR's tree, GraphRAG's communities and reports): read
// from the ArtifactStore when a verified copy fits the corpus and the builder, else built and stored.
import type { LlmPort } from '../llm/port.ts';
import { loadDecodedOrRebuild } from '../persist/artifacts.ts';
import type {
  ArtifactExpectation,
  ArtifactInput,
  ArtifactRef,
  ArtifactStore,
  StoredArtifact,
} from '../persist/ports.ts';
import { BACKBONE_KEY_PREFIX } from '../persist/ports.ts';
import { IN_MEMORY } from './descriptor.ts';

export const backboneRef = (corpusId: string, key: string): ArtifactRef => ({
  corpusId,
  kind: 'backbone',
  key: `${BACKBONE_KEY_PREFIX}${key}`,
});

/** The value and how it came to be, in the words the trace records (`built`). */
export async function readOrBuild<T>(
  store: ArtifactStore | undefined,
  ref: ArtifactRef,
  expect: ArtifactExpectation,
  decode: (a: StoredArtifact) => T,
  build: () => Promise<{ value: T; artifact: Omit<ArtifactInput, keyof ArtifactRef> }>,
): Promise<{ value: T; built: string }> {
  if (!store) return { value: (await build()).value, built: `${IN_MEMORY} (no storage)` };
  const r = await loadDecodedOrRebuild(store, ref, expect, decode, build);
  if (r.fromStore) return { value: r.value, built: 'loaded from storage' };
  return {
    value: r.value,
    built: r.message ? `rebuilt and stored (${r.message.replace(/; rebuilding it$/, '')})` : 'built and stored',
  };
}

/**
 * Artifacts built with an LLM live under their own key (summariser or report writer in it), so an
 * LLM-built tree is never read for an extractive run nor the other way round, and both can be kept;
 * the label is also checked against the stored meta on read.
 */
export function builderKey(key: string, llm: LlmPort | undefined, prompt: { version: string } | undefined): string {
  const label = llm?.identity ?? llm?.label;
  return label ? `${key}:llm:${prompt?.version ?? ''}:${label}` : key;
}
