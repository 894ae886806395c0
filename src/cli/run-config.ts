// One description of what a run's retrievals and answers depend on: the corpus content, the backbone
// with every option that changes a ranking (base, seeding, beam scorer and gamma, embedding model, the
// triple source's content, the LLM a backbone reads with) and the LLM that answers. The resume key
// (trace reuse), the --retrieval-memo identity and each trace's provenance are all read off it, so a
// flag that changes a result cannot be missing from one of them but not the others.
import { createHash } from 'node:crypto';
import { aboutOf, backboneNeedsEmbedder } from '../core/backbones/index.ts';
import type { Dataset } from '../core/types.ts';
import { OFFLINE_THINKER_VERSION } from '../providers/llm/offline-thinker.ts';
import type { EvalArgs } from './args.ts';
import { llmSpecFrom, specLabel, type LlmSpec } from './llm-spec.ts';
import { readTextInput } from './text-input.ts';
import { backboneLlmSpec, cliSpec } from './retriever.ts';
import { corpusFingerprint, type Provenance } from './trace-files.ts';

export interface RunConfig {
  /** SHA-256 of every passage's id, title and text (16 hex). */
  corpus: string;
  /** The backbone and every option that changes its rankings, as one readable line. */
  backbone: string;
}

/** The triple source by content: an OpenIE file's SHA-256 (not its name), or the offline extractor. */
async function tripleSource(openie: string | undefined): Promise<string> {
  if (!openie) return 'offline-extractor';
  const text = await readTextInput('--openie', openie);
  return `openie sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
}

/** An LLM as it matters to a result: its label (no credentials) and, offline, the thinker's version. */
export function llmIdentity(spec: LlmSpec): string {
  if (spec.kind === 'offline') return `${specLabel(spec)} ${OFFLINE_THINKER_VERSION}`;
  if (spec.kind === 'openai') return `${specLabel(spec)}${spec.jsonMode ? '' : ' no-json-mode'}`;
  return specLabel(spec);
}

export async function runConfig(args: EvalArgs, dataset: Dataset): Promise<RunConfig> {
  const name = args.retriever;
  if (!name) return { corpus: corpusFingerprint(dataset.corpus), backbone: '' };
  // Read off the backbone's description and the options the CLI gives it (the same spec it is built from).
  const about = aboutOf(name)!;
  const { base, ...options } = cliSpec(args, name).options ?? {};
  const parts: string[] = [name];
  if (base !== undefined) parts.push(`base=${String(base)}`);
  if (args.model && backboneNeedsEmbedder(name, base !== undefined ? { base } : {})) parts.push(`model=${args.model}`);
  if (about.needs.includes('triples')) parts.push(`triples=${await tripleSource(args.openie)}`);
  for (const [key, value] of Object.entries(options).sort(([a], [b]) => a.localeCompare(b)))
    parts.push(`${key}=${value === undefined ? 'default' : JSON.stringify(value)}`);
  // The LLM inside the backbone (summaries, reports, HippoRAG 2's filter): the one its build will use.
  if (about.usesLlm !== undefined) {
    const spec = backboneLlmSpec(args);
    parts.push(`llm=${spec ? llmIdentity(spec) : 'none'}`);
  }
  if (about.needs.includes('read') && args.llm)
    parts.push(`read=${llmIdentity(llmSpecFrom({ llm: args.llm, ...args.llmRest }))}`);
  return { corpus: corpusFingerprint(dataset.corpus), backbone: parts.join(' ') };
}

/** What a trace made with `llm` under `config` records, and a resumed trace must match. */
export function provenanceOf(config: RunConfig, llm: LlmSpec): Provenance {
  return { corpus: config.corpus, backbone: config.backbone, llm: llmIdentity(llm) };
}
