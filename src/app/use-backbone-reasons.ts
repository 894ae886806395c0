// Why a backbone cannot run right now, for the pickers: the embedding backbones need an encoder chosen
// in Settings. An empty record: every backbone can run (or the settings are not read yet).
import { useQuery } from '@tanstack/react-query';
import { backboneNeedsEmbedder } from '../core/backbones/about.ts';
import { RUN_BACKBONES, type RunBackbone } from '../engine/engine-api.ts';
import { embeddingStatusQuery } from './embedding-queries.ts';
import { useEngine } from './engine-client.ts';

/** Backbones that rank with passage vectors of the encoder in Settings. */
const ENCODER_BACKBONES: readonly RunBackbone[] = RUN_BACKBONES.filter((b) => backboneNeedsEmbedder(b));

export type BackboneReasons = Partial<Record<RunBackbone, string>>;

export function useBackboneReasons(corpusId: string | undefined): BackboneReasons {
  const engine = useEngine();
  const status = useQuery({ ...embeddingStatusQuery(engine, corpusId ?? ''), enabled: corpusId !== undefined });
  if (!status.data || status.data.model !== null) return {};
  return Object.fromEntries(
    ENCODER_BACKBONES.map((b) => [b, 'needs an embedding model: choose one in Settings']),
  ) as BackboneReasons;
}
