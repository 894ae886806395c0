// The runs behind docs/results.md: one `npm run eval` per (table, dataset), in the order they are worth
// having (the headline strategies table first, the slow backbone grid last). Each run's summary is
// committed as docs/results/<id>.json; the document is rendered from those files only.

export const DATASETS = [
  { dir: 'musique', label: 'MuSiQue' },
  { dir: '2wikimultihopqa', label: '2Wiki' },
  { dir: 'hotpotqa', label: 'HotpotQA' },
] as const;
export type DatasetDir = (typeof DATASETS)[number]['dir'];

export const TABLES = ['strategies', 'seeding', 'backbones', 'diagnostics', 'dualrag', 'gear', 'grid'] as const;
export type TableName = (typeof TABLES)[number];

export interface PlannedRun {
  /** File name under docs/results (without .json). */
  id: string;
  table: TableName;
  dataset: DatasetDir;
  /** Arguments of `npm run eval --` after `--dataset <dir>`. */
  args: string[];
}

export const BASELINES = ['static', 'ircot', 'irgs', 'tog', 'gcot'] as const;
const BDTRS = ['bdtr', 'bdtr-dtr', 'bdtr-bgec'];
export const DUALRAGS = ['dualrag', 'dualrag-no-reasoner', 'dualrag-no-ei', 'dualrag-no-outline'] as const;
export const DIAGNOSED = ['planner', 'static', 'ircot', 'bdtr'] as const;
export const GRID_BACKBONES = ['raptor', 'graphrag'] as const;

const OFFLINE = ['--llm', 'offline', '--cache-dir', 'off'];

function runsOf(dataset: DatasetDir): PlannedRun[] {
  const run = (table: TableName, name: string, args: string[]): PlannedRun => ({
    id: `${name}-${dataset}`,
    table,
    dataset,
    args,
  });
  const hippo = ['--retriever', 'hipporag2'];
  return [
    run('strategies', 'strategies', [
      ...hippo,
      '--strategy',
      [...BASELINES, ...BDTRS].join(','),
      ...OFFLINE,
      '--k',
      '2,5,10',
      '--equal-budget',
      '5',
    ]),
    run('strategies', 'bdtr-minmax', [
      ...hippo,
      '--strategy',
      'bdtr',
      '--normalize',
      'minmax',
      ...OFFLINE,
      '--k',
      '2,5,10',
    ]),
    run('seeding', 'seed-entities', [
      ...hippo,
      '--seed',
      'entities',
      '--strategy',
      [...BASELINES, 'bdtr'].join(','),
      ...OFFLINE,
      '--k',
      '2,5,10',
    ]),
    run('backbones', 'backbone-bm25', ['--retriever', 'bm25', '--k', '2,5,10,100']),
    run('backbones', 'backbone-hipporag2', [...hippo, '--k', '2,5,10,100']),
    run('backbones', 'backbone-hipporag2-entities', [...hippo, '--seed', 'entities', '--k', '2,5,10,100']),
    run('diagnostics', 'diagnostics', [
      '--retriever',
      'bm25',
      '--strategy',
      DIAGNOSED.join(','),
      ...OFFLINE,
      '--regime',
      'no-context,gold-context,iterative',
      '--k',
      '2,5,10',
    ]),
    run('dualrag', 'dualrag', [...hippo, '--strategy', DUALRAGS.join(','), ...OFFLINE, '--k', '2,5,10']),
    run('gear', 'gear', [
      '--retriever',
      'naivege',
      '--base',
      'bm25',
      '--strategy',
      'static,gear',
      ...OFFLINE,
      '--k',
      '5,10,15',
      ...(dataset === 'musique' ? ['--rounds', '4'] : []),
    ]),
    ...GRID_BACKBONES.map((b) =>
      run('grid', `grid-${b}`, [
        '--retriever',
        b,
        '--strategy',
        ['static', 'ircot', 'irgs', 'tog', 'gcot', 'bdtr'].join(','),
        ...OFFLINE,
        '--k',
        '5',
      ]),
    ),
  ];
}

/** Every run, table by table (all datasets of a table before the next table). */
export function plannedRuns(): PlannedRun[] {
  const all = DATASETS.flatMap((d) => runsOf(d.dir));
  return TABLES.flatMap((t) => all.filter((r) => r.table === t));
}

/** The command as the document shows it (data under ../shared/data, as in the README's data section). */
export function displayCommand(r: PlannedRun, concurrency: number): string {
  return [
    'npm run eval --',
    '--dataset',
    `../shared/data/${r.dataset}`,
    ...r.args,
    '--concurrency',
    String(concurrency),
  ].join(' ');
}
