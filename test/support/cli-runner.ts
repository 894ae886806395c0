// What the CLI tests share: main() run in this process with its stdout and stderr captured.
import { main, type Io } from '../../src/cli/eval.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run eval -- <argv>`, in this process: the exit code and everything printed. */
export async function runCli(argv: string[], signal?: AbortSignal): Promise<CliRun> {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t + '\n'),
    err: (t: string) => void (io.stderr += t + '\n'),
  } satisfies Io & { stdout: string; stderr: string };
  const code = await main(argv, io, signal);
  return { code, stdout: io.stdout, stderr: io.stderr };
}
