// The import rules of docs/ARCHITECTURE.md hold (issue 11): planted violations are linted with the
// project's own eslint.config.js (the configuration `npm run lint` uses) and must be errors.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function restricted(
  filePath: string,
  code: string,
  rule: 'no-restricted-imports' | 'no-restricted-syntax' = 'no-restricted-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule && m.severity === 2).map((m) => m.message);
}

describe('import boundaries', () => {
  it('a feature importing a sibling feature by a relative path fails', async () => {
    const messages = await restricted(
      'src/features/inspector/Planted.tsx',
      "import { rowsToCsv } from '../batch/BatchPage.tsx';\nexport const x = rowsToCsv;\n",
    );
    expect(messages.join('\n')).toContain('features do not import each other');
  });

  it('a feature importing a sibling through src/features fails too, its own folder does not', async () => {
    expect(
      await restricted(
        'src/features/graph/Planted.tsx',
        "import { x } from '../../features/compare/LaneView.tsx';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('src/features/graph/Planted.tsx', "import { x } from './GraphPage.tsx';\nexport const y = x;\n"),
    ).toEqual([]);
  });

  it('src/app has its own block: no features outside the shell, no storage or providers', async () => {
    expect(
      (
        await restricted(
          'src/app/planted.ts',
          "import { x } from '../features/batch/BatchPage.tsx';\nexport const y = x;\n",
        )
      ).join(),
    ).toContain('only the shell');
    expect(
      (await restricted('src/app/planted.ts', "import { x } from '../storage/db.ts';\nexport const y = x;\n")).join(),
    ).toContain('worker clients');
  });

  it('src/engine stays host-neutral: no Dexie, no storage, no UI; core and the engine API types are fine', async () => {
    expect(
      (
        await restricted('src/engine/planted.ts', "import { x } from '../storage/db.ts';\nexport const y = x;\n")
      ).join(),
    ).toContain('the engine imports core');
    expect(
      (await restricted('src/engine/planted.ts', "import Dexie from 'dexie';\nexport const y = Dexie;\n")).join(),
    ).toContain('host-neutral');
    expect(
      await restricted(
        'src/engine/planted.ts',
        "import { BACKBONES } from '../core/backbones/index.ts';\nimport type { RunRequest } from './engine-api.ts';\nexport const y: RunRequest | typeof BACKBONES = BACKBONES;\n",
      ),
    ).toEqual([]);
  });

  it('benchmarks stay off the test suite', async () => {
    expect(
      (
        await restricted(
          'bench/planted.ts',
          "import { x } from '../test/support/app-session.ts';\nexport const y = x;\n",
        )
      ).join(),
    ).toContain('benchmarks do not import the test suite');
  });

  it('the page has no dynamic import(): a planted one in src/app or a feature fails, the engine may lazy-load', async () => {
    const planted =
      "export const load = async () => (await import('../providers/llm/from-settings.ts')).testConnection;\n";
    expect((await restricted('src/app/planted.ts', planted, 'no-restricted-syntax')).join()).toContain(
      'providers are reached through the engine worker',
    );
    expect(
      await restricted(
        'src/features/batch/Planted.tsx',
        "export const load = () => import('./BatchPage.tsx');\n",
        'no-restricted-syntax',
      ),
    ).toHaveLength(1);
    expect(await restricted('src/engine/planted.ts', planted, 'no-restricted-syntax')).toEqual([]);
  });
});
