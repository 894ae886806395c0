// Every default chosen by measurement, declared once: what it is, where it lives, and what it was fitted on
// (data, questions, commit). docs/results.md renders this list as a table. A "second half" is the questions
// after the first ⌈n/2⌉ of a set in dataset order (MuSiQue 178-355, 2Wiki 362-722, HotpotQA 372-742); the
// page's held-out claims rest on no entry here having seen one. `overlapsSecondHalf` says so per entry, and a
// test checks that none does.

export interface FittedDefault {
  /** What the constant is, as a reader would look it up. */
  name: string;
  value: string;
  /** Where the code holds it. */
  source: string;
  /** Data and questions it was measured on. */
  fittedOn: string;
  /** The commit that fitted it (or last re-checked it). */
  commit: string;
  /** Whether any question it was fitted on is in a second half (must be false for the page's held-out claims). */
  overlapsSecondHalf: boolean;
  /** How it was chosen and what it measured. */
  note: string;
}

export const FITTED_DEFAULTS: readonly FittedDefault[] = [
  {
    name: 'Fact scorer BM25 b (HippoRAG 2 fact seeding without an embedder)',
    value: 'b = 1 (k1 = 1.2)',
    source: 'src/core/triples/fact-index.ts FACT_BM25_DEFAULTS',
    fittedOn:
      "MuSiQue-train OpenIE set without the 70 questions also in MuSiQue's second half (30 questions, GPT-3.5 triples); MuSiQue first half (178, offline-extractor triples)",
    commit: 'e55670a',
    overlapsSecondHalf: false,
    note: 'HippoRAG 2 R@5 for b = 0 / 0.4 / 0.75 / 1: .528 / .594 / .583 / .633 and .544 / .537 / .540 / .544 (scripts/sweep-fact-b.ts); k1 is the BM25 default, not fitted',
  },
  {
    name: "HippoRAG 2's seeding default",
    value: 'facts (retrieved facts seed PPR)',
    source: 'src/core/retrievers/hipporag2.ts HIPPORAG2_DEFAULTS.seed',
    fittedOn: 'first halves of MuSiQue, 2Wiki and HotpotQA (static over HippoRAG 2, offline thinker)',
    commit: 'e55670a',
    overlapsSecondHalf: false,
    note: "HippoRAG 2's own default; the first halves compare it with entity seeding on the page (paired intervals in the seeding section)",
  },
  {
    name: 'Score scale before the Eq. 4 max-update (every strategy that merges several queries)',
    value: 'raw over PPR mass, cosine, RRF; min-max over BM25, RAPTOR, GraphRAG',
    source: 'src/core/strategies/pool.ts normalizationFor, resolved in src/core/strategies/descriptor.ts',
    fittedOn: 'first halves of MuSiQue, 2Wiki and HotpotQA (BDTR over BM25, RAPTOR, GraphRAG, offline thinker)',
    commit: 'da60a22',
    overlapsSecondHalf: false,
    note: 'BDTR R@5 min-max vs raw: BM25 .559/.827/.788 vs .534/.742/.717, RAPTOR .535/.749/.749 vs .474/.627/.628, GraphRAG .440/.731/.551 vs .410/.715/.507; HippoRAG 2 raw by the same rule (one scale across queries)',
  },
  {
    name: "Offline thinker: the heuristic verifier's cap",
    value: 'at most 3 passages selected',
    source: 'src/providers/llm/offline-thinker.ts (verifier)',
    fittedOn: 'first halves of MuSiQue, 2Wiki and HotpotQA (BDTR R@5 over HippoRAG 2)',
    commit: 'efba0d5',
    overlapsSecondHalf: false,
    note: '2 and 3 tie within 0.4 points; 3 lets a question-entity -> link -> bridge chain promote its bridge',
  },
  {
    name: 'Offline thinker: relation words in thoughts and steps',
    value: 'every relation word of the question (not the first four)',
    source: 'src/providers/llm/offline-thinker-text.ts',
    fittedOn: 'first halves of MuSiQue, 2Wiki and HotpotQA (BDTR, GCoT-style, IRCoT, ToG-style R@5)',
    commit: '6a191b1',
    overlapsSecondHalf: false,
    note: 'BDTR R@5 .571/.838/.774 -> .594/.837/.799',
  },
  {
    name: 'Offline thinker: entity rules (nationality adjectives, sentence-start words, possessives, quoted-title pieces)',
    value: 'not entities',
    source: 'src/providers/llm/offline-thinker-text.ts',
    fittedOn: 'first halves of MuSiQue, 2Wiki and HotpotQA (BDTR R@5)',
    commit: '14b5bfc',
    overlapsSecondHalf: false,
    note: 'BDTR R@5 .571/.838/.774',
  },
  {
    name: "ensemble's default members",
    value: 'bdtr + bdtr-bgec',
    source: 'src/core/strategies/ensemble.ts',
    fittedOn: 'first halves of MuSiQue, 2Wiki and HotpotQA (pair fusion of final contexts)',
    commit: '878c937',
    overlapsSecondHalf: false,
    note: 'the pair whose RRF fused best; not in the tables',
  },
  {
    name: "auto's router (decision tree)",
    value: 'words < 17.5 and head ratio < 0.164 -> BDTR; words < 17.5 -> GCoT-style; else static',
    source: 'src/core/strategies/router-params.ts (scripts/fit-router.ts)',
    fittedOn:
      'first halves of MuSiQue, 2Wiki and HotpotQA (910 questions), runs of offline-thinker/4 (the thinker is now /7)',
    commit: 'b33eab4',
    overlapsSecondHalf: false,
    note: 'fitted on an older thinker, so auto is left out of the tables; a refit on offline-thinker/6 chose no split (every question to GCoT-style)',
  },
];
