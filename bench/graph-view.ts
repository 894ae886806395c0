// `npm run bench -- graph-view [--limit 5000] [--reference 200] [--dataset hotpotqa] [--question <id>] [--seconds 3]`: is the
// sigma graph view smooth at 5,000 nodes? The built app (dist/, rebuilt here when missing or older than
// the sources) in headless Debian Chromium: HotpotQA (or 2WikiMultihopQA) imported through the Library page's file
// input, one question run with single retrieval on HippoRAG 2, then the Graph tab at the reference node
// limit and at the big one, in the same page. Measured in the page with requestAnimationFrame:
//  - frame times while the camera animates (wheel zoom in/out on sigma's mouse layer, then a drag pan),
//  - frame times while the pointer sweeps over the graph (sigma's hover picking and hover layer),
//  - click -> next frame when a node is selected from the node list (reducers: fade, neighbours, labels)
//    and when the selection is cleared,
//  - round slider change -> next frame (reducers hide later passages),
//  - limit change -> graph stats shown (worker: subgraph, PPR, ForceAtlas2) -> next frame (main thread:
//    graphology build + sigma construction), and the longest main-thread task in between.
// Prints median / p95 frame ms, fps and the ratio big / reference. Asserts nothing.
//
// Headless Chromium has no GPU here: WebGL runs on SwiftShader (software), so the absolute fps
// understate what a real GPU draws; the ratio against the reference is the number to watch.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startAppServer } from '../harness/app-server.ts';
import { launchBrowser } from '../harness/browser.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// The subgraph is the question's seeds and pool plus their direct neighbours (src/core/graph/subgraph.ts),
// so it only reaches 5,000 nodes when a seed is a hub phrase. On 2WikiMultihopQA no question's single-
// retrieval subgraph gets past 3,476 nodes; on HotpotQA many hit the limit. The default question below
// ("…pirate-themed Las Vegas resort…", seed phrases include hubs) gives 5,000 at limit 5000.
const DATASETS: Record<string, { files: string[]; question: string }> = {
  hotpotqa: { files: ['hotpotqa_corpus.json', 'hotpotqa.json'], question: '5a843de75542992ef85e23b4' },
  '2wikimultihopqa': {
    files: ['2wikimultihopqa_corpus.json', '2wikimultihopqa.json'],
    question: '88cc034008c211ebbd8cac1f6bf848b6',
  },
};

function strArg(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
}

function arg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v)) throw new Error(`--${name} needs a number`);
  return v;
}

function newest(path: string): number {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return 0;
  if (!s.isDirectory()) return s.mtimeMs;
  let m = s.mtimeMs;
  for (const f of readdirSync(path)) m = Math.max(m, newest(join(path, f)));
  return m;
}

