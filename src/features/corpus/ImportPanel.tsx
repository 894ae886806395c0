import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proxy } from 'comlink';
import { useState, type DragEvent } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { DEFAULT_CHUNK_WORDS } from '../../core/documents/chunker.ts';
import { libraryQuery } from '../../app/queries.ts';
import './documents.css';
import { droppedFiles, folderOf, pickedFiles, sourceFiles, type PickedFile } from './read-files.ts';
import { IMPORT_STAGES, PREBUILD_LIMIT, type ImportProgress, type ImportStage } from '../../engine/engine-api.ts';

const STAGE_LABELS: Record<ImportStage, string> = {
  parse: 'Parse',
  bm25: 'BM25 index',
  triples: 'Triples',
  graph: 'Graph',
  embeddings: 'Embeddings',
  save: 'Save',
  backbones: 'Backbones',
};

/** A stage as shown: its last progress, when it was first seen, and how long it took once done. */
type StageView = ImportProgress & { since: number; tookMs?: number };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Import by picker or drag and drop: a progress bar per stage with its time, cancel, and errors next to the files. */
export function ImportPanel() {
  const engine = useEngine();
  const client = useQueryClient();
  const [stages, setStages] = useState<Partial<Record<ImportStage, StageView>>>({});
  const [startedAt, setStartedAt] = useState(0);
  const [tookMs, setTookMs] = useState<number | undefined>(undefined);
  const onProgress = (p: ImportProgress) =>
    setStages((s) => {
      const now = performance.now();
      const since = s[p.stage]?.since ?? now;
      return { ...s, [p.stage]: { ...p, since, ...(p.state === 'done' ? { tookMs: now - since } : {}) } };
    });
  const [names, setNames] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [chunkWords, setChunkWords] = useState(DEFAULT_CHUNK_WORDS);
  const [buildBackbones, setBuildBackbones] = useState(true);
  const importing = useMutation({
    mutationFn: async (list: PickedFile[]) => {
      const folder = folderOf(list);
      return engine.importCorpus(await sourceFiles(list), proxy(onProgress), {
        chunkWords,
        ...(buildBackbones ? {} : { buildBackbones: false }),
        ...(folder ? { name: folder } : {}),
      });
    },
    onSuccess: () => {
      setTookMs(performance.now() - startedAt);
      return client.invalidateQueries({ queryKey: libraryQuery(engine).queryKey });
    },
  });
  const start = (list: PickedFile[]) => {
    if (list.length === 0) return;
    setStages({});
    setStartedAt(performance.now());
    setTookMs(undefined);
    const folder = folderOf(list);
    setNames(folder ? [`${folder}/ (${list.length} files)`] : list.map((f) => f.name));
    importing.mutate(list);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void droppedFiles(e.dataTransfer).then(start);
  };

  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a corpus</h2>
      <div
        className={`dropzone${over ? ' over' : ''}`}
        data-testid="dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          Drop files here, or{' '}
          <label className="file-label">
            choose files…
            <input
              type="file"
              multiple
              accept=".json,.jsonl,.txt,.md,.markdown,.pdf,.docx,.html,.htm"
              data-testid="import-files"
              disabled={importing.isPending}
              onChange={(e) => start(pickedFiles(e.target.files ?? []))}
            />
          </label>{' '}
          or{' '}
          <label className="file-label">
            a folder…
            <input
              type="file"
              multiple
              data-testid="import-folder"
              disabled={importing.isPending}
              {...{ webkitdirectory: '' }}
              onChange={(e) => start(pickedFiles(e.target.files ?? []))}
            />
          </label>
        </p>
        <p className="muted">
          A corpus file (<code>*corpus*.json</code> / <code>.jsonl</code>: HippoRAG{' '}
          <code>
            [{'{'}title, text{'}'}]
          </code>
          , or .txt/.md files, one passage each), optionally with its question file (2Wiki, HotpotQA or MuSiQue format).
          Or your own documents: a folder of PDF, Word (.docx), HTML, Markdown and text files, split by their headings
          into passages that name their file, section and page, with an optional <code>questions.txt</code> (one per
          line) or <code>questions.jsonl</code> (<code>question</code>, <code>answer</code>, <code>gold</code>: file
          names or <code>file &gt; heading</code>). Everything stays in this browser.
        </p>
        <label className="chunk-words">
          Words per passage (documents){' '}
          <input
            type="number"
            min={20}
            max={2000}
            step={10}
            value={chunkWords}
            data-testid="chunk-words"
            disabled={importing.isPending}
            onChange={(e) => setChunkWords(Math.max(1, Math.round(Number(e.target.value) || DEFAULT_CHUNK_WORDS)))}
          />
        </label>{' '}
        <label
          className="build-backbones"
          title="The fact index, GEAR's triple index, RAPTOR's tree and GraphRAG's communities, built now (with the stand-ins; no LLM is called) so their first run waits for none"
        >
          <input
            type="checkbox"
            checked={buildBackbones}
            data-testid="build-backbones"
            disabled={importing.isPending}
            onChange={(e) => setBuildBackbones(e.target.checked)}
          />{' '}
          Build the graph backbones now (up to {PREBUILD_LIMIT.toLocaleString('en')} passages)
        </label>
      </div>
      {names.length > 0 && (
        <div className="import-status" data-testid="import-status">
          <p>
            <strong>{names.join(', ')}</strong>{' '}
            {importing.isPending && (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid="import-cancel"
                onClick={() => void engine.cancelImport()}
              >
                Cancel
              </button>
            )}
          </p>
          <table className="table stages">
            <tbody>
              {IMPORT_STAGES.map((s) => {
                const p = stages[s];
                // A stage still running when the import failed is where it failed: it stops looking busy.
                const failedHere = importing.isError && p?.state === 'running';
                return (
                  <tr
                    key={s}
                    data-testid="import-stage"
                    data-stage={s}
                    data-state={failedHere ? 'failed' : (p?.state ?? 'waiting')}
                    className={failedHere ? 'stage-failed' : undefined}
                  >
                    <th scope="row">{STAGE_LABELS[s]}</th>
                    <td className="stage-bar">
                      <progress
                        max={1}
                        value={p ? (p.state === 'running' ? p.fraction : 1) : 0}
                        aria-label={`${STAGE_LABELS[s]} progress`}
                        hidden={failedHere}
                      />
                      {failedHere && <span className="badge badge-failed">failed</span>}
                    </td>
                    <td className="muted">
                      {failedHere
                        ? 'stopped here: see the error below'
                        : p
                          ? `${p.state === 'skipped' ? 'skipped: ' : p.state === 'running' ? '… ' : ''}${p.detail}${p.tookMs !== undefined ? `${p.detail ? ' · ' : ''}${seconds(p.tookMs)}` : ''}`
                          : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {importing.isError && (
            <p className="error" role="alert" data-testid="import-error">
              {importing.error.message}. Fix the file
              {/\brecord \d/.test(importing.error.message) ? ' (the record number counts from 0)' : ''} and import it
              again.
            </p>
          )}
          {importing.isSuccess && (
            <p className="status status-ok" data-testid="import-done">
              Imported “{importing.data.name}”: {importing.data.passageCount} passages, {importing.data.questionCount}{' '}
              questions{tookMs !== undefined ? ` in ${seconds(tookMs)}` : ''}.
            </p>
          )}
          {importing.isSuccess && importing.data.warnings && importing.data.warnings.length > 0 && (
            <div className="status status-warn" role="status" data-testid="import-warnings">
              <p>Not imported, or imported with a caveat (the other files imported):</p>
              <ul>
                {importing.data.warnings.map((w) => (
                  <li key={w} data-testid="import-warning">
                    {w}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
