// The assembler's memo: one build per backbone as it is built, whatever way the spec spells it (a base left
// out is the default base, a name or a spec with the same options), and never one build for two bases
// (GEAR over RAPTOR is not GEAR over BM25: nested options are part of the key).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKBONE, EXPANSION_BACKBONE } from '../../../src/core/backbones/about.ts';
import { assembleBackbone, type BackboneResources } from '../../../src/core/backbones/index.ts';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { BACKBONE_PROMPTS } from '../../../src/prompts/backbone-prompts.ts';

const demo = new URL('../../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const { corpus } = loadDataset('demo', files);

function resources(): BackboneResources {
  const bm25 = createBm25Retriever(corpus.passages);
  return {
    corpus,
    prompts: BACKBONE_PROMPTS,
    memo: new Map(),
    bm25: async () => bm25,
    triples: async () => extractTriplesOffline(corpus.passages),
  };
}

describe('assembleBackbone memo', () => {
  it('one build for the same backbone however the spec spells its base', async () => {
    const res = resources();
    const a = await assembleBackbone({ name: EXPANSION_BACKBONE }, res);
    const b = await assembleBackbone({ name: EXPANSION_BACKBONE, options: { base: DEFAULT_BACKBONE } }, res);
    const c = await assembleBackbone({ name: EXPANSION_BACKBONE, options: { base: { name: DEFAULT_BACKBONE } } }, res);
    expect(b.retriever).toBe(a.retriever);
    expect(c.retriever).toBe(a.retriever);
  });

  it('two bases, two builds: the base’s name and options are part of the key', async () => {
    const res = resources();
    const overBm25 = await assembleBackbone(
      { name: EXPANSION_BACKBONE, options: { base: { name: DEFAULT_BACKBONE } } },
      res,
    );
    const overTree = await assembleBackbone({ name: EXPANSION_BACKBONE, options: { base: { name: 'raptor' } } }, res);
    expect(overTree.retriever).not.toBe(overBm25.retriever);
    const seeded = await assembleBackbone(
      { name: EXPANSION_BACKBONE, options: { base: { name: 'raptor', options: { maxLevels: 2 } } } },
      res,
    );
    expect(seeded.retriever).not.toBe(overTree.retriever);
  });
});
