import { z } from 'zod';
import { corpusFingerprint } from '../persist/codecs.ts';
import { RAPTOR_TREE_ARTIFACT, raptorTreeArtifact, raptorTreeFromArtifact } from '../persist/backbone-codecs.ts';
import { SUMMARY_FALLBACK_MARK } from '../raptor/summarizer.ts';
import { buildRaptorTree, RAPTOR_TREE_DEFAULTS } from '../raptor/tree.ts';
import { HASHED_TFIDF_LABEL } from '../raptor/vectors.ts';
import { createRaptorRetriever, RAPTOR_SCORER_LABEL, type RaptorRetriever } from '../retrievers/raptor.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone } from './descriptor.ts';
import { summarizerOf } from './llm-parts.ts';
import { backboneRef, builderKey, readOrBuild } from './persisted.ts';

const positive = z.number().int().positive();

export const raptorBackbone = defineBackbone({
  name: 'raptor',
  ...BACKBONE_ABOUT.raptor,
  options: z
    .object({
      maxLevels: positive.optional(),
      minLevelSize: positive.optional(),
      dim: positive.optional(),
      cluster: z.record(z.string(), z.unknown()).optional(),
    })
    .strict(),
  summary(r) {
    const { tree, scorer } = r as RaptorRetriever;
    return `raptor tree: ${tree.levels.join(' / ')} nodes per level; clusters on ${tree.vectors}; ${tree.summarizer}; nodes scored by ${scorer}`;
  },
  llmBuild: {
    what: "RAPTOR's summaries",
    calls: (standIn) => summaryCalls((standIn as RaptorRetriever).tree.levels),
  },
  async build(inputs, options) {
    const { corpus, artifacts, signal } = inputs;
    const summarizer = summarizerOf(inputs);
    const hash = corpusFingerprint(corpus.passages);
    const key = builderKey('raptor', inputs.llm, inputs.prompts?.raptorSummary);
    const r = await readOrBuild(
      Object.keys(options).length === 0 ? artifacts : undefined, // a tree of other options is not the stored one
      backboneRef(corpus.id, key),
      RAPTOR_TREE_ARTIFACT,
      (a) => raptorTreeFromArtifact(a, corpus, hash, { summarizer: summarizer.label, vectors: HASHED_TFIDF_LABEL }),
      async () => {
        const report = inputs.onProgress;
        const tree = await buildRaptorTree(
          corpus,
          summarizer,
          options as never,
          signal,
          report && ((stage, done, total) => report({ backbone: 'raptor', stage, done, total })),
        );
        return { value: tree, artifact: raptorTreeArtifact(tree, hash) };
      },
    );
    const summaries = r.value.levels.slice(1).reduce((a, b) => a + b, 0);
    // Summaries the stand-in wrote for an unreadable reply carry the mark (stored trees too).
    const fallbacks = r.value.nodes.filter((x) => x.level > 0 && x.text.startsWith(SUMMARY_FALLBACK_MARK)).length;
    const warning = fallbacks
      ? `raptor: ${fallbacks} of ${summaries} summaries could not be read from the LLM's replies; the labelled extractive stand-in wrote those nodes and the build went on`
      : undefined;
    return {
      retriever: createRaptorRetriever(corpus, r.value),
      built: warning ? `${r.built}; ${fallbacks} of ${summaries} summaries by the extractive stand-in` : r.built,
      ...(warning ? { warnings: [warning] } : {}),
      traceOptions: { summaries: summarizer.label, vectors: HASHED_TFIDF_LABEL, nodeScores: RAPTOR_SCORER_LABEL },
    };
  },
});

/**
 * One LLM call per summary node. The first level clusters the passages themselves, so its clusters are
 * the stand-in tree's; higher levels cluster the summaries, whose text the LLM writes, so their number
 * (and whether a level above the first is made at all) may differ: the count is exact only when the
 * first level is too small to cluster again (the default options, which the kept tree is built with).
 */
export function summaryCalls(levels: readonly number[]): { calls: number; exact: boolean; basis: string } {
  const [first = 0, ...higher] = levels.slice(1);
  const { maxLevels, minLevelSize } = RAPTOR_TREE_DEFAULTS;
  const exact = higher.length === 0 && (first <= minLevelSize || maxLevels <= 1);
  const basis = 'one per cluster of the tree just built';
  return {
    calls: first + higher.reduce((a, b) => a + b, 0),
    exact,
    basis: exact ? basis : `${basis}; higher levels may differ slightly`,
  };
}
