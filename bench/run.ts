// `npm run bench -- <name> [args]` runs bench/<name>.ts. Each bench prints ratios against a
// reference measured in the same run; none of them asserts a time.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.slice(0, -3));
const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}> [args]`);
  process.exit(2);
}
const mod = (await import(pathToFileURL(join(here, `${name}.ts`)).href)) as { main(args: string[]): Promise<void> };
await mod.main(args);