/** Builds dist/ when it is missing or older than anything it is built from. */
function ensureBuilt(): void {
  const built = statSync(join(ROOT, 'dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(
    ...['src', 'workers', 'public', 'wasm', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
      newest(join(ROOT, p)),
    ),
  );
  if (built >= sources) return;
  console.log(
    built === 0 ? 'dist/ is missing: building the app…' : 'dist/ is older than the sources: rebuilding the app…',
  );
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
}

interface Frames {
  /** rAF deltas in ms. */
  deltas: number[];
}

interface Latencies {
  select: number[];
  deselect: number[];
  slider: number[];
}

interface Measured {
  limit: number;
  stats: string;
  nodes: number;
  edges: number;
  toStatsMs: number;
  toFrameMs: number;
  longestTaskMs: number;
  zoom: Frames;
  pan: Frames;
  hover: Frames;
  latencies: Latencies;
}

const quantile = (xs: readonly number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};

/** Installs the in-page helpers once: a rAF frame recorder and "time to next frame" after an action. */
export async function installProbes(page: Page): Promise<void> {
  // tsx compiles with keepNames, which wraps named functions in __name(…): give the page one.
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    if (w['__gv']) return;
    const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
    const mouseLayer = () => {
      const c = document.querySelector('[data-testid="graph-canvas"] canvas.sigma-mouse') as HTMLCanvasElement | null;
      if (!c) throw new Error('no sigma mouse layer');
      return c;
    };
    const longTasks: number[] = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    w['__gv'] = {
      longTasks,
      nextFrame,
      /** Records rAF deltas for `ms` while `step(i, t)` runs once per frame. */
      async record(ms: number, stepName: string): Promise<number[]> {
        const el = mouseLayer();
        const r = el.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const mouse = (type: string, x: number, y: number, target: EventTarget, buttons = 0) =>
          target.dispatchEvent(
            new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons }),
          );
        let lastWheel = -1e9;
        let dir = -1;
        let wheels = 0;
        const step = (i: number, t: number, t0: number) => {
          const f = (t - t0) / ms;
          if (stepName === 'zoom') {
            // A wheel notch every 120 ms (sigma animates each over zoomDuration 250 ms): 4 in, 4 out, ….
            if (t - lastWheel >= 120) {
              if (wheels % 4 === 0) dir = -dir;
              wheels++;
              lastWheel = t;
              const x = cx + (r.width / 4) * Math.cos(wheels);
              const y = cy + (r.height / 4) * Math.sin(wheels);
              el.dispatchEvent(
                new WheelEvent('wheel', {
                  clientX: x,
                  clientY: y,
                  deltaY: 100 * dir,
                  deltaMode: 0,
                  bubbles: true,
                  cancelable: true,
                }),
              );
            }
          } else if (stepName === 'pan') {
            // Drag the stage in a circle, one mousemove per frame.
            const a = 2 * Math.PI * f * 2;
            const x = cx + (r.width / 5) * Math.cos(a);
            const y = cy + (r.height / 5) * Math.sin(a);
            if (i === 0) mouse('mousedown', x, y, el, 1);
            else mouse('mousemove', x, y, document, 1);
          } else {
            // Hover: a raster sweep over the stage, one mousemove per frame (sigma picks the node under
            // the pointer and draws it on the hover layer).
            const rows = 12;
            const row = Math.floor(f * rows);
            const along = (f * rows) % 1;
            const x = r.left + 10 + (r.width - 20) * (row % 2 ? 1 - along : along);
            const y = r.top + 10 + ((r.height - 20) * (row + 0.5)) / rows;
            mouse('mousemove', x, y, document);
          }
        };
        const deltas: number[] = [];
        const t0 = await nextFrame();
        let prev = t0;
        for (let i = 0; ; i++) {
          step(i, prev, t0);
          const t = await nextFrame();
          deltas.push(t - prev);
          prev = t;
          if (t - t0 >= ms) break;
        }
        if (stepName === 'pan') mouse('mouseup', cx, cy, document);
        // Let the last zoom animation finish before the next measurement.
        await new Promise((res) => setTimeout(res, 400));
        return deltas;
      },
      /** Clicks the i-th node-list button, returns ms until the next frame. */
      async clickNode(i: number): Promise<number> {
        const buttons = [
          ...document.querySelectorAll<HTMLButtonElement>('[data-testid="graph-node-button"]:not([disabled])'),
        ];
        const b = buttons[i % buttons.length];
        if (!b) throw new Error('no node buttons');
        const t0 = performance.now();
        b.click();
        return (await nextFrame()) - t0;
      },
      /** Sets the round slider (a React-controlled range input), returns ms until the next frame. */
      async slide(value: number): Promise<number> {
        const input = document.querySelector<HTMLInputElement>('[data-testid="round-slider"]');
        if (!input) throw new Error('no round slider');
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        const t0 = performance.now();
        setter?.call(input, String(value));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return (await nextFrame()) - t0;
      },
      /** Changes the node limit; resolves when the stats line shows a new graph and a frame has followed. */
      async setLimit(
        limit: number,
      ): Promise<{ toStatsMs: number; toFrameMs: number; longestTaskMs: number; stats: string }> {
        const select = document.querySelector<HTMLSelectElement>('[data-testid="graph-limit"]');
        if (!select) throw new Error('no limit select');
        const before = document.querySelector('[data-testid="graph-stats"]')?.textContent ?? '';
        const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
        longTasks.length = 0;
        const t0 = performance.now();
        setter?.call(select, String(limit));
        select.dispatchEvent(new Event('change', { bubbles: true }));
        const toStats = await new Promise<number>((resolve, reject) => {
          const check = () => {
            const s = document.querySelector('[data-testid="graph-stats"]')?.textContent ?? '';
            const canvas = document.querySelector('[data-testid="graph-canvas"] canvas.sigma-mouse');
            if (s && s !== before && canvas) {
              obs.disconnect();
              clearTimeout(timer);
              resolve(performance.now());
            }
          };
          const obs = new MutationObserver(check);
          obs.observe(document.body, { subtree: true, childList: true, characterData: true });
          const timer = setTimeout(() => {
            obs.disconnect();
            reject(new Error(`graph at limit ${limit} not shown within 120 s (or its stats line did not change)`));
          }, 120_000);
          check();
        });
        const frame = await nextFrame();
        await nextFrame();
        return {
          toStatsMs: toStats - t0,
          toFrameMs: frame - t0,
          longestTaskMs: Math.max(0, ...longTasks),
          stats: document.querySelector('[data-testid="graph-stats"]')?.textContent ?? '',
        };
      },
    };
  });
}

