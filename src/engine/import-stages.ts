// The stages of an import that run after the save: the backbones whose builds are kept (made now with
// the stand-ins, so the first offline run waits for none) and the corpus's embeddings (when a model is
// chosen and the corpus is small enough to embed without asking).
import { formatDuration } from '../core/embed/estimate.ts';
import type { Corpus } from '../core/types.ts';
import type { Backbones } from './backbones.ts';
import type { Embeddings } from './embeddings.ts';
import { PREBUILD_LIMIT, type ImportOptions, type ImportProgress } from './engine-api.ts';
import type { Loaded } from './loaded.ts';

/** Above this many passages the import does not embed on its own: the Library shows an estimate first. */
const AUTO_EMBED_LIMIT = 2000;

/** "1,200 / 6,119 passages, 41 passages/s, about 2 min left" */
function embedDetail(done: number, total: number, rate: number | null, eta: number | null): string {
  const head = `${done.toLocaleString('en')} / ${total.toLocaleString('en')} passages`;
  if (done === total) return `${head} embedded`;
  return rate === null || eta === null
    ? `${head}, measuring speed…`
    : `${head}, ${rate.toFixed(rate < 10 ? 1 : 0)} passages/s, ${formatDuration(eta)} left`;
}

/** The import's backbones stage: the kept builds made now (backbones.prebuild), or why not. */
export async function backboneStage(
  backbones: Backbones,
  entry: Loaded,
  options: ImportOptions,
  onProgress: ((p: ImportProgress) => void) | undefined,
  signal: AbortSignal,
): Promise<void> {
  const stage = (state: ImportProgress['state'], detail: string, fraction: number) =>
    onProgress?.({ stage: 'backbones', state, detail, fraction });
  const size = entry.dataset.corpus.passages.length;
  if (!(options.buildBackbones ?? size <= PREBUILD_LIMIT))
    return stage(
      'skipped',
      options.buildBackbones === false
        ? 'not asked: each backbone is built on its first run'
        : `${size.toLocaleString('en')} passages (over ${PREBUILD_LIMIT.toLocaleString('en')}): each backbone is built on its first run`,
      0,
    );
  const names = await backbones.prebuild(entry, (done, total, what) => {
    if (!signal.aborted) stage('running', what, done / total);
  });
  stage(
    'done',
    `${names.join(', ')} ready (stand-ins; with an LLM in Settings, its summaries and reports are built by "Build now" below or on the first run)`,
    1,
  );
}

/** The import's embeddings stage: runs after the save when a model is chosen; a cancel keeps the stored chunks. */
export async function embeddingStage(
  embeddings: Embeddings,
  corpus: Corpus,
  onProgress: ((p: ImportProgress) => void) | undefined,
  signal: AbortSignal,
): Promise<void> {
  const stage = (state: ImportProgress['state'], detail: string, fraction: number) =>
    onProgress?.({ stage: 'embeddings', state, detail, fraction });
  if (!(await embeddings.available()))
    return stage('skipped', 'no embedding model chosen in Settings; dense backbones stay off for this corpus', 0);
  if (corpus.passages.length > AUTO_EMBED_LIMIT) {
    const e = await embeddings.estimate(corpus);
    return stage(
      'skipped',
      `${corpus.passages.length} passages would take ${formatDuration(e.seconds)} on ${e.backend} (measured); start it from the Library`,
      0,
    );
  }
  try {
    await embeddings.embed(
      corpus,
      (p) => {
        if (p.phase === 'load') stage('running', p.message ?? 'loading the model', 0);
        else if (p.total > 0 && !p.message)
          stage(
            p.done === p.total ? 'done' : 'running',
            embedDetail(p.done, p.total, p.passagesPerSecond, p.etaSeconds),
            p.done / p.total,
          );
      },
      signal,
    );
  } catch (err) {
    if (!signal.aborted) throw err;
    const s = await embeddings.status(corpus);
    stage(
      'skipped',
      `cancelled at ${s.done} / ${s.passageCount} passages; the stored vectors are kept: resume from the Library`,
      s.done / Math.max(1, s.passageCount),
    );
  }
}
