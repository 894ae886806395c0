// Download an in-browser model before its first use: a progress bar, Cancel, and whether the files are cached here.
// The download runs in the engine worker; this only folds its events (src/core/models/download-progress.ts).
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { useEffect, useRef, useState } from 'react';
import {
  EMPTY_DOWNLOAD,
  foldDownload,
  formatBytes,
  type CachedModel,
  type DownloadState,
  type ModelDownloadResult,
  type ModelDownloads,
  type ModelDownloadSpec,
} from '../../core/models/download-progress.ts';

export type { ModelDownloads };

type Phase =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'ready'; r: ModelDownloadResult }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

interface Props {
  spec: ModelDownloadSpec;
  blocked?: string | null;
  downloads: ModelDownloads;
  testId?: string;
}

export function ModelDownload({ spec, blocked, downloads, testId = 'model-download' }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [progress, setProgress] = useState<DownloadState>(EMPTY_DOWNLOAD);
  const [cached, setCached] = useState<CachedModel | null | 'checking'>('checking');
  const key = JSON.stringify(spec);
  const live = useRef(key);
  live.current = key;

  useEffect(() => {
    let gone = false;
    setCached('checking');
    setPhase({ kind: 'idle' });
    setProgress(EMPTY_DOWNLOAD);
    downloads.cached(spec).then(
      (c) => !gone && setCached(c),
      () => !gone && setCached(null),
    );
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-check when the model (its spec) changes
  }, [key]);

  const start = async () => {
    const mine = key;
    setPhase({ kind: 'running' });
    setProgress(EMPTY_DOWNLOAD);
    try {
      const r = await downloads.download(spec, (e) => {
        if (live.current === mine) setProgress((s) => foldDownload(s, e));
      });
      if (live.current !== mine) return;
      setPhase({ kind: 'ready', r });
      setCached(await downloads.cached(spec));
    } catch (e) {
      if (live.current !== mine) return;
      setPhase(/aborted/.test(message(e)) ? { kind: 'cancelled' } : { kind: 'failed', message: message(e) });
      setCached(await downloads.cached(spec).catch(() => null));
    }
  };

  const running = phase.kind === 'running';
  const pct = Math.round(progress.fraction * 100);
  return (
    <div className="model-download" data-testid={testId} data-state={phase.kind} data-percent={pct}>
      <p data-testid={`${testId}-cached`}>
        {cached === 'checking'
          ? 'Checking this browser’s cache…'
          : !cached
            ? 'Not cached in this browser yet.'
            : cached.complete
              ? `Cached in this browser (${cached.files} files, ${formatBytes(cached.bytes)}): loads without downloading.`
              : `Partly cached in this browser (${cached.files} files, ${formatBytes(cached.bytes)}; not cached: ${cached.missing.join(', ')}): ${spec.allowRemote ? 'the rest downloads on the next try' : 'the rest is read from the local model path on each load'}.`}
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn"
          onClick={() => void start()}
          disabled={running || !!blocked}
          data-testid={`${testId}-start`}
          title={blocked ?? undefined}
        >
          {cached && cached !== 'checking' && cached.complete ? 'Load from this browser' : 'Download and load'}
        </button>
        {running && (
          <button
            type="button"
            className="btn"
            onClick={() => void downloads.cancel()}
            data-testid={`${testId}-cancel`}
          >
            Cancel
          </button>
        )}
        {blocked && <span className="muted">{blocked}</span>}
      </div>
      {(running || phase.kind === 'ready' || progress.files.length > 0) && (
        <div className="download-progress">
          <progress max={100} value={pct} aria-label={`download of ${spec.model}`} data-testid={`${testId}-bar`} />{' '}
          <span data-testid={`${testId}-text`}>
            {pct}%{progress.total > 0 ? ` · ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}` : ''}
          </span>
          <ul className="download-files" data-testid={`${testId}-files`}>
            {progress.files.map((f) => (
              <li key={f.file}>
                <code>{f.file}</code> {formatBytes(f.loaded)}
                {f.total > 0 ? ` / ${formatBytes(f.total)}` : ''}
                {f.done ? ' ✓' : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p role="status" data-testid={`${testId}-status`}>
        {phase.kind === 'ready' &&
          `Ready: ${spec.model} loaded on ${phase.r.device} in ${(phase.r.ms / 1000).toFixed(1)} s.`}
        {phase.kind === 'cancelled' && 'Cancelled: nothing half-downloaded is kept; files that finished stay cached.'}
      </p>
      <ErrorLine error={phase.kind === 'failed' ? phase.message : null} testid={`${testId}-error`} />
    </div>
  );
}
