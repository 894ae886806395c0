// The backbone's own structure over the shown subgraph, for RAPTOR and GraphRAG runs: RAPTOR's tree
// levels (the summaries above the shown passages, level by level, each passage clickable) and
// GraphRAG's communities (phrase nodes coloured by community, a legend, the report on click).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BackboneLayers, GraphView } from '../../../workers/engine-api.ts';
import { useEngine } from '../../app/engine-client.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { NodeAttributes } from './graph-style.ts';

/** Tableau 10 without its blue (round 0's passages are blue); communities past the eighth share grey. */
const COMMUNITY_COLORS = ['#f28e2b', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#59a14f', '#e15759'] as const;
const OTHER_COMMUNITY = '#d3d7dc';

export const communityColor = (layers: BackboneLayers, id: string): string => {
  if (layers.kind !== 'graphrag') return OTHER_COMMUNITY;
  const i = layers.communities.findIndex((c) => c.id === id);
  return i >= 0 && i < COMMUNITY_COLORS.length ? COMMUNITY_COLORS[i]! : OTHER_COMMUNITY;
};

export function useBackboneLayers(corpusId: string | undefined, backbone: string | undefined, view: GraphView | undefined) {
  const engine = useEngine();
  const layered = backbone === 'raptor' || backbone === 'graphrag' ? backbone : null;
  const passageIds = (view?.nodes ?? []).filter((n) => n.kind === 'passage').map((n) => n.label);
  const phrases = (view?.nodes ?? []).filter((n) => n.kind === 'phrase').map((n) => n.label);
  return useQuery<BackboneLayers>({
    queryKey: ['backbone-layers', corpusId, layered, passageIds, phrases],
    queryFn: async (): Promise<BackboneLayers> => engine.backboneLayers(corpusId!, { backbone: layered!, passageIds, phrases }),
    enabled: corpusId !== undefined && layered !== null && view !== undefined,
    staleTime: Infinity,
  });
}

/** GraphRAG runs: phrase nodes take their community's colour (seeds keep their own, so they stay findable). */
export function withCommunityColours(nodes: Map<string, NodeAttributes> | null, layers: BackboneLayers | undefined, seeds: ReadonlySet<string>): Map<string, NodeAttributes> | null {
  if (!nodes || layers?.kind !== 'graphrag') return nodes;
  const out = new Map(nodes);
  for (const [key, a] of nodes) {
    const id = a.kind === 'phrase' ? layers.communityOf[a.ref] : undefined;
    if (id !== undefined && !seeds.has(a.ref)) out.set(key, { ...a, color: communityColor(layers, id) });
  }
  return out;
}

interface Props {
  layers: BackboneLayers;
  view: GraphView;
  passages: PassageLookup;
  onSelect: (key: string) => void;
}

export function BackboneLayersPanel({ layers, view, passages, onSelect }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const keyOf = (label: string) => view.nodes.find((n) => n.label === label)?.key;
  if (layers.kind === 'raptor') {
    const levels = [...new Set(layers.summaries.map((s) => s.level))].sort((a, b) => b - a);
    return (
      <section className="backbone-layers" data-testid="raptor-levels">
        <h3>RAPTOR tree levels</h3>
        <p className="muted">
          {layers.levels.map((n, l) => `level ${l}: ${n.toLocaleString('en')} ${l === 0 ? 'passages' : 'summaries'}`).join(' · ')}. Summaries: {layers.summarizer}.
        </p>
        {levels.map((level) => (
          <div key={level} data-testid="raptor-level" data-level={level}>
            <h4>Level {level}</h4>
            <ul className="node-list">
              {layers.summaries
                .filter((s) => s.level === level)
                .map((s) => (
                  <li key={s.id} className="layer-item">
                    <button type="button" className="node-button" aria-expanded={open === s.id} onClick={() => setOpen(open === s.id ? null : s.id)}>
                      {s.id} · over {s.size} passages, {s.shown.length} shown
                    </button>
                    {open === s.id && (
                      <div className="layer-detail">
                        <p className="node-text">{s.text}</p>
                        {s.shown.map((id) => (
                          <button key={id} type="button" className="btn btn-secondary btn-small" onClick={() => keyOf(id) && onSelect(keyOf(id)!)}>
                            {passages.titleOf(id)}
                          </button>
                        ))}
                      </div>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </section>
    );
  }
  return (
    <section className="backbone-layers" data-testid="graphrag-communities">
      <h3>GraphRAG communities</h3>
      <p className="muted">
        Phrase nodes coloured by Louvain community ({layers.communities.length} among the shown phrases; modularity {layers.modularity.toFixed(2)}). Reports: {layers.reportSource}.
      </p>
      <ul className="node-list">
        {layers.communities.map((c) => (
          <li key={c.id} className="layer-item" data-testid="community">
            <button type="button" className="node-button" aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
              <span className="swatch" style={{ background: communityColor(layers, c.id) }} />
              {c.title} <span className="muted">· {c.shown} shown of {c.size} phrases</span>
            </button>
            {open === c.id && <p className="node-text" data-testid="community-report">{c.report || 'no report'}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
