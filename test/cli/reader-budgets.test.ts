/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// Reader budgets apply to every strategy that reads passages: --equal-budget over every runnable
// strategy writes --out and reports, for each, the passages its reading module was shown (the QA
// reader, the planner's composer, GEAR's J.3 reader, DualRAG's answer), at its own setting and at the
// equal budget. The demo dataset over naivege (every strategy, GEAR included, runs on it).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { RUNNABLE } from '../../src/core/strategies/index.ts';

const io = (): Io => ({ out: () => {}, err: () => {} });
const OUTLINE = ['dualrag', 'dualrag-no-reasoner', 'dualrag-no-ei'];

describe('reader budgets for every strategy', () => {
  it('--equal-budget 3 over every strategy writes --out with passages read for each', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'hopscope-budget-')), 'out.json');
    const code = await main(
      [
        ...['--dataset', 'public/demo', '--retriever', 'naivege', '--llm', 'offline'],
        ...['--strategy', RUNNABLE.join(','), '--limit', '3', '--equal-budget', '3', '--out', out],
      ],
      io(),
    );
    expect(code).toBe(0);
    const json = JSON.parse(await readFile(out, 'utf8')) as { strategies: Record<string, any> };
    expect(Object.keys(json.strategies).sort()).toEqual([...RUNNABLE].sort());
    for (const name of RUNNABLE) {
      const s = json.strategies[name].summary;
      expect(typeof s.readerPassages, name).toBe('number');
      if (name === 'single') {
        // no reader: nothing read, and no equal-budget pass
        expect(s.readerPassages).toBe(0);
        expect(s.equalBudget).toBeUndefined();
        continue;
      }
      expect(s.equalBudget.readerTop, name).toBe(3);
      if (OUTLINE.includes(name)) {
        // the answer reads the outline's summaries: counted as the passages behind them (none when the
        // outline stayed empty), and no passage budget applies
        expect(s.equalBudget.notApplicable, name).toContain('summaries');
        continue;
      }
      expect(s.readerPassages, name).toBeGreaterThan(0);
      expect(s.equalBudget.readerPassages, name).toBeGreaterThan(0);
      expect(s.equalBudget.readerPassages, name).toBeLessThanOrEqual(3);
    }
  }, 600_000);

  it('--reader-top is refused before anything runs for DualRAG with its outline', async () => {
    let stderr = '';
    const code = await main(
      [
        ...['--dataset', 'public/demo', '--retriever', 'bm25', '--llm', 'offline'],
        ...['--strategy', 'static,dualrag', '--reader-top', '2'],
      ],
      { out: () => {}, err: (t) => void (stderr += t) },
    );
    expect(code).toBe(2);
    expect(stderr).toContain('--reader-top: dualrag read no passages under a budget');
  });

  it('--reader-top 2 bounds what the planner composer and DualRAG w/o KO answer read', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'hopscope-budget-')), 'out.json');
    const argv = ['--dataset', 'public/demo', '--retriever', 'bm25', '--llm', 'offline', '--limit', '3'];
    const code = await main(
      [...argv, '--strategy', 'planner,dualrag-no-outline', '--reader-top', '2', '--out', out],
      io(),
    );
    expect(code).toBe(0);
    const json = JSON.parse(await readFile(out, 'utf8')) as { strategies: Record<string, any> };
    for (const name of ['planner', 'dualrag-no-outline']) {
      const s = json.strategies[name].summary;
      expect(s.readerTop, name).toBe(2);
      expect(s.readerPassages, name).toBeGreaterThan(0);
      expect(s.readerPassages, name).toBeLessThanOrEqual(2);
    }
  }, 300_000);
});
