// How the strategies are named in results (CLI tables, reports). ToG and GCoT here are prompt-level
// versions of BDTR Fig. 11 and 12, not Think-on-Graph's relation/entity beam search nor Graph-CoT's
// graph function calls, so their names say "-style" and the figure; the ids `tog`/`gcot` stay so
// old traces still load.
export const STRATEGY_TITLES: Record<string, string> = {
  static: 'static',
  ircot: 'IRCoT',
  irgs: 'IRGS',
  tog: 'ToG-style (Fig. 11)',
  gcot: 'GCoT-style (Fig. 12)',
  bdtr: 'BDTR',
  'bdtr-dtr': 'BDTR-DTR',
  'bdtr-bgec': 'BDTR-BGEC',
  gear: 'GEAR',
  planner: 'Planner',
  dualrag: 'DualRAG',
  'dualrag-no-reasoner': 'DualRAG w/o R',
  'dualrag-no-ei': 'DualRAG w/o Ei',
  'dualrag-no-outline': 'DualRAG w/o KO',
  auto: 'auto (router)',
  ensemble: 'ensemble (RRF)',
};

/** The display name of a strategy id (the id itself when it has none). */
export const strategyTitle = (id: string): string => STRATEGY_TITLES[id] ?? id;
