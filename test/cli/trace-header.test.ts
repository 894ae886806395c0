// One run assembly: core writes a trace's whole header (the strategy's options, the backbone's build facts,
// the reranker, the host's provenance) when the run starts, so the CLI's written traces, the engine's
// traces and a run stopped midway carry the same header, and no host patches one afterwards.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { createLexicalReranker } from '../../src/core/rerank/lexical.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { runRegime } from '../../src/core/strategies/regimes.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { STRATEGY_PROMPTS } from '../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../../src/providers/llm/offline-thinker.ts';
import { runCli } from '../support/cli-runner.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = ['demo_corpus.json', 'demo.json'].map((name) => ({
  name,
  text: readFileSync(new URL(name, demo), 'utf8'),
}));
const dataset = loadDataset('demo', files);
const LEXICAL = createLexicalReranker().name;

/** The header without how this host obtained the structure (built from scratch or read from storage). */
const header = (t: Trace) => {
  const { built: _b, ...options } = t.options;
  return options;
};

describe('the trace header is written by core, once', () => {
  it('CLI and engine: DualRAG over RAPTOR records the strategy options, the tree’s facts and the reranker alike', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hopscope-header-'));
    const r = await runCli([
      ...['--dataset', 'public/demo', '--retriever', 'raptor', '--strategy', 'dualrag', '--llm', 'offline'],
      ...['--limit', '1', '--cache-dir', 'off', '--traces', dir],
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    const cli = loadTrace(await readFile(join(dir, file!), 'utf8'));
    expect(cli.options.reranker).toBe(LEXICAL);
    expect(cli.options.summaries).toMatch(/extractive/);
    expect(cli.options.built).toBeTypeOf('string');
    expect(Object.keys(cli.provenance ?? {}).sort()).toEqual(['backbone', 'corpus', 'llm']);

    const engine = createEngine();
    await engine.loadDataset('demo', files);
    const question = dataset.questions.find((q) => q.id === cli.question.id)!;
    const page = await engine.run({
      datasetId: 'demo',
      question,
      backbone: 'raptor',
      strategy: 'dualrag',
      k: 5,
      llm: 'offline',
    });
    expect(page.status).toBe('done');
    expect(header(page)).toEqual(header(cli));
  });

  it('a run stopped before its first step keeps the whole header (the partial trace says what ran)', async () => {
    const controller = new AbortController();
    controller.abort();
    const trace = await runRegime(
      'iterative',
      'dualrag',
      dataset.questions[0]!,
      {
        retriever: createBm25Retriever(dataset.corpus.passages),
        llm: createOfflineThinker(),
        prompts: STRATEGY_PROMPTS,
        passages: new Map(dataset.corpus.passages.map((p) => [p.id, p])),
        signal: controller.signal,
      },
      {
        corpus: dataset.corpus,
        retrieverName: 'bm25',
        backbone: { built: 'in memory', tokenizer: 'test' },
        provenance: { corpus: 'fingerprint' },
      },
    );
    expect(trace.status).toBe('aborted');
    expect(trace.options).toMatchObject({ tokenizer: 'test', built: 'in memory', reranker: LEXICAL });
    expect(trace.options.prompts).toBeDefined();
    expect(trace.provenance).toEqual({ corpus: 'fingerprint' });
  });
});
