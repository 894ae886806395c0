// `npm run results`: run the evals behind docs/results.md, summarise each into docs/results/<id>.json,
// and render docs/results.md from those files only.
//   npm run results                      run every result that is missing or whose command changed, then render
//   npm run results -- --render          only render docs/results.md from the committed JSON
//   npm run results -- --check           exit 1 when docs/results.md differs from what the JSON renders
//   npm run results -- --resummarise     rebuild docs/results/*.json from the kept raw outputs, then render
//   options: --only <table,...> --datasets <dir,...> --force (rerun even when a result exists)
//            --data <dir> (default ../shared/data) --concurrency <C> (default 2)
// Resumable: a result whose file already holds the same command is kept; an interrupted eval keeps its
// finished traces (.cache/results/<commit>/traces/<id>) and the next call resumes from them.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../../src/cli/out-files.ts';
import { DATASETS, displayCommand, DOMAIN, plannedRuns, TABLES, withData, type PlannedRun } from './plan.ts';
import { runRecord, stringifyRecord, summarise, type RunRecord } from './record.ts';
import { renderResults } from './render.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = join(ROOT, 'docs/results');
export const RESULTS_MD = join(ROOT, 'docs/results.md');

class ResultsError extends Error {}

/** Every committed record, validated; a bad file is an error naming it. */
export async function loadRecords(dir = RESULTS_DIR): Promise<Map<string, RunRecord>> {
  const records = new Map<string, RunRecord>();
  if (!existsSync(dir)) return records;
  for (const f of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(join(dir, f), 'utf8'));
    } catch (e) {
      throw new ResultsError(`${join('docs/results', f)}: not JSON (${(e as Error).message})`);
    }
    const r = runRecord.safeParse(json);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new ResultsError(`${join('docs/results', f)}: ${issue?.path.join('.') || '(file)'}: ${issue?.message}`);
    }
    records.set(r.data.id, r.data);
  }
  return records;
}

/** The first line where two texts differ, for a check failure that says where. */
export function firstDifference(a: string, b: string): string | null {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if (x[i] !== y[i]) return `line ${i + 1}:\n  file:      ${x[i] ?? '(end)'}\n  generated: ${y[i] ?? '(end)'}`;
  return null;
}

export async function checkResults(): Promise<string | null> {
  const expected = renderResults(await loadRecords());
  const actual = existsSync(RESULTS_MD) ? await readFile(RESULTS_MD, 'utf8') : '';
  const diff = firstDifference(actual, expected);
  return diff && `docs/results.md is not what docs/results/*.json renders (run npm run results -- --render); ${diff}`;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function commitLabel(): string {
  const head = git(['rev-parse', '--short', 'HEAD']) || 'unknown';
  // the results' own outputs are not code: a plan's later runs are at the same commit as its first
  const dirty = git([
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    '.',
    ':!docs/results',
    ':!docs/results.md',
  ]);
  return dirty ? `${head} + uncommitted changes` : head;
}

function machineNote(): string {
  const c = cpus();
  return `${c.length} cores (${c[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadavg()[0]!.toFixed(1)} at the start`;
}

let child: ReturnType<typeof spawn> | undefined;

function runEval(args: string[], log: string): Promise<number> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/eval.ts'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child = p;
    const chunks: Buffer[] = [];
    p.stdout.on('data', (b: Buffer) => chunks.push(b));
    p.on('error', fail);
    p.on('close', (code, signal) => {
      child = undefined;
      void writeFileAtomic(log, Buffer.concat(chunks)).then(() => done(code ?? (signal ? 130 : 1)), fail);
    });
  });
}

