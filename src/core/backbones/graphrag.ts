import { z } from 'zod';
import { buildPhraseGraph } from '../graph/build.ts';
import { detectCommunities } from '../graphrag/communities.ts';
import { REPORT_FALLBACK_MARK, writeReports } from '../graphrag/reports.ts';
import { GRAPHRAG_ARTIFACT, graphRagArtifact, graphRagFromArtifact } from '../persist/backbone-codecs.ts';
import { corpusFingerprint } from '../persist/codecs.ts';
import { createBm25Retriever } from '../retrievers/bm25.ts';
import { createGraphRagRetriever, GRAPHRAG_DEFAULTS, type GraphRagRetriever } from '../retrievers/graphrag.ts';
import { TRIPLE_SOURCE_LABELS } from '../triples/types.ts';
import { BACKBONE_ABOUT } from './about.ts';
import { defineBackbone } from './descriptor.ts';
import { reportWriterOf } from './llm-parts.ts';
import { lexicalFactIndex } from './lexical-facts.ts';
import { backboneRef, builderKey, readOrBuild } from './persisted.ts';

const COMMUNITY_LABEL = 'Louvain (graphology-communities-louvain)';

export const graphragBackbone = defineBackbone({
  name: 'graphrag',
  ...BACKBONE_ABOUT.graphrag,
  options: z
    .object({
      factTopK: z.number().int().positive().optional(),
      reportTopK: z.number().int().positive().optional(),
      reportWeight: z.number().min(0).optional(),
      baseWeight: z.number().min(0).optional(),
      resolution: z.number().positive().optional(),
    })
    .strict(),
  summary(r) {
    const g = r as GraphRagRetriever;
    const levels = g.hierarchy.communities.reduce((n, c) => ((n[c.level] = (n[c.level] ?? 0) + 1), n), [] as number[]);
    return `graphrag: ${levels.join(' / ')} Louvain communities per level (modularity ${g.hierarchy.modularity.toFixed(3)}); reports: ${g.reportSource}`;
  },
  // The communities come from the graph alone (no LLM), so a build with the LLM writes exactly these reports.
  llmBuild: {
    what: "GraphRAG's community reports",
    calls: (standIn) => ({
      calls: (standIn as GraphRagRetriever).hierarchy.communities.length,
      exact: true,
      basis: 'one per community',
    }),
  },
  async build(inputs, options) {
    const { corpus, triples, artifacts, signal, onProgress } = inputs;
    const report = (stage: string, done: number, total: number) =>
      onProgress?.({ backbone: 'graphrag', stage, done, total });
    if (!inputs.graph) report('building the entity graph', 0, 1);
    const graph = inputs.graph ?? buildPhraseGraph(corpus, triples!);
    const writer = reportWriterOf(inputs);
    const hash = corpusFingerprint(corpus.passages);
    const key = builderKey(`graphrag:${graph.source}`, inputs.llm, inputs.prompts?.graphragReport);
    const resolution = options.resolution ?? GRAPHRAG_DEFAULTS.resolution;
    const r = await readOrBuild(
      resolution === GRAPHRAG_DEFAULTS.resolution ? artifacts : undefined,
      backboneRef(corpus.id, key),
      GRAPHRAG_ARTIFACT,
      (a) => graphRagFromArtifact(a, graph, hash, writer.label),
      async () => {
        report('detecting communities', 0, 1);
        const hierarchy = detectCommunities(graph, { resolution });
        const reports = await writeReports(graph, hierarchy, writer, signal, (done, total) =>
          report('writing community reports', done, total),
        );
        return {
          value: { hierarchy, reports },
          artifact: graphRagArtifact(hierarchy, reports, graph, hash, writer.label),
        };
      },
    );
    // Reports the stand-in wrote for an unreadable reply carry the mark in their title (stored ones too).
    const fallbacks = r.value.reports.filter((x) => x.title.startsWith(REPORT_FALLBACK_MARK)).length;
    const total = r.value.reports.length;
    const warning = fallbacks
      ? `graphrag: ${fallbacks} of ${total} community reports could not be read from the LLM's replies; the labelled extractive stand-in wrote them and the build went on`
      : undefined;
    return {
      ...(warning ? { warnings: [warning] } : {}),
      retriever: createGraphRagRetriever(corpus, {
        graph,
        ...r.value,
        reportSource: writer.label,
        facts: await lexicalFactIndex('graphrag', inputs, graph),
        base: inputs.bm25 ?? createBm25Retriever(corpus.passages),
        ...(inputs.queryEntities ? { queryEntities: inputs.queryEntities } : {}),
        options,
      }),
      built: warning ? `${r.built}; ${fallbacks} of ${total} reports by the extractive stand-in` : r.built,
      traceOptions: {
        triples: TRIPLE_SOURCE_LABELS[graph.source],
        reports: writer.label,
        communities: COMMUNITY_LABEL,
      },
    };
  },
});
