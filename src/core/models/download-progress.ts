// A model download's progress as the Settings bar shows it, folded from transformers.js's
// `progress_callback` events (initiate / download / progress / progress_total / done / ready): bytes
// per file and in total (the total is known up front: transformers.js reads every file's size before
// the first byte), and whether the pipeline is ready. Pure, so it is tested without a browser.

/** What to download (src/providers/models/download.ts runs it in the engine worker). */
export interface ModelDownloadSpec {
  task: 'text-generation' | 'feature-extraction';
  /** Hub id (allowRemote) or a folder name under localModelPath. */
  model: string;
  /** The weights the later load asks for (q4 for the in-browser LLM, the encoder's setting). */
  dtype: string;
  /** The user's consent to download from the Hugging Face hub. */
  allowRemote: boolean;
  /** Where local model folders are served (a URL path or an http URL); used when allowRemote is off. */
  localModelPath?: string;
}

export interface ModelDownloadResult {
  /** The backend the model loaded on to prove it is usable. */
  device: string;
  ms: number;
}

/** A model's files already in this browser's cache. */
export interface CachedModel {
  files: number;
  bytes: number;
  /** Every file a load needs is cached (a cancelled download leaves only the files that finished). */
  complete: boolean;
  /** Needed files that are not cached. */
  missing: string[];
}

/** The engine calls a download UI needs (the app fills them with the engine worker's methods). */
export interface ModelDownloads {
  download(spec: ModelDownloadSpec, onEvent: (e: DownloadEvent) => void): Promise<ModelDownloadResult>;
  cancel(): Promise<void> | void;
  cached(spec: ModelDownloadSpec): Promise<CachedModel | null>;
}

/** The fields of transformers.js's ProgressInfo this fold reads (a structural subset of it). */
export interface DownloadEvent {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
  files?: Record<string, { loaded: number; total: number }>;
}

export interface DownloadFile {
  file: string;
  loaded: number;
  /** 0 while the size is unknown. */
  total: number;
  done: boolean;
}

export interface DownloadState {
  files: DownloadFile[];
  loaded: number;
  total: number;
  /** 0..1 of the bytes; 1 once ready. */
  fraction: number;
  ready: boolean;
}

export const EMPTY_DOWNLOAD: DownloadState = Object.freeze(totals([], false));

function totals(files: DownloadFile[], ready: boolean): DownloadState {
  const loaded = files.reduce((s, f) => s + f.loaded, 0);
  const total = files.reduce((s, f) => s + f.total, 0);
  const fraction = ready ? 1 : total > 0 ? Math.min(1, loaded / total) : 0;
  return { files, loaded, total, fraction, ready };
}

export function foldDownload(state: DownloadState, e: DownloadEvent): DownloadState {
  const byName = new Map(state.files.map((f) => [f.file, f]));
  if (e.status === 'ready')
    return totals(
      state.files.map((f) => ({ ...f, loaded: f.total || f.loaded, done: true })),
      true,
    );
  if (e.status === 'progress_total' && e.files) {
    for (const [file, p] of Object.entries(e.files))
      byName.set(file, { file, loaded: p.loaded, total: p.total, done: byName.get(file)?.done ?? false });
  } else if (e.file !== undefined) {
    const prev = byName.get(e.file) ?? { file: e.file, loaded: 0, total: 0, done: false };
    if (e.status === 'progress')
      byName.set(e.file, { ...prev, loaded: e.loaded ?? prev.loaded, total: e.total || prev.total });
    else if (e.status === 'done')
      byName.set(e.file, { ...prev, loaded: Math.max(prev.loaded, prev.total), done: true });
    else byName.set(e.file, prev); // initiate / download: the file is known, no bytes yet
  } else {
    return state;
  }
  return totals([...byName.values()], state.ready);
}

/** "7.0 MB", "512 kB", "1.1 GB" (decimal units, as download sizes are quoted). */
export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} kB`;
  return `${n} B`;
}
