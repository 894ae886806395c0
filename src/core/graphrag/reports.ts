// One report per community (GraphRAG, Edge et al. 2024 §2.4 "community summaries"): an LLM writes it
// from the community's entities and relations (src/prompts/graphrag-community-report.ts, injected), or,
// with no LLM, the labelled extractive report: its most connected entities as the title and its
// heaviest relations as sentences, each with the passages it rests on.
import type { ChatMessage, LlmPort } from '../llm/port.ts';
import type { PhraseGraph } from '../graph/build.ts';
import { edgeKey } from '../graph/build.ts';
import type { Community, CommunityHierarchy } from './communities.ts';
import { throwIfAborted } from '../errors.ts';

export interface CommunityReport {
  community: string;
  level: number;
  title: string;
  text: string;
  /** Corpus indices of the passages whose triples name the community's entities, ascending. */
  passages: number[];
}

/** Indices of graph.facts inside each community (both ends in it), in one pass over the facts. */
function factsByCommunity(
  graph: PhraseGraph,
  hierarchy: Pick<CommunityHierarchy, 'communities' | 'communityOf'>,
): number[][] {
  const out: number[][] = hierarchy.communities.map(() => []);
  const P = graph.passageCount;
  graph.facts.forEach((f, i) => {
    if (f.subject === f.object) return;
    const a = hierarchy.communityOf[f.subject - P]!;
    const b = hierarchy.communityOf[f.object - P]!;
    if (a < 0 || b < 0) return;
    const pa = hierarchy.communities[a]!.parent;
    const pb = hierarchy.communities[b]!.parent;
    if (a === b) out[a]!.push(i);
    if (pa !== undefined && pa === pb) out[pa]!.push(i);
  });
  return out;
}

/** A community's relations, heaviest first: [subject, predicate, object, fact count]. */
function communityRelations(
  graph: PhraseGraph,
  factIds: readonly number[],
  max = 30,
): [string, string, string, number][] {
  const N = graph.csr.nodeCount;
  const out: [string, string, string, number][] = [];
  const seen = new Set<number>();
  for (const i of factIds) {
    const f = graph.facts[i]!;
    const key = edgeKey(f.subject, f.object, N);
    if (seen.has(key)) continue;
    seen.add(key);
    const n = graph.edgeFacts.get(key)?.length ?? 1;
    out.push([
      graph.phrases[f.subject - graph.passageCount]!,
      f.triple.predicate,
      graph.phrases[f.object - graph.passageCount]!,
      n,
    ]);
  }
  out.sort((a, b) => b[3] - a[3]);
  return out.slice(0, max);
}

function communityPassages(graph: PhraseGraph, c: Community): number[] {
  return [...new Set(c.nodes.flatMap((n) => graph.phrasePassages[n - graph.passageCount]!))].sort((a, b) => a - b);
}

export const EXTRACTIVE_REPORT_LABEL =
  'extractive community report (no LLM: top entities and relations, a stand-in for GraphRAG’s LLM reports)';

export interface ReportWriter {
  readonly label: string;
  write(
    graph: PhraseGraph,
    c: Community,
    factIds: readonly number[],
    signal?: AbortSignal,
  ): Promise<{ title: string; text: string }>;
}

export const extractiveReportWriter: ReportWriter = {
  label: EXTRACTIVE_REPORT_LABEL,
  async write(graph, c, factIds) {
    const degree = new Map<number, number>();
    for (const n of c.nodes) degree.set(n, graph.phrasePassages[n - graph.passageCount]!.length);
    const top = [...c.nodes].sort((a, b) => degree.get(b)! - degree.get(a)! || a - b).slice(0, 3);
    const title = top.map((n) => graph.phrases[n - graph.passageCount]!).join(', ');
    const relations = communityRelations(graph, factIds, 12).map(([s, p, o]) => `${s} ${p} ${o}.`);
    return { title, text: `${title}. ${relations.join(' ')}`.trim() };
  },
};

export interface ReportPrompt {
  module: string;
  version: string;
  build(entities: readonly string[], relations: readonly (readonly [string, string, string])[]): ChatMessage[];
  parse(reply: string): { title: string; summary: string; findings: { summary: string; explanation: string }[] };
}

/** The title mark of a report the extractive stand-in wrote because the LLM's reply could not be read. */
export const REPORT_FALLBACK_MARK = '[extractive stand-in: the LLM’s report could not be read] ';

/**
 * An LLM report per community. A reply that cannot be read falls back, for that community only, to the
 * extractive stand-in, marked in its title (MS GraphRAG logs a failed report and goes on); a failed call
 * (server, network, abort) still fails the build.
 */
export function createLlmReportWriter(llm: LlmPort, prompt: ReportPrompt): ReportWriter {
  return {
    label: `LLM community report (${prompt.version}, ${llm.label})`,
    async write(graph, c, factIds, signal) {
      const entities = c.nodes.slice(0, 50).map((n) => graph.phrases[n - graph.passageCount]!);
      const relations = communityRelations(graph, factIds).map(([s, p, o]) => [s, p, o] as const);
      const reply = await llm.complete(
        {
          module: prompt.module,
          messages: prompt.build(entities, relations),
          json: true,
          maxTokens: 800,
          temperature: 0,
        },
        signal,
      );
      let r: ReturnType<ReportPrompt['parse']>;
      try {
        r = prompt.parse(reply.text);
      } catch {
        const stand = await extractiveReportWriter.write(graph, c, factIds, signal);
        return { title: `${REPORT_FALLBACK_MARK}${stand.title}`, text: stand.text };
      }
      return { title: r.title, text: [r.summary, ...r.findings.map((f) => `${f.summary} ${f.explanation}`)].join(' ') };
    },
  };
}

export async function writeReports(
  graph: PhraseGraph,
  hierarchy: CommunityHierarchy,
  writer: ReportWriter = extractiveReportWriter,
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<CommunityReport[]> {
  const out: CommunityReport[] = [];
  const facts = factsByCommunity(graph, hierarchy);
  const total = hierarchy.communities.length;
  for (const [i, c] of hierarchy.communities.entries()) {
    throwIfAborted(signal, 'graphrag.reports');
    onProgress?.(i, total);
    const { title, text } = await writer.write(graph, c, facts[i]!, signal);
    out.push({ community: c.id, level: c.level, title, text, passages: communityPassages(graph, c) });
  }
  onProgress?.(total, total);
  return out;
}
