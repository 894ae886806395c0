// All Dexie repositories behind core's store ports, for one database.
import type { Stores } from '../core/persist/ports.ts';
import { createArtifactRepository } from './artifact-repository.ts';
import { createCorpusRepository } from './corpus-repository.ts';
import type { HopscopeDb } from './db.ts';
import { createLlmCacheRepository } from './llm-cache-repository.ts';
import { createRunRepository } from './run-repository.ts';
import { createSettingsRepository } from './settings-repository.ts';

export {
  createArtifactRepository,
  createCorpusRepository,
  createLlmCacheRepository,
  createRunRepository,
  createSettingsRepository,
};

export function createDexieStores(db: HopscopeDb): Stores {
  return {
    corpora: createCorpusRepository(db),
    artifacts: createArtifactRepository(db),
    runs: createRunRepository(db),
    settings: createSettingsRepository(db),
    llmCache: createLlmCacheRepository(db),
  };
}
