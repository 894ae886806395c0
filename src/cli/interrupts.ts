// Ctrl-C and SIGTERM for the eval CLI. The first signal aborts the run (questions in flight end as aborted
// traces, the counterfactual, equal-budget and judge passes stop, --out is written for what finished); a
// repeat within a second is the same keypress delivered twice (to the terminal's process group and again
// by an `npm run` or `npx` launcher) and is ignored; a later one writes the finished runs to --out
// (beforeExit) and exits at once. A launcher killed with `kill -TERM` does not always pass the signal on, so the
// eval also stops when its parent process goes away (it would otherwise run on as an orphan).
import { readFileSync } from 'node:fs';

export interface InterruptOptions {
  /** Ends the process (process.exit). */
  exit: (code: number) => void;
  /** Writes a line for the user (stderr). */
  say: (text: string) => void;
  now?: () => number;
  /** A repeat sooner than this is the same interrupt (default 1000 ms). */
  graceMs?: number;
  /** The exit code of a second interrupt (130, as a shell reports SIGINT). */
  code?: number;
  /**
   * Runs on the second interrupt, just before the exit: writes what already finished (the plain runs of
   * a run still busy with its counterfactual, equal-budget or judge pass), so a second Ctrl-C never
   * loses them. Synchronous, so nothing else runs between it and the exit.
   */
  beforeExit?: () => void;
}

export function interruptHandler(stop: AbortController, o: InterruptOptions): (name: string) => void {
  const now = o.now ?? (() => Date.now());
  const grace = o.graceMs ?? 1000;
  let first: number | undefined;
  return (name) => {
    if (first === undefined) {
      first = now();
      o.say(`\n${name}: stopping; questions in flight end as aborted traces, finished ones are written\n`);
      stop.abort();
      return;
    }
    if (now() - first < grace) return;
    o.say(`\n${name} again: exiting without waiting for questions in flight\n`);
    try {
      o.beforeExit?.();
    } catch (e) {
      o.say(`could not write what finished: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    o.exit(o.code ?? 130);
  };
}

/** The launcher processes above this one: `npm run`/`npm exec`/`npx`, `sh -c`, tsx (Linux: read from /proc). */
export function launcherChain(
  start: number = process.ppid,
  read: (pid: number) => { ppid: number; argv: string[] } | undefined = readProc,
): number[] {
  const chain: number[] = [];
  for (let pid = start; pid > 1 && chain.length < 8;) {
    const p = read(pid);
    if (!p || !isLauncher(p.argv)) break;
    chain.push(pid);
    pid = p.ppid;
  }
  return chain;
}

const base = (path: string | undefined) => path?.split('/').pop() ?? '';

function isLauncher(argv: string[]): boolean {
  const [cmd, ...rest] = argv;
  const name = base(cmd);
  // npm retitles itself: its command line becomes the one string "npm run eval ..."
  if (/^(npm|npx)( |$)/.test(cmd ?? '') || name === 'npm' || name === 'npx') return true;
  if (['sh', 'dash', 'bash'].includes(name)) return rest[0] === '-c';
  if (name === 'node') return rest.some((a) => /(^|\/)(tsx|npm|npx)(\/|$|-cli\.js$)|\/tsx\/dist\//.test(a));
  return false;
}

function readProc(pid: number): { ppid: number; argv: string[] } | undefined {
  try {
    // /proc exists on Linux only; elsewhere the chain is empty and only the parent is watched.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { ppid, argv };
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Calls `gone` once when the parent process changes or a launcher above it exits (`kill -TERM` of
 * `npm run` stops npm and its shell, but not tsx and this process below them).
 */
export function watchLaunchers(
  gone: () => void,
  o: { ppid?: () => number; chain?: number[]; isAlive?: (pid: number) => boolean; intervalMs?: number } = {},
): () => void {
  const ppid = o.ppid ?? (() => process.ppid);
  const start = ppid();
  const chain = o.chain ?? launcherChain(start);
  const isAlive = o.isAlive ?? alive;
  const timer = setInterval(() => {
    if (ppid() === start && chain.every(isAlive)) return;
    clearInterval(timer);
    gone();
  }, o.intervalMs ?? 1000);
  timer.unref?.();
  return () => clearInterval(timer);
}
