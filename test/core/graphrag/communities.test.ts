// Louvain communities over a small entity graph, their reports (extractive and LLM) and provenance.
import { describe, expect, it } from 'vitest';
import { buildPhraseGraph } from '../../../src/core/graph/build.ts';
import { detectCommunities } from '../../../src/core/graphrag/communities.ts';
import { createLlmReportWriter, EXTRACTIVE_REPORT_LABEL, writeReports } from '../../../src/core/graphrag/reports.ts';
import type { LlmPort } from '../../../src/core/llm/port.ts';
import * as reportPrompt from '../../../src/prompts/graphrag-community-report.ts';
import { corpusOf, openIeTriples } from '../../support/tiny-corpus.ts';

// Two triangles of entities (Curie family, French cities) joined by one relation.
const corpus = corpusOf({ p1: ['Curies', 'x'], p2: ['Cities', 'y'], p3: ['Bridge', 'z'] });
const triples = openIeTriples({
  p1: [
    ['Marie Curie', 'married', 'Pierre Curie'],
    ['Marie Curie', 'discovered', 'radium'],
    ['Pierre Curie', 'studied', 'radium'],
  ],
  p2: [
    ['Paris', 'near', 'Versailles'],
    ['Versailles', 'near', 'Chartres'],
    ['Chartres', 'near', 'Paris'],
  ],
  p3: [['Pierre Curie', 'died in', 'Paris']],
});
const graph = buildPhraseGraph(corpus, triples);
const node = (p: string) => graph.phraseNode.get(p)!;

describe('GraphRAG communities (Louvain)', () => {
  it('finds the two triangles as level-0 communities, deterministically, and nests them in a coarser level', () => {
    const h = detectCommunities(graph);
    const level0 = h.communities.filter((c) => c.level === 0).map((c) => c.nodes);
    expect(level0).toHaveLength(2);
    expect(level0).toContainEqual(['marie curie', 'pierre curie', 'radium'].map(node).sort((a, b) => a - b));
    expect(level0).toContainEqual(['paris', 'versailles', 'chartres'].map(node).sort((a, b) => a - b));
    expect(detectCommunities(graph)).toEqual(h);
    expect(h.modularity).toBeGreaterThan(0.3);
    for (const c of h.communities.filter((x) => x.level === 0)) {
      const parent = h.communities[c.parent!]!;
      expect(parent.level).toBe(1);
      expect(parent.nodes).toEqual(expect.arrayContaining(c.nodes));
    }
  });

  it('writes an extractive report per community with its relations and passages', async () => {
    const h = detectCommunities(graph);
    const reports = await writeReports(graph, h);
    expect(reports).toHaveLength(h.communities.length);
    const curie = reports.find((r) => r.level === 0 && r.text.includes('marie curie married pierre curie'))!;
    expect(curie.title.split(', ')).toContain('pierre curie');
    // pierre curie is also named in p3 (the cross relation), so p3 is under the community too
    expect(curie.passages).toEqual([0, 2]);
    expect(EXTRACTIVE_REPORT_LABEL).toMatch(/no LLM/);
  });

  it('writes reports with an LLM through GraphRAG’s prompt', async () => {
    const asked: string[] = [];
    const llm: LlmPort = {
      label: 'scripted',
      complete: async (r) => {
        asked.push(r.messages[1]!.content);
        return {
          text: '{"title": "The Curies", "summary": "Physicists.", "rating": 2, "rating_explanation": "low", "findings": [{"summary": "Radium", "explanation": "They found it."}]}',
          usage: { prompt: 1, completion: 1, total: 2 },
          cached: false,
          latencyMs: 0,
          provider: 's',
          model: 'm',
        };
      },
    };
    const reports = await writeReports(graph, detectCommunities(graph), createLlmReportWriter(llm, reportPrompt));
    expect(reports[0]).toMatchObject({ title: 'The Curies', text: 'Physicists. Radium They found it.' });
    expect(asked[0]).toMatch(/^# Data\n\nEntities\n\nid,entity\n0,/);
  });
});

describe('graphrag-community-report prompt', () => {
  it('builds the system goal and CSV tables (golden)', () => {
    const m = reportPrompt.build(
      ['marie curie', 'radium, element'],
      [['marie curie', 'discovered', 'radium, element']],
    );
    expect(
      m[0]!.content.startsWith(
        'You are an AI assistant that helps a human analyst to perform general information discovery.',
      ),
    ).toBe(true);
    expect(m[1]!.content).toBe(
      '# Data\n\nEntities\n\nid,entity\n0,marie curie\n1,"radium, element"\n\nRelationships\n\nid,source,target,description\n0,marie curie,"radium, element",discovered\n\nOutput:',
    );
  });

  it.each([
    ['prose', 'The community is about physicists.', 'no JSON'],
    ['no title', '{"summary": "s", "findings": []}', 'title'],
    ['findings of the wrong shape', '{"title": "t", "summary": "s", "findings": ["a"]}', 'findings'],
  ])('raises LlmOutputError for %s', async (_n, reply, reason) => {
    const { llmOutputFailure } = await import('../../support/llm-output-failure.ts');
    const e = llmOutputFailure(() => reportPrompt.parse(reply));
    expect(e.module).toBe('graphrag.community-report');
    expect(e.reason).toContain(reason);
  });
});
