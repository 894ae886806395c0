// RAPTOR's tree: soft clustering of unit vectors, the extractive summary stand-in, levels and provenance.
import { describe, expect, it } from 'vitest';
import { softClusters } from '../../../src/core/raptor/cluster.ts';
import { createLlmSummarizer, SUMMARY_FALLBACK_MARK } from '../../../src/core/raptor/summarizer.ts';
import { buildRaptorTree, EXTRACTIVE_SUMMARY_LABEL, extractiveSummary } from '../../../src/core/raptor/tree.ts';
import { hashedTfIdf } from '../../../src/core/raptor/vectors.ts';
import type { LlmPort } from '../../../src/core/llm/port.ts';
import * as summarizePrompt from '../../../src/prompts/raptor-summarize.ts';
import type { Corpus } from '../../../src/core/types.ts';

/** Unit vectors around two orthogonal directions, interleaved: 0, 2, 4… near x; 1, 3, 5… near y. */
function twoBlobs(n: number): Float32Array {
  const v = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const e = 0.05 * (i % 3);
    const row = i % 2 === 0 ? [1, e, 0.1] : [e, 1, 0.1];
    const norm = Math.hypot(...row);
    row.forEach((x, j) => (v[i * 3 + j] = x / norm));
  }
  return v;
}

const topics = (n: number): Corpus => ({
  id: 't',
  name: 't',
  passages: Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? { id: `r${i}`, title: `River ${i}`, text: `River ${i} flows through the valley. Its delta floods in spring.` }
      : {
          id: `c${i}`,
          title: `Composer ${i}`,
          text: `Composer ${i} wrote symphonies and operas. The premiere was in Vienna.`,
        },
  ),
});

describe('RAPTOR soft clustering', () => {
  it('puts rows of the same direction together and covers every row', () => {
    const clusters = softClusters(twoBlobs(24), 3, { targetSize: 6, softMargin: 0 });
    expect(new Set(clusters.flat())).toEqual(new Set(Array.from({ length: 24 }, (_, i) => i)));
    for (const c of clusters) expect(new Set(c.map((i) => i % 2)).size).toBe(1);
    expect(clusters.length).toBeGreaterThanOrEqual(2);
  });

  it('soft membership lets a row sit in a second close cluster; hard clustering never does', () => {
    const hard = softClusters(twoBlobs(24), 3, { targetSize: 3, softMargin: 0 });
    expect(hard.flat()).toHaveLength(24);
    const soft = softClusters(twoBlobs(24), 3, { targetSize: 3, softMargin: 1 });
    expect(soft.flat().length).toBeGreaterThan(24);
  });

  it('hashed TF-IDF vectors are unit length and closer within a topic than across', () => {
    const v = hashedTfIdf(['river delta floods', 'river delta valley', 'composer opera vienna'], 64);
    const cos = (a: number, b: number) =>
      Array.from({ length: 64 }, (_, j) => v[a * 64 + j]! * v[b * 64 + j]!).reduce((x, y) => x + y, 0);
    expect(cos(0, 0)).toBeCloseTo(1, 5);
    expect(cos(0, 1)).toBeGreaterThan(cos(0, 2));
  });
});

describe('RAPTOR tree', () => {
  it('extractive summary: every member leads, then second sentences, within the length cap', () => {
    expect(extractiveSummary(['A one. A two.', 'B one. B two.'])).toBe('A one. B one. A two. B two.');
    expect(extractiveSummary(['A one is long. A two.', 'B one.'], 20)).toBe('A one is long.');
  });

  it('builds levels of summaries over the passages, each node with the leaf passages under it', async () => {
    const corpus = topics(40);
    const tree = await buildRaptorTree(corpus);
    expect(tree.levels[0]).toBe(40);
    expect(tree.levels.length).toBeGreaterThan(1);
    expect(tree.summarizer).toBe(EXTRACTIVE_SUMMARY_LABEL);
    for (const node of tree.nodes.slice(tree.leafCount)) {
      expect(node.children.length).toBeGreaterThan(0);
      const fromChildren = new Set(node.children.flatMap((c) => tree.nodes[c]!.passages));
      expect(new Set(node.passages)).toEqual(fromChildren);
      expect(node.level).toBe(tree.nodes[node.children[0]!]!.level + 1);
    }
    // level-1 clusters keep the two topics apart
    for (const node of tree.nodes.filter((n) => n.level === 1))
      expect(new Set(node.passages.map((p) => p % 2)).size).toBe(1);
  });

  it('summarises with an LLM through RAPTOR’s prompt; an unreadable summary falls back to the extractive one, counted', async () => {
    const seen: string[] = [];
    const llm = (reply: string): LlmPort => ({
      label: 'scripted',
      complete: async (r) => {
        seen.push(r.messages[1]!.content);
        return {
          text: reply,
          usage: { prompt: 1, completion: 1, total: 2 },
          cached: false,
          latencyMs: 0,
          provider: 's',
          model: 'm',
        };
      },
    });
    const tree = await buildRaptorTree(topics(12), createLlmSummarizer(llm('Rivers and composers.'), summarizePrompt));
    expect(tree.nodes[tree.leafCount]!.text).toBe('Rivers and composers.');
    expect(tree.summarizer).toBe('LLM summary (raptor-summarize/1, scripted)');
    expect(seen[0]).toMatch(
      /^Write a summary of the following, including as many key details as possible: (River|Composer) /,
    );
    const empty = createLlmSummarizer(llm('  '), summarizePrompt);
    const fallen = await buildRaptorTree(topics(12), empty);
    const summaries = fallen.levels.slice(1).reduce((a, b) => a + b, 0);
    expect(summaries).toBeGreaterThan(0);
    expect(fallen.nodes.filter((n) => n.level > 0 && n.text.startsWith(SUMMARY_FALLBACK_MARK)).length).toBe(summaries);
    expect(fallen.nodes[fallen.leafCount]!.text).toBe(
      SUMMARY_FALLBACK_MARK +
        extractiveSummary(fallen.nodes[fallen.leafCount]!.children.map((c) => fallen.nodes[c]!.text)),
    );
  });
});