type Probe = {
  record(ms: number, step: string): Promise<number[]>;
  clickNode(i: number): Promise<number>;
  slide(v: number): Promise<number>;
  setLimit(l: number): Promise<{ toStatsMs: number; toFrameMs: number; longestTaskMs: number; stats: string }>;
};

async function measureAt(page: Page, limit: number, seconds: number, clicks: number): Promise<Measured> {
  const shown = await page.evaluate((l) => (window as unknown as { __gv: Probe }).__gv.setLimit(l), limit);
  const m = /^(\d+) nodes, (\d+) edges/.exec(shown.stats);
  if (!m) throw new Error(`unexpected graph stats: ${shown.stats}`);
  await page.waitForTimeout(500); // let sigma settle (labels, hover layer) before timing frames
  const rec = (step: string) =>
    page.evaluate(([ms, s]) => (window as unknown as { __gv: Probe }).__gv.record(ms as number, s as string), [
      seconds * 1000,
      step,
    ] as const);
  const zoom = await rec('zoom');
  const pan = await rec('pan');
  const hover = await rec('hover');
  const latencies: Latencies = { select: [], deselect: [], slider: [] };
  const maxRound = Number(await page.locator('[data-testid="round-slider"]').getAttribute('max'));
  for (let i = 0; i < clicks; i++) {
    // Select node i, then click it again to clear the selection.
    latencies.select.push(await page.evaluate((k) => (window as unknown as { __gv: Probe }).__gv.clickNode(k), i));
    await page.waitForTimeout(50);
    latencies.deselect.push(await page.evaluate((k) => (window as unknown as { __gv: Probe }).__gv.clickNode(k), i));
    await page.waitForTimeout(50);
    // Slider to round 0 and back to all rounds.
    latencies.slider.push(await page.evaluate(() => (window as unknown as { __gv: Probe }).__gv.slide(0)));
    await page.waitForTimeout(50);
    latencies.slider.push(await page.evaluate((v) => (window as unknown as { __gv: Probe }).__gv.slide(v), maxRound));
    await page.waitForTimeout(50);
  }
  return {
    limit,
    stats: shown.stats,
    nodes: Number(m[1]),
    edges: Number(m[2]),
    toStatsMs: shown.toStatsMs,
    toFrameMs: shown.toFrameMs,
    longestTaskMs: shown.longestTaskMs,
    zoom: { deltas: zoom },
    pan: { deltas: pan },
    hover: { deltas: hover },
    latencies,
  };
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '—');
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : '—');

function report(ref: Measured, big: Measured): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  const row = (what: string, a: number[], b: number[], frames: boolean) => {
    const [am, ap, bm, bp] = [quantile(a, 0.5), quantile(a, 0.95), quantile(b, 0.5), quantile(b, 0.95)];
    const fps = (xs: number[]) => (xs.length ? (1000 * xs.length) / xs.reduce((s, x) => s + x, 0) : NaN);
    const extra = frames
      ? `  fps ${f1(fps(a)).padStart(5)} vs ${f1(fps(b)).padStart(5)}  (${b.length} frames)`
      : `  (n=${b.length})`;
    console.log(
      `${pad(what, 30)} median ${f1(am).padStart(6)} → ${f1(bm).padStart(6)} ms (${ratio(bm, am).padStart(6)})   p95 ${f1(ap).padStart(6)} → ${f1(bp).padStart(6)} ms (${ratio(bp, ap).padStart(6)})${extra}`,
    );
  };
  console.log(`\nreference: limit ${ref.limit}: ${ref.nodes} nodes, ${ref.edges} edges`);
  console.log(`measured:  limit ${big.limit}: ${big.nodes} nodes, ${big.edges} edges`);
  console.log(`(each row: reference → measured, ratio measured / reference)\n`);
  row('frame, camera zoom (wheel)', ref.zoom.deltas, big.zoom.deltas, true);
  row('frame, camera pan (drag)', ref.pan.deltas, big.pan.deltas, true);
  row('frame, hover sweep', ref.hover.deltas, big.hover.deltas, true);
  row('select node → next frame', ref.latencies.select, big.latencies.select, false);
  row('clear selection → next frame', ref.latencies.deselect, big.latencies.deselect, false);
  row('round slider → next frame', ref.latencies.slider, big.latencies.slider, false);
  console.log(
    `${pad('limit change → stats shown', 30)} ${f1(ref.toStatsMs).padStart(8)} → ${f1(big.toStatsMs).padStart(8)} ms (${ratio(big.toStatsMs, ref.toStatsMs)}; worker: subgraph, PPR, ForceAtlas2)`,
  );
  console.log(
    `${pad('limit change → next frame', 30)} ${f1(ref.toFrameMs).padStart(8)} → ${f1(big.toFrameMs).padStart(8)} ms (${ratio(big.toFrameMs, ref.toFrameMs)}); longest main-thread task ${f1(ref.longestTaskMs)} → ${f1(big.longestTaskMs)} ms`,
  );
  const worstP95 = Math.max(
    quantile(big.zoom.deltas, 0.95),
    quantile(big.pan.deltas, 0.95),
    quantile(big.hover.deltas, 0.95),
  );
  console.log(
    `\nAt ${big.nodes} nodes the worst p95 frame while interacting is ${f1(worstP95)} ms (${worstP95 <= 50 ? 'within' : 'OVER'} the 50 ms smoothness bar).`,
  );
}

