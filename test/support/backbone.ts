// Test helper: a backbone's retriever alone (buildBackbone, without what the trace records of the build).
import { buildBackbone, type BackboneInputs, type BackboneName } from '../../src/core/backbones/index.ts';
import type { Corpus, Retriever } from '../../src/core/types.ts';

export async function backboneRetriever(
  name: BackboneName,
  corpus: Corpus,
  deps: Omit<BackboneInputs, 'corpus'> = {},
): Promise<Retriever> {
  return (await buildBackbone(name, { corpus, ...deps })).retriever;
}
