// docs/results.md from the committed result records, and nothing else: every number in the document
// is read from docs/results/*.json, and every comparison sentence is computed here from those numbers.
import {
  BASELINES,
  DATASETS,
  DIAGNOSED,
  DOMAIN,
  DUALRAGS,
  GRID_BACKBONES,
  NAIVEGE_B2_KS,
  type DatasetDir,
  type TableName,
} from './plan.ts';
import { halfAt, type RunRecord, type StrategyRecord } from './record.ts';
import { BM25_DEFAULTS } from '../../src/core/index/bm25.ts';
import { BOOTSTRAP_NOTE, formatInterval, pairedInterval, type PairedInterval } from '../../src/core/eval/paired.ts';
import { FITTED_DEFAULTS } from '../../src/core/fitted.ts';
import { HIPPORAG2_DEFAULTS } from '../../src/core/retrievers/hipporag2.ts';

type Records = ReadonlyMap<string, RunRecord>;

const f3 = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(3));
const f2 = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(2));
const label = (d: DatasetDir) => DATASETS.find((x) => x.dir === d)!.label;
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (head: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

const OFFLINE_NOTE =
  'Every LLM step here is the **offline thinker**, a deterministic heuristic stand-in for an LLM (no model at all): ' +
  'these numbers show the machinery and how iteration re-ranks, not what the papers report with an LLM.';
/** The runs without --seed use HippoRAG 2's default seeding: their labels follow it. */
const SEEDED = `${HIPPORAG2_DEFAULTS.seed === 'facts' ? 'fact' : 'entity'}-seeded`;
const SEED_NOTE =
  `HippoRAG 2 is **${SEEDED}** (its default): ` +
  (HIPPORAG2_DEFAULTS.seed === 'facts'
    ? "the query's top facts, found by **BM25 over triple strings (a labelled lexical stand-in for the embedder)**, seed PPR; "
    : "the question's linked entities seed PPR; ") +
  'triples come from the offline extractor (no LLM).';

function strategy(records: Records, id: string, name: string, regime = 'iterative'): StrategyRecord | undefined {
  return records.get(id)?.strategies?.[name]?.[regime];
}

type Half = 'first' | 'second' | 'all';

/** A record's per-question scores (completed questions only) on one half, by question id. */
function scoresOf(s: StrategyRecord, half: Half, metric: 'r5' | 'em' = 'r5'): Map<string, number> | null {
  const pq = s.perQuestion;
  const values = metric === 'r5' ? pq?.r5 : pq?.em;
  if (!pq || !values) return null;
  const h = halfAt(pq.ids.length);
  const out = new Map<string, number>();
  pq.ids.forEach((id, i) => {
    if ((half === 'first' && i >= h) || (half === 'second' && i < h)) return;
    const v = values[i];
    if (v !== null && v !== undefined) out.set(id, v);
  });
  return out;
}

/** A − B with its paired 95% interval on one half (src/core/eval/paired.ts); null without per-question scores. */
function paired(a: StrategyRecord, b: StrategyRecord, half: Half): PairedInterval | null {
  const x = scoresOf(a, half);
  const y = scoresOf(b, half);
  return x && y ? pairedInterval(x, y) : null;
}

/** "+1.2 points [−0.5, +2.9], **tied**" */
const ci = (p: PairedInterval | null) =>
  p
    ? formatInterval(p).replace(/, (ahead|tied|behind)$/, ', **$1**')
    : 'no interval (the record has no per-question scores)';

/** "2 cores (CPU), load average 14.4 at the start" for each run -> one machine, the range of load averages. */
function machines(notes: readonly string[]): string {
  const LOAD = /, load average ([\d.]+) at the start$/;
  const cpus = [...new Set(notes.map((n) => n.replace(LOAD, '')))];
  const loads = notes.map((n) => Number(LOAD.exec(n)?.[1])).filter((x) => !Number.isNaN(x));
  const range = loads.length
    ? `, load average ${Math.min(...loads).toFixed(1)}${loads.length > 1 && Math.min(...loads) !== Math.max(...loads) ? `-${Math.max(...loads).toFixed(1)}` : ''} at the start of ${loads.length > 1 ? 'the runs' : 'the run'} (the machine is shared; a higher load means longer wall times, not other numbers)`
    : '';
  return cpus.join('; ') + range;
}

/** Provenance of a table: its commands, dates, commits and machines, from the records themselves. */
function provenance(records: Records, ids: readonly string[]): string {
  const rs = ids.map((id) => records.get(id)).filter((r): r is RunRecord => r !== undefined);
  if (rs.length === 0) return '';
  const uniq = (xs: string[]) => [...new Set(xs)];
  const dates = rs.map((r) => r.date).sort();
  const lines = [
    'Commands (one per dataset; `npm run results` runs them):',
    '',
    ...rs.map((r) => `- \`${r.command}\``),
    '',
    `Run ${dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`} at commit ${uniq(rs.map((r) => r.commit)).join(', ')}; ` +
      `machine: ${machines(rs.map((r) => r.machine))}; ${rs.reduce((a, r) => a + r.seconds, 0)} s of wall time in all.`,
  ];
  const failed = rs.flatMap((r) =>
    Object.values(r.strategies ?? {}).flatMap((byRegime) =>
      Object.values(byRegime)
        .filter((s) => s.failed + s.aborted > 0)
        .map((s) => `${r.id} ${s.strategy}: ${s.failed} failed, ${s.aborted} aborted`),
    ),
  );
  lines.push('', failed.length ? `Questions that did not finish: ${failed.join('; ')}.` : 'No question failed.');
  return lines.join('\n');
}

function missing(records: Records, ids: readonly string[], table: TableName): string {
  const absent = ids.filter((id) => !records.has(id));
  return absent.length
    ? `\n\n**Not generated yet:** ${absent.map((a) => `\`${a}\``).join(', ')} (\`npm run results -- --only ${table}\`).`
    : '';
}

/** A table only once one of its runs exists (the "not generated yet" line says what to run). */
const whenAny = (records: Records, runs: readonly string[], text: string) =>
  runs.some((id) => records.has(id)) ? text : '_No run of this table yet._';

const ids = (name: string) => DATASETS.map((d) => `${name}-${d.dir}`);
const halves = (s: StrategyRecord | undefined, k = '5') =>
  s ? `${f3(s.recall[k])} (${f3(s.recallFirst[k])} / ${f3(s.recallSecond[k])})` : '—';
/** The score rule a strategy's rows ran (its recorded normalize, per dataset when they differ). */
const scoreRule = (rs: readonly (StrategyRecord | undefined)[]) => {
  const rules = [...new Set(rs.filter((r): r is StrategyRecord => !!r).map((r) => r.normalize))];
  return rules.length ? rules.map((r) => (r === 'none' ? 'raw' : r === 'minmax' ? 'min-max' : r)).join(' / ') : '—';
};

const TITLES: Record<string, string> = {
  static: 'static',
  ircot: 'IRCoT',
  irgs: 'IRGS',
  tog: 'ToG-style (Fig. 11)',
  gcot: 'GCoT-style (Fig. 12)',
  bdtr: 'BDTR',
  'bdtr-dtr': 'BDTR-DTR',
  'bdtr-bgec': 'BDTR-BGEC',
  auto: 'auto',
  planner: 'planner',
  gear: 'GEAR agent',
  dualrag: 'DualRAG',
  'dualrag-no-reasoner': 'w/o R',
  'dualrag-no-ei': 'w/o Ei',
  'dualrag-no-outline': 'w/o KO',
};
const title = (s: string, seed?: string) =>
  s.startsWith('bdtr') && seed ? `${TITLES[s] ?? s} · ${seed}` : (TITLES[s] ?? s);

/** The second-half verdict: BDTR against the best baseline, per dataset, with its paired interval. */
function verdict(records: Records, run: string, seed: string): string {
  const lines = DATASETS.map(({ dir }) => {
    const b = strategy(records, `${run}-${dir}`, 'bdtr');
    const base = BASELINES.map((n) => strategy(records, `${run}-${dir}`, n)).filter((s): s is StrategyRecord => !!s);
    if (!b || base.length === 0) return `- ${label(dir)}: not generated yet.`;
    const best = base.reduce((a, c) => (c.recallSecond['5']! > a.recallSecond['5']! ? c : a));
    return `- ${label(dir)}: BDTR (${seed}) ${f3(b.recallSecond['5'])} vs the best baseline on this half, ${title(best.strategy)}, ${f3(best.recallSecond['5'])}: ${ci(paired(b, best, 'second'))}.`;
  });
  return lines.join('\n');
}

function strategiesSection(records: Records): string {
  const main = ids('strategies');
  const minmax = ids('bdtr-minmax');
  const names = [...BASELINES, 'bdtr', 'bdtr-dtr', 'bdtr-bgec'];
  const rowsOf = (id: string, n: string) => DATASETS.map((d) => strategy(records, `${id}-${d.dir}`, n));
  const recallRows = names.map((n) => [
    title(n, SEEDED),
    scoreRule(rowsOf('strategies', n)),
    ...DATASETS.map((d) => halves(strategy(records, `strategies-${d.dir}`, n))),
  ]);
  recallRows.push([
    `BDTR, \`--normalize minmax\` (labelled option) · ${SEEDED}`,
    scoreRule(rowsOf('bdtr-minmax', 'bdtr')),
    ...DATASETS.map((d) => halves(strategy(records, `bdtr-minmax-${d.dir}`, 'bdtr'))),
  ]);
  const per = (n: string, f: (s: StrategyRecord) => string) =>
    DATASETS.map((d) => {
      const s = strategy(records, `strategies-${d.dir}`, n);
      return s ? f(s) : '—';
    }).join(' / ');
  const costRows = names.map((n) => [
    title(n, SEEDED),
    per(n, (s) => f3(s.em)),
    per(n, (s) => (s.equalBudgetEm !== null ? f3(s.equalBudgetEm) : s.passagesRead === 5 ? f3(s.em) : '—')),
    per(n, (s) => f2(s.llmCalls)),
    per(n, (s) => f2(s.rounds)),
    per(n, (s) => f2(s.passagesRead)),
    per(n, (s) => f3(s.bridgeRecall5)),
  ]);
  const byRound = DATASETS.map((d) => {
    const s = strategy(records, `strategies-${d.dir}`, 'bdtr');
    const m = strategy(records, `bdtr-minmax-${d.dir}`, 'bdtr');
    if (!s) return `- ${label(d.dir)}: not generated yet.`;
    const raw = `- ${label(d.dir)}: raw (default) ${s.recall5ByRound.map(f3).join(' → ')}`;
    return m ? `${raw}; min-max ${m.recall5ByRound.map(f3).join(' → ')}` : `${raw}; min-max not generated yet`;
  });
  const norm = DATASETS.map((d) => {
    const s = strategy(records, `strategies-${d.dir}`, 'bdtr');
    const m = strategy(records, `bdtr-minmax-${d.dir}`, 'bdtr');
    return s && m
      ? `- ${label(d.dir)}: first half ${ci(paired(s, m, 'first'))}; second half ${ci(paired(s, m, 'second'))}`
      : `- ${label(d.dir)}: not generated yet`;
  });
  return [
    '## Strategies over HippoRAG 2 — offline thinker (heuristic stand-in, no LLM)',
    '',
    `${OFFLINE_NOTE} ${SEED_NOTE}`,
    '',
    'Passage Recall@5 of the final context over the completed questions, with the first and second halves in brackets ' +
      '(first half / **second half**; no default in the fitted-defaults table below was measured on a second half). ' +
      "The score rule is the one each row ran (its trace's `normalize`): every strategy that merges several queries' " +
      'scores into one pool runs the same rule by default, raw scores over HippoRAG 2 (PPR mass has one scale for every ' +
      "query) and min-max over backbones whose scores have a scale per query; static's single retrieval is ranked the same either way.",
    '',
    table(['strategy', 'score rule', ...DATASETS.map((d) => `${d.label} R@5 (1st / 2nd half)`)], recallRows),
    '',
    `**BDTR against the best baseline (static, IRCoT, IRGS, ToG-style, GCoT-style) on the second halves**, R@5 difference with its ${BOOTSTRAP_NOTE}:`,
    '',
    verdict(records, 'strategies', SEEDED),
    '',
    "BDTR's score normalisation: Eq. 4 of the BDTR paper takes the max of raw ŝ(d|q), the default over HippoRAG 2. " +
      'Raw minus min-max (`--normalize minmax`) R@5, paired on the same questions:',
    '',
    ...norm,
    '',
    "With fact seeding the PPR lists are peaked, and per-retrieval min-max lifts each thought's ranks 2-5 to " +
      "scores near the question's own best passages, which pushes the question's gold out of the top 5 during the rounds. " +
      "R@5 of BDTR's pool after the question, each round and the verifier:",
    '',
    ...byRound,
    '',
    "Answers and cost (MuSiQue / 2Wiki / HotpotQA). EM is the offline thinker's heuristic span, not a reader's answer; " +
      '"EM at 5" is EM when every reader reads 5 passages (`--equal-budget 5`); bridge R@5 is the recall of the bridge ' +
      'passages alone (`src/core/eval/bridge.ts`):',
    '',
    table(
      ['strategy', 'EM', 'EM at 5', 'LLM calls / question', 'rounds used', 'passages read', 'bridge R@5'],
      costRows,
    ),
    '',
    '`auto` (the complexity router) is not in this table: its decision tree was fitted on runs of an older offline thinker ' +
      '(see the fitted-defaults table), so its rows would rest on a fit the current thinker never had.',
    '',
    provenance(records, [...main, ...minmax]) + missing(records, [...main, ...minmax], 'strategies'),
  ].join('\n');
}

function seedingSection(records: Records): string {
  const names = [...BASELINES, 'bdtr'];
  const seed = HIPPORAG2_DEFAULTS.seed;
  const rows = names.map((n) => [
    title(n, 'seeding per column'),
    ...DATASETS.flatMap((d) => [
      halves(strategy(records, `strategies-${d.dir}`, n)),
      halves(strategy(records, `seed-entities-${d.dir}`, n)),
    ]),
  ]);
  // facts minus entities, paired on the same questions, per half
  const compare = (half: Half) =>
    DATASETS.map((d) => {
      const verdicts = { ahead: 0, tied: 0, behind: 0 };
      let total = 0;
      for (const n of names) {
        const f = strategy(records, `strategies-${d.dir}`, n);
        const e = strategy(records, `seed-entities-${d.dir}`, n);
        const p = f && e ? paired(f, e, half) : null;
        if (!p) continue;
        total++;
        verdicts[p.verdict]++;
      }
      return total
        ? `${label(d.dir)}: facts ahead for ${verdicts.ahead}, tied for ${verdicts.tied}, behind for ${verdicts.behind} of ${total}`
        : `${label(d.dir)} —`;
    });
  const choiceVerdicts = DATASETS.flatMap((d) => {
    const f = strategy(records, `strategies-${d.dir}`, 'static');
    const e = strategy(records, `seed-entities-${d.dir}`, 'static');
    const p = f && e ? paired(f, e, 'first') : null;
    return p ? [{ set: label(d.dir), verdict: p.verdict }] : [];
  });
  // the default chosen on first halves: static over HippoRAG 2 is the backbone's own ranking
  const choice = DATASETS.map((d) => {
    const f = strategy(records, `strategies-${d.dir}`, 'static');
    const e = strategy(records, `seed-entities-${d.dir}`, 'static');
    return f && e
      ? `- ${label(d.dir)}: facts ${f3(f.recallFirst['5'])}, entities ${f3(e.recallFirst['5'])}: ${ci(paired(f, e, 'first'))}`
      : `- ${label(d.dir)}: not generated yet`;
  });
  return [
    '## HippoRAG 2 seeding: facts or entities — offline thinker (heuristic stand-in, no LLM)',
    '',
    'The same strategies with HippoRAG 2 seeded by the retrieved facts (facts by BM25 over triple strings, ' +
      "a labelled stand-in for the embedder) and by the question's linked entities (`--seed entities`). " +
      `R@5 all (1st / 2nd half). ${OFFLINE_NOTE}`,
    '',
    whenAny(
      records,
      ids('seed-entities'),
      table(['strategy', ...DATASETS.flatMap((d) => [`${d.label} facts`, `${d.label} entities`])], rows),
    ),
    '',
    `The default seeding (\`${seed}\`) against the other on the **first halves**, R@5 of static (one retrieval: ` +
      `HippoRAG 2's own ranking), facts minus entities with its ${BOOTSTRAP_NOTE}:`,
    '',
    ...choice,
    '',
    (choiceVerdicts.length === DATASETS.length && choiceVerdicts.every((v) => v.verdict === 'ahead')
      ? `Facts, HippoRAG 2's own default (the paper seeds PPR with retrieved facts), is ahead on every first half. `
      : `Facts is kept as HippoRAG 2's own default (the paper seeds PPR with retrieved facts), not as a measured winner: on the first halves it is ${choiceVerdicts.map((v) => `${v.verdict} on ${v.set}`).join(', ') || 'not compared yet'}. `) +
      `Facts minus entities per strategy (paired intervals) on the first halves: ${compare('first').join('; ')}; ` +
      `on the second halves: ${compare('second').join('; ')}.`,
    '',
    'BDTR against the best baseline on the second halves, both entity-seeded:',
    '',
    verdict(records, 'seed-entities', 'entity-seeded'),
    '',
    provenance(records, ids('seed-entities')) + missing(records, ids('seed-entities'), 'seeding'),
  ].join('\n');
}

function backbonesSection(records: Records): string {
  const kinds = [
    ['backbone-bm25', 'BM25'],
    ['backbone-hipporag2', `HippoRAG 2, ${SEEDED} (default; BM25 fact retriever stand-in)`],
    ['backbone-hipporag2-entities', 'HippoRAG 2, `--seed entities`'],
  ] as const;
  const sets = [
    ...DATASETS.map((d) => ({ key: d.dir as string, label: d.label })),
    { key: 'domain', label: DOMAIN.label },
  ];
  const rows = sets.flatMap((d) =>
    kinds.map(([id, name]) => {
      const r = records.get(`${id}-${d.key}`)?.retrieval;
      return [
        `${d.label} (${r?.count ?? '—'})`,
        name,
        ...['2', '5', '10', '100'].map((k) => f3(r?.recall[k])),
        f3(r?.allGold['5']),
        r ? `${f3(r.recallFirst['5'])} / ${f3(r.recallSecond['5'])}` : '—',
      ];
    }),
  );
  const all = kinds.flatMap(([id]) => [...ids(id), `${id}-domain`]);
  return [
    '## Backbones (retrieval only, no LLM)',
    '',
    "Passage Recall@k of each backbone's ranking; AllGold@5 = share of questions with every gold passage in the top 5. " +
      "HippoRAG 2 is PPR (damping 0.5) over the offline extractor's triples, except on the domain set in HippoRAG 2's " +
      `own format (${DOMAIN.label}: \`../shared/data/${DOMAIN.dir}\`), whose graph is built from the triples a real LLM ` +
      `extracted (its OpenIE file, \`--openie\`). BM25 is k1 = ${BM25_DEFAULTS.k1}, b = ${BM25_DEFAULTS.b}. Dense and hybrid rows are absent: no real ` +
      'embedding weights are available on this machine.',
    '',
    table(['dataset (n)', 'retriever', 'R@2', 'R@5', 'R@10', 'R@100', 'AllGold@5', 'R@5 1st / 2nd half'], rows),
    '',
    `HippoRAG 2's seeding default (\`${HIPPORAG2_DEFAULTS.seed}\`) is compared with entity seeding on the first halves, with intervals, in the seeding section above. ` +
      `The ${DOMAIN.label} set shares 70 of its 100 question ids with MuSiQue's second half: its rows are a check on real triples, not held out, and no default was fitted on them.`,
    '',
    provenance(records, all) + missing(records, all, 'backbones'),
  ].join('\n');
}

const DIAGNOSTICS = [
  'coverageGap',
  'anchorCarryDrop',
  'distractorLatch',
  'compositionFailure',
  'parametricSuppression',
  'stoppingCalibration',
] as const;

function diagnosticsSection(records: Records): string {
  const cell = (s: StrategyRecord | undefined, name: string) => {
    const d = s?.diagnostics[name];
    return d ? (d.rate === null ? `n/a (${d.applicable})` : `${f2(d.rate)} (${d.applicable})`) : '—';
  };
  const rows = DATASETS.flatMap((d) =>
    DIAGNOSED.map((n) => {
      const id = `diagnostics-${d.dir}`;
      const it = strategy(records, id, n, 'iterative');
      return [
        d.label,
        title(n),
        `${f3(strategy(records, id, n, 'no-context')?.acc)} / ${f3(strategy(records, id, n, 'gold-context')?.acc)} / ${f3(it?.acc)}`,
        f3(it?.recall['5']),
        ...DIAGNOSTICS.map((x) => cell(it, x)),
        it ? `${f2(it.stopEarly)} / ${f2(it.stopLate)}` : '—',
        f2(it?.lateHits),
        f2(it?.brier),
      ];
    }),
  );
  const bases = [
    ...new Set(
      DATASETS.flatMap((d) => DIAGNOSED.map((n) => strategy(records, `diagnostics-${d.dir}`, n)?.correctness)).filter(
        (c): c is string => !!c,
      ),
    ),
  ];
  // Stop early vs coverage gap for the planner: the signature that tells them apart, or that they coincide.
  const planner = DATASETS.map((d) => {
    const it = strategy(records, `diagnostics-${d.dir}`, 'planner');
    const gap = it?.diagnostics.coverageGap;
    return { d, it, same: !!it && gap?.rate !== null && gap?.rate === it.stopEarly };
  });
  const coincide = planner.filter((p) => p.same).map((p) => label(p.d.dir));
  const stopNote = !planner.some((p) => p.it)
    ? ''
    : coincide.length === planner.filter((p) => p.it).length
      ? `For the planner, "stop early" equals the coverage gap on ${coincide.join(', ')}, and the table cannot tell them apart here: ` +
        'the offline planner always finalises itself, after at most 3 steps (its step cap is 5), so every run ends by its own FINALIZE, ' +
        'and a question whose gold was never retrieved is then also one where it stopped with gold missing. ' +
        'Their signatures differ only when the stop is a decision that varies or the cap ends a run: a run the step cap ends ' +
        'with gold missing is a coverage gap but not an early stop, and an early stop whose missing gold a later step would have ' +
        'found is not a gap of the retriever (an LLM planner; the hand-built cases in the diagnostics tests show both).'
      : `For the planner, "stop early" and the coverage gap differ on ${planner
          .filter((p) => p.it && !p.same)
          .map((p) => label(p.d.dir))
          .join(', ')}: a run the step cap ended with gold missing counts as a gap, not an early stop.`;
  return [
    '## Six diagnostics (paper 004) — offline thinker (heuristic stand-in, no LLM), BM25',
    '',
    'Each strategy under three evidence regimes; the **gold-context column is an oracle** (the reader is handed the ' +
      "question's gold passages) and never part of a strategy comparison. The diagnostics are computed after the runs " +
      'from the traces and the gold (`src/core/eval/diagnostics/`); each cell is the share of the questions it applies ' +
      `to, that count in brackets (n/a = applies to none). Correctness basis: ${bases.join('; ') || '—'}. ` +
      "The offline thinker's no-context answers are guesses, so parametric suppression does not measure parametric knowledge here. " +
      "Every strategy that merges several queries (the planner, IRCoT, BDTR) min-max normalises each BM25 retrieval before Eq. 4's max-update (the rule for a backbone whose scores have a scale per query).",
    '',
    whenAny(
      records,
      ids('diagnostics'),
      table(
        [
          'dataset',
          'strategy',
          'Acc no-context / **oracle** gold-context / iterative',
          'R@5',
          ...DIAGNOSTICS,
          'stop early / late',
          'late hits',
          'sufficiency Brier',
        ],
        rows,
      ),
    ),
    '',
    ...(stopNote ? [stopNote, ''] : []),
    provenance(records, ids('diagnostics')) + missing(records, ids('diagnostics'), 'diagnostics'),
  ].join('\n');
}

function dualragSection(records: Records): string {
  const rows = DATASETS.map((d) => [
    d.label,
    (() => {
      const s = strategy(records, `strategies-${d.dir}`, 'static');
      return s ? `${f3(s.recall['5'])} / ${f3(s.em)}` : '—';
    })(),
    ...DUALRAGS.map((n) => {
      const s = strategy(records, `dualrag-${d.dir}`, n);
      return s ? `${halves(s)} / ${f3(s.em)} / ${f2(s.retrievalTriggers)}` : '—';
    }),
  ]);
  return [
    '## DualRAG and its Table 3 ablations over HippoRAG 2 — offline thinker (heuristic stand-in), lexical reranker (heuristic)',
    '',
    `${OFFLINE_NOTE} Eq. 8's cross-encoder is the **lexical reranker** (entity-term filter, backbone order; no model). ` +
      `${SEED_NOTE} DualRAG merges its retrievals on the backbone's score rule (raw over HippoRAG 2, as every strategy in the strategies table). Cells: R@5 all (1st / 2nd half) / EM / retrieval triggers per question; static: R@5 / EM from the strategies table.`,
    '',
    whenAny(records, ids('dualrag'), table(['dataset', 'static', ...DUALRAGS.map((n) => title(n))], rows)),
    '',
    provenance(records, ids('dualrag')) + missing(records, ids('dualrag'), 'dualrag'),
  ].join('\n');
}

function gearSection(records: Records): string {
  const gearIds = [...ids('gear'), ...NAIVEGE_B2_KS.flatMap((k) => ids(`naivege-b2-k${k}`))];
  const k3 = (s: StrategyRecord | undefined) => (s ? ['5', '10', '15'].map((k) => f3(s.recall[k])).join(' / ') : '—');
  const rows = DATASETS.map((d) => {
    const bm25 = records.get(`backbone-bm25-${d.dir}`)?.retrieval;
    const naive = strategy(records, `gear-${d.dir}`, 'static');
    const gear = strategy(records, `gear-${d.dir}`, 'gear');
    const b2 = NAIVEGE_B2_KS.map((k) => f3(records.get(`naivege-b2-k${k}-${d.dir}`)?.retrieval?.recall[String(k)]));
    return [
      d.label,
      bm25 ? `${f3(bm25.recall['5'])} / ${f3(bm25.recall['10'])}` : '—',
      b2.join(' / '),
      k3(naive),
      naive ? `${f3(naive.recallFirst['5'])} / ${f3(naive.recallSecond['5'])}` : '—',
      k3(gear),
      gear ? `${f3(gear.recallFirst['5'])} / ${f3(gear.recallSecond['5'])}` : '—',
      f2(gear?.rounds),
    ];
  });
  return [
    '## GEAR: NaiveGE and the GEAR agent — offline-extractor triples, lexical beam scorer, offline thinker',
    '',
    'NaiveGE is graph expansion over BM25 (Diverse Triple Beam Search, Alg. 1; RRF with the base list, Eq. 3) with a ' +
      '**lexical stand-in for the SBERT beam score** and offline-extractor triples; the GEAR agent (§5) runs its read, ' +
      `gist memory and answerability steps with the offline thinker. ${OFFLINE_NOTE} ` +
      "NaiveGE runs two ways: **App. B.2's single-step protocol** (for each k, the expansion starts from the base " +
      "retriever's top k passages and is fused with a k-deep base list; Recall@k, retrieval only, `--ge-seeds k --k k`), " +
      "and, labelled **not App. B.2**, as the static strategy's backbone beside the GEAR agent (the top 10 passages seed " +
      'the expansion, fused with a 50-deep base list; Recall@5/10/15 read off that one list). ' +
      '"GEAR rounds" counts the agent\'s steps only (the cap is 2, 4 on MuSiQue); ' +
      'the passageLink round after the loop (Eq. 8) is not a step.',
    '',
    whenAny(
      records,
      ids('gear'),
      table(
        [
          'dataset',
          'BM25 R@5 / R@10',
          'NaiveGE, App. B.2 (k seeds, k-deep list) R@5 / 10 / 15',
          'NaiveGE, not App. B.2 (10 seeds, 50-deep list) R@5 / 10 / 15',
          'NaiveGE (not B.2) R@5 1st / 2nd half',
          'GEAR agent R@5 / 10 / 15',
          'GEAR R@5 1st / 2nd half',
          'GEAR rounds',
        ],
        rows,
      ),
    ),
    '',
    provenance(records, gearIds) + missing(records, gearIds, 'gear'),
  ].join('\n');
}

function gridSection(records: Records): string {
  const names = ['static', 'ircot', 'irgs', 'tog', 'gcot', 'bdtr'];
  const backbones = [
    ['strategies', `HippoRAG 2 (${SEEDED})`],
    ...GRID_BACKBONES.map((b) => [`grid-${b}`, b === 'raptor' ? 'RAPTOR' : 'GraphRAG']),
  ];
  const rows = DATASETS.flatMap((d) =>
    backbones.map(([id, name]) => [
      d.label,
      name!,
      ...names.map((n) => f3(strategy(records, `${id}-${d.dir}`, n)?.recall['5'])),
    ]),
  );
  const all = GRID_BACKBONES.flatMap((b) => ids(`grid-${b}`));
  return [
    '## BDTR Table 1 grid: strategies over three backbones — offline thinker (heuristic stand-in, no LLM)',
    '',
    `Passage Recall@5 of the final context, all questions. ${OFFLINE_NOTE} Backbones use offline-extractor triples; ` +
      "RAPTOR's summaries and GraphRAG's community reports are extractive (heuristic) offline. The HippoRAG 2 rows come " +
      `from the strategies table (${SEEDED}). Every strategy that merges several queries runs the same score rule per ` +
      'backbone: raw PPR mass on HippoRAG 2, min-max normalised scores on RAPTOR and GraphRAG, whose scores have a scale per query.',
    '',
    whenAny(
      records,
      all,
      table(
        ['dataset', 'backbone', ...names.map((n) => title(n, n === 'bdtr' ? 'backbone per row' : undefined))],
        rows,
      ),
    ),
    '',
    provenance(records, all) + missing(records, all, 'grid'),
  ].join('\n');
}

function fittedSection(): string {
  return [
    '## Fitted defaults',
    '',
    'Every constant chosen by measurement (`src/core/fitted.ts`), with the data and questions it was fitted on and the commit:',
    '',
    table(
      ['default', 'value', 'where', 'fitted on', 'commit', 'sees a second half', 'measured'],
      FITTED_DEFAULTS.map((f) => [
        f.name,
        f.value,
        `\`${f.source}\``,
        f.fittedOn,
        f.commit,
        f.overlapsSecondHalf ? '**yes**' : 'no',
        f.note,
      ]),
    ),
  ].join('\n');
}

export function renderResults(records: Records): string {
  return [
    '# Results',
    '',
    '<!-- Generated by `npm run results` from docs/results/*.json; do not edit by hand. -->',
    '',
    'Every number below is generated: `npm run results` runs the evals on the full question sets in `../shared/data` ' +
      '(MuSiQue 355, 2Wiki 722, HotpotQA 742 questions), keeps a summary of each run in `docs/results/*.json` ' +
      '(command, date, commit, machine) and renders this page from those files; `npm run results -- --render` only ' +
      're-renders, and `npm run results -- --check` (run by the test suite) fails when this page differs from what the ' +
      'JSON renders.',
    '',
    "Passage Recall@k (R@k) is the share of a question's gold passages in the top k of the final context, averaged over " +
      'questions. **Halves**: the first half is the first ⌈n/2⌉ questions of each set in dataset order (MuSiQue 1-178, ' +
      '2Wiki 1-361, HotpotQA 1-371), the second half the rest. The fitted-defaults table below lists every default chosen ' +
      'by measurement with what it was fitted on; none saw a second-half question, so the second halves are unseen by them ' +
      "(the offline thinker's measured rules are among them). Gold data is read only to score " +
      'finished runs (the gold-context regime, labelled oracle, is the one exception). A question whose run failed is ' +
      'counted beside the numbers and never scored (not a 0). ' +
      `Every "A vs B" below carries a ${BOOTSTRAP_NOTE} (\`src/core/eval/paired.ts\`); "points" are R@5 × 100.`,
    '',
    fittedSection(),
    '',
    strategiesSection(records),
    '',
    seedingSection(records),
    '',
    backbonesSection(records),
    '',
    diagnosticsSection(records),
    '',
    dualragSection(records),
    '',
    gearSection(records),
    '',
    gridSection(records),
    '',
  ].join('\n');
}
