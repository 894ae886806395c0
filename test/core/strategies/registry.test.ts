// The registry is the one list every listing derives from: a strategy added by one file plus one list
// entry appears in the picker, the glossary, the CLI help and the docs table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { strategyChoices } from '../../../src/app/strategy-labels.ts';
import { GLOSSARY, strategyEntries } from '../../../src/app/glossary.ts';
import { strategyHelp, usage } from '../../../src/cli/args.ts';
import {
  DESCRIPTORS,
  REGISTRY,
  RUNNABLE,
  strategyDescriptor,
  strategyOptions,
} from '../../../src/core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { DOC_PATH, strategiesTable, withStrategiesTable } from '../../../scripts/strategies-doc.ts';
import { toy } from './toy-strategy.ts';

describe('a strategy added by one file plus one list entry', () => {
  const registry = [...REGISTRY, toy];

  it('appears in the picker with its label and its explanation as the help', () => {
    const choice = strategyChoices(registry).find((c) => c.value === 'toy-reverse');
    expect(choice).toEqual({
      value: 'toy-reverse',
      label: 'Toy: one retrieval with the question reversed',
      title: 'Toy (reversed question)',
      term: 'Toy (reversed question)',
      help: toy.explanation,
    });
    expect(strategyChoices(REGISTRY).some((c) => c.value === 'toy-reverse')).toBe(false);
  });

  it('appears in the CLI help and the glossary', () => {
    expect(usage(registry)).toContain('toy-reverse · Toy (reversed question) · none (a test fixture)');
    expect(strategyHelp(registry)).toContain('retrieves once with the words of the question in reverse order');
    expect(strategyEntries(registry)).toContainEqual({ term: 'Toy (reversed question)', short: toy.explanation });
  });

  it('appears in the docs table with its defaults and its fixed options', () => {
    const row = strategiesTable(registry)
      .split('\n')
      .find((l) => l.startsWith('| `toy-reverse`'));
    expect(row).toBeDefined();
    expect(row).toContain('| nothing (no LLM) |');
    expect(row).toContain('rounds 1; fixed: answer false');
  });
});

describe('the registry', () => {
  it('lists every runnable strategy once, ablations after their parent', () => {
    expect(new Set(RUNNABLE).size).toBe(RUNNABLE.length);
    const names = DESCRIPTORS.map((d) => d.name);
    expect(names.indexOf('bdtr-dtr')).toBe(names.indexOf('bdtr') + 1);
    expect(names.indexOf('bdtr-bgec')).toBe(names.indexOf('bdtr') + 2);
    expect(names.slice(names.indexOf('dualrag'), names.indexOf('dualrag') + 4)).toEqual([
      'dualrag',
      'dualrag-no-reasoner',
      'dualrag-no-ei',
      'dualrag-no-outline',
    ]);
    expect(strategyDescriptor('bdtr-bgec').variantOf).toBe('bdtr');
  });

  it('every descriptor says what it is, what it implements and uses prompts that exist', () => {
    for (const d of DESCRIPTORS) {
      expect(d.title, d.name).not.toBe('');
      expect(d.explanation.length, d.name).toBeGreaterThan(40);
      expect(d.paper, d.name).not.toBe('');
      for (const p of d.prompts) expect(STRATEGY_PROMPTS[p], `${d.name}: prompt ${p}`).toBeDefined();
      expect(STRATEGY_PROMPTS[d.reader], d.name).toBeDefined();
    }
  });

  it("a descriptor's schema holds the defaults that run (no overrides elsewhere)", () => {
    // IRCoT's reader reads its collection; BDTR's and BGEC's read the whole cut set; DTR's its top 5.
    expect(strategyDescriptor('ircot').parse({}).readerTop).toBe('all');
    expect(strategyOptions('ircot').readerTop).toBe('all');
    expect(strategyOptions('bdtr').readerTop).toBe('all');
    expect(strategyOptions('bdtr-bgec').readerTop).toBe('all');
    expect(strategyOptions('bdtr-dtr').readerTop).toBe(5);
    for (const d of DESCRIPTORS) expect(strategyOptions(d.name)).toEqual(d.parse({}));
  });

  it('the glossary explains every strategy family from its descriptor', () => {
    const terms = GLOSSARY.map((e) => e.term);
    for (const t of ['BDTR', 'IRCoT', 'IRGS', 'ToG', 'GCoT', 'GEAR', 'DualRAG', 'Planner']) expect(terms).toContain(t);
    expect(GLOSSARY.find((e) => e.term === 'GEAR')?.short).toBe(strategyDescriptor('gear').explanation);
  });

  it('docs/strategies.md holds the table the registry generates (npm run docs:strategies)', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    expect(withStrategiesTable(doc, REGISTRY)).toBe(doc);
  });
});