async function runOne(r: PlannedRun, dataDir: string, concurrency: number, cache: string): Promise<RunRecord> {
  const commit = commitLabel();
  const raw = join(cache, 'raw', `${r.id}.json`);
  const traces = join(cache, commit.split(' ')[0]!, 'traces', r.id);
  await mkdir(join(cache, 'raw'), { recursive: true });
  await mkdir(traces, { recursive: true });
  const machine = machineNote();
  const started = Date.now();
  const args = [
    '--dataset',
    join(dataDir, r.dataset),
    ...withData(r.args, dataDir),
    '--concurrency',
    String(concurrency),
  ];
  // Traces (for resuming) only exist for strategy runs; a retrieval-only run is a few seconds.
  const keep = r.args.includes('--strategy') ? ['--traces', traces] : [];
  const code = await runEval([...args, '--out', raw, ...keep], join(cache, 'raw', `${r.id}.log`));
  // 3 = finished, some questions failed: kept, and the table shows the failed count.
  if (code !== 0 && code !== 3) throw new ResultsError(`${r.id}: npm run eval exited with ${code}`);
  const record = summarise(JSON.parse(await readFile(raw, 'utf8')), {
    id: r.id,
    table: r.table,
    dataset: r.dataset,
    command: displayCommand(r, concurrency),
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    commit,
    machine,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFileAtomic(join(RESULTS_DIR, `${r.id}.json`), stringifyRecord(record));
  return record;
}

async function render(): Promise<void> {
  await writeFileAtomic(RESULTS_MD, renderResults(await loadRecords()));
}

const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()) : undefined);

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      check: { type: 'boolean' },
      render: { type: 'boolean' },
      resummarise: { type: 'boolean' },
      force: { type: 'boolean' },
      only: { type: 'string' },
      datasets: { type: 'string' },
      data: { type: 'string' },
      concurrency: { type: 'string' },
    },
  });
  if (values.check) {
    const problem = await checkResults();
    if (problem) {
      process.stderr.write(problem + '\n');
      return 1;
    }
    process.stderr.write('docs/results.md matches docs/results/*.json\n');
    return 0;
  }
  if (values.resummarise) {
    // Rebuild every record from its raw CLI output (after a change to the summary), keeping its provenance.
    for (const [id, rec] of await loadRecords()) {
      const raw = join(ROOT, '.cache/results/raw', `${id}.json`);
      if (!existsSync(raw)) throw new ResultsError(`${id}: no raw output at ${raw} to summarise again`);
      const { format: _f, llm: _l, retriever: _r, retrieval: _v, strategies: _s, ...meta } = rec;
      const again = summarise(JSON.parse(await readFile(raw, 'utf8')), meta);
      await writeFileAtomic(join(RESULTS_DIR, `${id}.json`), stringifyRecord(again));
    }
    await render();
    process.stderr.write('summarised again and rendered docs/results.md\n');
    return 0;
  }
  if (values.render) {
    await render();
    process.stderr.write('rendered docs/results.md\n');
    return 0;
  }
  const only = list(values.only);
  for (const t of only ?? [])
    if (!(TABLES as readonly string[]).includes(t))
      throw new ResultsError(`--only: unknown table "${t}" (${TABLES.join(', ')})`);
  const sets = list(values.datasets);
  for (const d of sets ?? [])
    if (!DATASETS.some((x) => x.dir === d) && d !== DOMAIN.dir)
      throw new ResultsError(
        `--datasets: unknown dataset "${d}" (${[...DATASETS.map((x) => x.dir), DOMAIN.dir].join(', ')})`,
      );
  const concurrency = Number(values.concurrency ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new ResultsError(`--concurrency must be a positive whole number, got "${values.concurrency}"`);
  const dataDir = resolve(values.data ?? join(ROOT, '../shared/data'));
  if (!existsSync(dataDir)) throw new ResultsError(`--data: "${dataDir}" is not a folder (the benchmark data)`);
  const cache = join(ROOT, '.cache/results');
  const existing = await loadRecords();
  const runs = plannedRuns().filter((r) => (!only || only.includes(r.table)) && (!sets || sets.includes(r.dataset)));
  const failures: string[] = [];
  let interrupted = false;
  const stop = () => {
    interrupted = true;
    child?.kill('SIGINT'); // the eval ends in-flight questions as aborted traces and keeps the finished ones
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const t0 = Date.now();
  for (const [i, r] of runs.entries()) {
    if (interrupted) break;
    const have = existing.get(r.id);
    if (!values.force && have?.command === displayCommand(r, concurrency)) {
      process.stderr.write(`[${i + 1}/${runs.length}] ${r.id}: kept (same command, ${have.date})\n`);
      continue;
    }
    process.stderr.write(`[${i + 1}/${runs.length}] ${r.id}: ${displayCommand(r, concurrency)}\n`);
    try {
      const rec = await runOne(r, dataDir, concurrency, cache);
      process.stderr.write(`[${i + 1}/${runs.length}] ${r.id}: done in ${rec.seconds} s\n`);
      await render();
    } catch (e) {
      if (interrupted) break;
      failures.push(`${r.id}: ${(e as Error).message}`);
      process.stderr.write(`[${i + 1}/${runs.length}] ${r.id}: FAILED: ${(e as Error).message}\n`);
    }
  }
  await render();
  process.stderr.write(`rendered docs/results.md (${Math.round((Date.now() - t0) / 1000)} s)\n`);
  if (interrupted) {
    process.stderr.write('interrupted: rerun the same command to resume\n');
    return 130;
  }
  if (failures.length) {
    process.stderr.write(`${failures.length} run(s) failed:\n${failures.join('\n')}\n`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (e instanceof ResultsError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        process.stderr.write(`results: ${(e as Error).message}\n`);
        process.exit(2);
      }
      throw e;
    },
  );
}
