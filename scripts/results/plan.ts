// The runs behind docs/results.md: one `npm run eval` per (table, dataset), in the order they are worth
// having (the headline strategies table first, the slow backbone grid last). Each run's summary is
// committed as docs/results/<id>.json; the document is rendered from those files only.

export const DATASETS = [
  { dir: 'musique', label: 'MuSiQue' },
  { dir: '2wikimultihopqa', label: '2Wiki' },
  { dir: 'hotpotqa', label: 'HotpotQA' },
] as const;
export type DatasetDir = (typeof DATASETS)[number]['dir'];

/**
 * A set in HippoRAG 2's own format: MuSiQue questions with the triples a real LLM extracted (OpenIE file),
 * so seeding is compared on a graph built as HippoRAG 2 builds it rather than by our offline extractor.
 */
export const DOMAIN = {
  dir: 'openie/musique_train_gpt-3.5',
  label: 'MuSiQue-train, GPT-3.5 triples',
  openie: 'openie_musique_train_results_ner_gpt-3.5-turbo-1106_1890.json',
} as const;
export type RunDataset = DatasetDir | typeof DOMAIN.dir;
/** Stands for the data folder in a planned run's arguments (main.ts and displayCommand fill it in). */
export const DATA = '<data>';

export const TABLES = ['strategies', 'seeding', 'backbones', 'diagnostics', 'dualrag', 'gear', 'grid'] as const;
export type TableName = (typeof TABLES)[number];

export interface PlannedRun {
  /** File name under docs/results (without .json). */
  id: string;
  table: TableName;
  dataset: RunDataset;
  /** Arguments of `npm run eval --` after `--dataset <dir>`. */
  args: string[];
}

export const BASELINES = ['static', 'ircot', 'irgs', 'tog', 'gcot'] as const;
const BDTRS = ['bdtr', 'bdtr-dtr', 'bdtr-bgec'];
export const DUALRAGS = ['dualrag', 'dualrag-no-reasoner', 'dualrag-no-ei', 'dualrag-no-outline'] as const;
export const DIAGNOSED = ['planner', 'static', 'ircot', 'bdtr'] as const;
export const GRID_BACKBONES = ['raptor', 'graphrag'] as const;
/** The k of GEAR App. B.2's single-step NaiveGE runs (k seeds, a k-deep base list, Recall@k). */
export const NAIVEGE_B2_KS = [5, 10, 15] as const;

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
    // auto is not run here: its router (src/core/strategies/router-params.ts) was fitted on an older offline
    // thinker's runs, so its numbers would rest on a fit the current thinker never had (src/core/fitted.ts)
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
    // NaiveGE under GEAR App. B.2's single-step protocol: for each k, k seeds and a k-deep base list (retrieval only)
    ...NAIVEGE_B2_KS.map((k) =>
      run('gear', `naivege-b2-k${k}`, [
        '--retriever',
        'naivege',
        '--base',
        'bm25',
        '--ge-seeds',
        String(k),
        '--k',
        String(k),
      ]),
    ),
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

/** HippoRAG 2's seeding on the domain set (retrieval only): facts, entities, and BM25 beside them. */
function domainRuns(): PlannedRun[] {
  const openie = ['--openie', `${DATA}/${DOMAIN.dir}/${DOMAIN.openie}`];
  const run = (name: string, args: string[]): PlannedRun => ({
    id: `${name}-domain`,
    table: 'backbones',
    dataset: DOMAIN.dir,
    args: [...args, '--k', '2,5,10,100'],
  });
  return [
    run('backbone-bm25', ['--retriever', 'bm25']),
    run('backbone-hipporag2', ['--retriever', 'hipporag2', ...openie]),
    run('backbone-hipporag2-entities', ['--retriever', 'hipporag2', '--seed', 'entities', ...openie]),
  ];
}

/** Every run, table by table (all datasets of a table before the next table). */
export function plannedRuns(): PlannedRun[] {
  const all = [...DATASETS.flatMap((d) => runsOf(d.dir)), ...domainRuns()];
  return TABLES.flatMap((t) => all.filter((r) => r.table === t));
}

/** The command as the document shows it (data under ../shared/data, as in the README's data section). */
export function displayCommand(r: PlannedRun, concurrency: number): string {
  return [
    'npm run eval --',
    '--dataset',
    `../shared/data/${r.dataset}`,
    ...withData(r.args, '../shared/data'),
    '--concurrency',
    String(concurrency),
  ].join(' ');
}

/** A run's arguments with the data folder filled in. */
export const withData = (args: readonly string[], dataDir: string) => args.map((a) => a.replaceAll(DATA, dataDir));
