// The graph view's backbone layer (the descriptions' `layers`): its query, and the node colours it applies (GraphRAG
// communities, RAPTOR's faded passages). Kept apart from graph-style.ts, which owns the run overlays.
import { queryOptions } from '@tanstack/react-query';
import type { EngineClient } from '../../app/engine-client.ts';
import type { LayerKind } from '../../core/backbones/about.ts';
import type { BackboneLayers } from '../../engine/engine-api.ts';
import { SEED_PHRASE, type NodeAttributes } from './graph-style.ts';

export const backboneLayersQuery = (
  engine: EngineClient,
  datasetId: string,
  kind: LayerKind,
  poolIds: readonly string[],
  phrases: readonly string[],
) =>
  queryOptions({
    queryKey: ['backbone-layers', datasetId, kind, [...poolIds].sort(), [...phrases].sort()],
    queryFn: (): Promise<BackboneLayers> =>
      engine.backboneLayers(datasetId, { kind, poolIds: [...poolIds], phrases: [...phrases] }),
    staleTime: Infinity,
  });

/** Twelve colours away from the round colours (blue, green, orange, purple, red), the seed magenta and the grey of plain phrases; the last one is shared by the rest. */
export const COMMUNITY_COLORS = [
  '#0f9d9a',
  '#b8860b',
  '#8c564b',
  '#17becf',
  '#9e9d24',
  '#6d4c41',
  '#00695c',
  '#ff8a65',
  '#7986cb',
  '#a1887f',
  '#4db6ac',
  '#5f6b7a',
] as const;

/** Colour of the i-th community in the legend's order (most phrases on screen first); the rest share the last. */
export const communityColor = (i: number) => COMMUNITY_COLORS[Math.min(i, COMMUNITY_COLORS.length - 1)] as string;

/** Phrase nodes coloured by their GraphRAG community; everything else unchanged. A new map, the input is not touched. */
export function colourByCommunity(
  nodes: Map<string, NodeAttributes>,
  layers: BackboneLayers | undefined,
): Map<string, NodeAttributes> {
  if (!layers || layers.kind !== 'communities') return nodes;
  const order = new Map(layers.communities.map((c, i) => [c.id, i]));
  const out = new Map<string, NodeAttributes>();
  for (const [key, a] of nodes) {
    const c = a.kind === 'phrase' && a.color !== SEED_PHRASE ? layers.communityOfPhrase[a.ref] : undefined;
    out.set(key, c === undefined ? a : { ...a, color: communityColor(order.get(c) ?? COMMUNITY_COLORS.length) });
  }
  return out;
}

/** Pool passages under the selected summary (RAPTOR), for highlighting and listing. */
export function passagesUnder(layers: BackboneLayers | undefined, summaryId: string | null): ReadonlySet<string> {
  if (!layers || layers.kind !== 'tree' || summaryId === null) return new Set();
  return new Set(layers.summaries.find((s) => s.id === summaryId)?.passages ?? []);
}

/** Passages outside the selected summary drawn faded, so the summary's passages stand out. */
export function fadeOutsideSummary(
  nodes: Map<string, NodeAttributes>,
  under: ReadonlySet<string>,
): Map<string, NodeAttributes> {
  if (under.size === 0) return nodes;
  const out = new Map<string, NodeAttributes>();
  for (const [key, a] of nodes)
    out.set(key, a.kind === 'passage' && !under.has(a.ref) ? { ...a, color: SUMMARY_FADED } : a);
  return out;
}

export const SUMMARY_FADED = '#dde1e6';
