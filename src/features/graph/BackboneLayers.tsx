// The graph view's backbone layer: RAPTOR's tree levels and summaries, or GraphRAG's communities and reports.
// useBackboneLayers keeps the state and recolours the run's nodes; GraphPage draws the nodes it returns.
import { Options } from '../../app/components/Options.tsx';
import { readableId } from '../../app/passage-names.ts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { layersOf } from '../../core/backbones/about.ts';
import type { BackboneLayers } from '../../engine/engine-api.ts';
import type { RunGraph } from './use-run-graph.ts';
import {
  backboneLayersQuery,
  colourByCommunity,
  communityColor,
  fadeOutsideSummary,
  passagesUnder,
} from './graph-backbone-layers.ts';

export function useBackboneLayers(run: RunGraph, selected: string | null) {
  const { engine, corpusId: datasetId, poolIds, runNodes: nodes, passages, trace } = run;
  const view = run.graph.data;
  const retriever = trace?.retriever;
  const kind = layersOf(retriever);
  const phrases = useMemo(() => (view?.nodes ?? []).filter((n) => n.kind === 'phrase').map((n) => n.label), [view]);
  const layers = useQuery({
    ...backboneLayersQuery(engine, datasetId ?? '', kind ?? 'tree', poolIds, phrases),
    enabled: kind !== null && datasetId !== undefined && view !== undefined,
  });
  const [summary, setSummary] = useState<string | null>(null);
  const [community, setCommunity] = useState<string | null>(null);
  const under = useMemo(() => passagesUnder(layers.data, summary), [layers.data, summary]);
  const drawn = useMemo(
    () => (nodes ? fadeOutsideSummary(colourByCommunity(nodes, layers.data), under) : null),
    [nodes, layers.data, under],
  );
  if (kind === null) return { nodes, panel: null };
  const selectedPhrase = selected
    ? view?.nodes.find((n) => n.key === selected && n.kind === 'phrase')?.label
    : undefined;
  const panel = (
    <section className="backbone-layers" data-testid="backbone-layers" data-layers={kind}>
      {layers.isPending ? (
        <p className="empty">{kind === 'tree' ? 'Loading the summary tree…' : 'Loading the communities…'}</p>
      ) : layers.isError ? (
        <p className="error" role="alert">
          The {kind === 'tree' ? 'tree' : 'communities'} could not be loaded: {layers.error.message}
        </p>
      ) : layers.data.kind === 'tree' ? (
        <RaptorLevels
          layers={layers.data}
          summary={summary}
          setSummary={setSummary}
          poolIds={poolIds}
          titleOf={passages.titleOf}
        />
      ) : (
        <Communities
          layers={layers.data}
          community={(selectedPhrase && layers.data.communityOfPhrase[selectedPhrase]) || community}
          setCommunity={setCommunity}
        />
      )}
    </section>
  );
  return { nodes: drawn, panel };
}

type Raptor = Extract<BackboneLayers, { kind: 'tree' }>;
type GraphRag = Extract<BackboneLayers, { kind: 'communities' }>;

interface RaptorLevelsProps {
  layers: Raptor;
  summary: string | null;
  setSummary: (id: string | null) => void;
  poolIds: readonly string[];
  titleOf: (id: string) => string;
}

function RaptorLevels({ layers, summary, setSummary, poolIds, titleOf }: RaptorLevelsProps) {
  const levels = layers.levels.slice(1).map((_, i) => i + 1);
  const [level, setLevel] = useState<number>(1);
  const shown = layers.summaries.filter((s) => s.level === level);
  const picked = layers.summaries.find((s) => s.id === summary);
  const pool = new Set(poolIds);
  return (
    <>
      <h3>RAPTOR tree</h3>
      <p className="muted" data-testid="raptor-levels">
        {layers.levels.map((n, i) => `level ${i}: ${n} ${i === 0 ? 'passages' : 'summaries'}`).join(' · ')}.{' '}
        {layers.source}.
      </p>
      {levels.length === 0 ? (
        <p className="empty">The tree has no summary level (the corpus is too small to cluster).</p>
      ) : (
        <label className="field field-inline">
          <span>Level</span>
          <select
            value={level}
            data-testid="raptor-level"
            onChange={(e) => (setLevel(Number(e.target.value)), setSummary(null))}
          >
            <Options
              values={levels}
              label={(l) => `level ${l} (${layers.summaries.filter((s) => s.level === l).length} above the pool)`}
            />
          </select>
        </label>
      )}
      <ul className="node-list">
        {shown.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className={`node-button${summary === s.id ? ' selected' : ''}`}
              aria-pressed={summary === s.id}
              data-testid="raptor-summary"
              onClick={() => setSummary(summary === s.id ? null : s.id)}
            >
              <span title={s.id}>{readableId(s.id)}</span>{' '}
              <span className="muted">
                · {s.shown.length} of the pool · {s.passageCount} passages
              </span>
            </button>
          </li>
        ))}
      </ul>
      {picked && (
        <div className="node-details" data-testid="raptor-summary-details">
          <h4 title={picked.id}>{readableId(picked.id)}</h4>
          <p>{picked.text}</p>
          <p className="muted">
            Passages under it
            {picked.passageCount > picked.passages.length
              ? ` (first ${picked.passages.length} of ${picked.passageCount})`
              : ''}
            ; the others are faded in the graph:
          </p>
          <ul className="node-list">
            {picked.passages.map((id) => (
              <li key={id} data-testid="raptor-summary-passage">
                {pool.has(id) ? '● ' : ''}
                {titleOf(id)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

interface CommunitiesProps {
  layers: GraphRag;
  community: string | null;
  setCommunity: (id: string | null) => void;
}

function Communities({ layers, community, setCommunity }: CommunitiesProps) {
  const picked = layers.communities.find((c) => c.id === community);
  return (
    <>
      <h3>GraphRAG communities</h3>
      <p className="muted" data-testid="graphrag-summary">
        {layers.communities.length} communities among the shown phrases ({layers.levels} levels, modularity{' '}
        {layers.modularity.toFixed(3)}). Reports: {layers.source}. Click a phrase or a community for its report.
      </p>
      <ul className="node-list community-legend" data-testid="community-legend">
        {layers.communities.map((c, i) => (
          <li key={c.id}>
            <button
              type="button"
              className={`node-button${community === c.id ? ' selected' : ''}`}
              aria-pressed={community === c.id}
              data-testid="community-entry"
              onClick={() => setCommunity(community === c.id ? null : c.id)}
            >
              <span className="swatch" style={{ background: communityColor(i) }} />
              {c.title}{' '}
              <span className="muted">
                · {c.shown} shown of {c.size} phrases
              </span>
            </button>
          </li>
        ))}
      </ul>
      {picked && (
        <div className="node-details" data-testid="community-report">
          <h4>
            {picked.title}{' '}
            <span className="muted">
              ({picked.id}, {picked.passageCount} passages)
            </span>
          </h4>
          <p style={{ whiteSpace: 'pre-wrap' }}>{picked.report || 'No report for this community.'}</p>
        </div>
      )}
    </>
  );
}
