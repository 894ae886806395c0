// Everything the CLI prints passes through here: text from outside (question ids, an LLM server's error
// text, file contents quoted in errors) must not drive the terminal. C0/C1 control characters (ESC starts
// OSC title changes and CSI screen clears; U+009B is a one-byte CSI) and bidirectional overrides are
// shown as escapes; inside one value a line break is escaped too, so it cannot forge a log line.
import { formatDuration, progressAt } from '../core/batch/progress.ts';

// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string) => {
  const code = c.charCodeAt(0);
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** One value for a printed line: every control character and line break escaped. */
export const printable = (value: string): string => value.replace(CONTROL_OR_BREAK, escape);

/** A whole printed block: line breaks and tabs kept (tables, usage), every other control character escaped. */
export const printableBlock = (text: string): string => text.replace(CONTROL, escape);

/** Where the CLI writes: results to `out` (stdout), progress and problems to `err` (stderr); tests capture both. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** `io` with every line made printable. */
export const safeIo = (io: Io): Io => ({
  out: (t) => io.out(printableBlock(t)),
  err: (t) => io.err(printableBlock(t)),
});

// The CLI's progress line on stderr: "  <label: >done/total questions, ETA …", at most once a second,
// the first and the last always printed (a test waits for the first; a run shorter than a second has one).
export function progressPrinter(write: (line: string) => void, label = ''): (done: number, total: number) => void {
  const started = performance.now();
  let lastReport = Number.NEGATIVE_INFINITY;
  return (done, total) => {
    const now = performance.now();
    if (done !== total && now - lastReport <= 1000) return;
    lastReport = now;
    const p = progressAt(done, total, started, now);
    const eta = p.etaMs !== undefined && done < total ? `, ETA ${formatDuration(p.etaMs)}` : '';
    write(`  ${label ? `${label}: ` : ''}${done}/${total} questions${eta}`);
  };
}
