// How an import reads and builds: words per passage for documents, and whether to build the graph backbones now.
import { DEFAULT_CHUNK_WORDS } from '../../core/documents/chunker.ts';
import { PREBUILD_LIMIT } from '../../engine/engine-api.ts';
import type { ImportChoices } from './use-corpus-import.ts';

export function ImportOptions({ options, disabled }: { options: ImportChoices; disabled: boolean }) {
  return (
    <>
      <label className="chunk-words">
        Words per passage (documents){' '}
        <input
          type="number"
          min={20}
          max={2000}
          step={10}
          value={options.chunkWords}
          data-testid="chunk-words"
          disabled={disabled}
          onChange={(e) =>
            options.setChunkWords(Math.max(1, Math.round(Number(e.target.value) || DEFAULT_CHUNK_WORDS)))
          }
        />
      </label>{' '}
      <label
        className="build-backbones"
        title="The fact index, GEAR's triple index, RAPTOR's tree and GraphRAG's communities, built now (with the stand-ins; no LLM is called) so their first run waits for none"
      >
        <input
          type="checkbox"
          checked={options.buildBackbones}
          data-testid="build-backbones"
          disabled={disabled}
          onChange={(e) => options.setBuildBackbones(e.target.checked)}
        />{' '}
        Build the graph backbones now (up to {PREBUILD_LIMIT.toLocaleString('en')} passages)
      </label>
    </>
  );
}