export async function main(args: string[]): Promise<void> {
  const limit = arg(args, 'limit', 5000);
  const reference = arg(args, 'reference', 200);
  const datasetName = strArg(args, 'dataset', 'hotpotqa');
  const dataset = DATASETS[datasetName];
  if (!dataset) throw new Error(`--dataset must be one of ${Object.keys(DATASETS).join(', ')}`);
  const questionId = strArg(args, 'question', dataset.question);
  const dir = new URL(`../../shared/data/${datasetName}/`, import.meta.url);
  const files = dataset.files.map((n) => fileURLToPath(new URL(n, dir)));
  const seconds = arg(args, 'seconds', 3);
  const clicks = arg(args, 'clicks', 8);
  ensureBuilt();
  const server = await startAppServer();
  const chromium = await launchBrowser();
  try {
    const app = await chromium.openApp(server.url);
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    const gl = await page.evaluate(() => {
      const c = document.createElement('canvas').getContext('webgl2') as WebGL2RenderingContext | null;
      if (!c) return 'no WebGL2';
      const ext = c.getExtension('WEBGL_debug_renderer_info');
      return ext ? String(c.getParameter(ext.UNMASKED_RENDERER_WEBGL)) : String(c.getParameter(c.RENDERER));
    });
    const browserVersion = chromium.browser.version();
    console.log(`graph-view bench: Chromium ${browserVersion} headless, viewport 1280x720, WebGL renderer: ${gl}`);
    console.log(
      'Headless Chromium draws WebGL with SwiftShader (software rendering on the CPU): absolute fps understate a real GPU; compare the ratios.',
    );

    const started = performance.now();
    await page.click('[data-testid="tab-library"]');
    await page.setInputFiles('[data-testid="import-files"]', files);
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 300_000 });
    await page.locator(`[data-testid="library-row"][data-id="${datasetName}"] [data-testid="library-use"]`).click();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: new RegExp(`${datasetName}: ready`) })
      .waitFor({ timeout: 120_000 });
    console.log(`${datasetName} imported and opened in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    await page.selectOption('[data-testid="question-picker"]', questionId);
    console.log(
      `question ${questionId}: ${await page.locator('[data-testid="question-picker"] option:checked').innerText()}`,
    );
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: 'single on hipporag2' })
      .waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').first().waitFor({ timeout: 60_000 });

    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-stats"]').waitFor({ timeout: 300_000 });
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    await installProbes(page);

    // Warm-up on the graph already shown (the default limit): JIT the frame, hover and click paths.
    await page.waitForTimeout(500);
    for (const step of ['zoom', 'pan', 'hover'])
      await page.evaluate((s) => (window as unknown as { __gv: Probe }).__gv.record(1000, s), step);
    // Reference first, then the big graph; each limit change is a real change (nothing cached).
    const ref = await measureAt(page, reference, seconds, clicks);
    const big = await measureAt(page, limit, seconds, clicks);
    await app.screenshot(`bench-graph-view-${limit}`);
    report(ref, big);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  } finally {
    await chromium.close();
    await server.close();
  }
}
