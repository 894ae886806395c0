// Traces written by `npm run eval -- --traces <dir>` load in the page and show the metrics the CLI
// reported for the same question (the page and the CLI read the same trace with the same core code).
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/eval.ts';
import { appSession } from '../support/app-session.ts';

interface CliQuestion {
  id: string;
  em?: number;
  f1?: number;
  acc?: number;
  recall: Record<string, number>;
}

const pct = (v: number) => `${(v * 100).toFixed(0)}%`;

describe('CLI traces in the page (headless Chromium)', () => {
  const session = appSession('cli-traces');
  let dir: string;
  let questions: CliQuestion[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hopscope-cli-traces-'));
    const quiet = { out: () => {}, err: () => {} };
    const argv = [
      '--dataset',
      'public/demo',
      '--retriever',
      'hipporag2',
      '--strategy',
      'bdtr',
      '--llm',
      'offline',
      '--k',
      '2,5,10',
      '--limit',
      '3',
    ];
    const code = await main([...argv, '--traces', join(dir, 'traces'), '--out', join(dir, 'out.json')], quiet);
    if (code !== 0) throw new Error(`npm run eval exited ${code}`);
    questions = (JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as { questions: CliQuestion[] }).questions;
  });

  it('every trace the CLI wrote opens in the inspector with the same EM/F1/Acc and Recall@2/5/10', async () => {
    const files = (await readdir(join(dir, 'traces'))).sort();
    expect(files).toHaveLength(3);
    const app = await session.openReady();
    const { page } = app;
    for (const file of files) {
      const traceQuestion = (
        JSON.parse(await readFile(join(dir, 'traces', file), 'utf8')) as { question: { id: string } }
      ).question.id;
      const q = questions.find((x) => x.id === traceQuestion);
      if (!q) throw new Error(`no CLI result for trace ${file}`);
      await page.setInputFiles('[data-testid="trace-file"]', join(dir, 'traces', file));
      await expect.poll(() => page.locator('[data-testid="round-timeline"]').innerText()).toContain('Round 2');
      const metrics = page.locator('[data-testid="metrics"]');
      const expected = [
        ['EM', (q.em ?? 0).toFixed(2)],
        ['F1', (q.f1 ?? 0).toFixed(2)],
        ['Acc', (q.acc ?? 0).toFixed(2)],
        ...[2, 5, 10].map((k) => [`Recall@${k}`, pct(q.recall[k] as number)]),
      ];
      const shown = async () =>
        metrics
          .locator('div')
          .evaluateAll((divs) =>
            divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
          );
      await expect.poll(shown).toEqual(expected);
      await expect.poll(() => page.locator('body').innerText()).toContain(q.id);
    }
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
