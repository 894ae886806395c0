// One description of what a run's retrievals and answers depend on: the corpus content, the backbone
// with every option that changes a ranking (base, seeding, beam scorer and gamma, embedding model, the
// triple source's content, the LLM a backbone reads with) and the LLM that answers. The resume key
// (trace reuse), the --retrieval-memo identity and each trace's provenance are all read off it, so a
// flag that changes a result cannot be missing from one of them but not the others.
import { createHash } from 'node:crypto';
import { aboutOf, backboneNeedsEmbedder } from '../core/backbones/index.ts';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Dataset } from '../core/types.ts';
import { OFFLINE_THINKER_VERSION } from '../providers/llm/offline-thinker.ts';
import type { EvalArgs } from './args.ts';
import { llmSpecFrom, specLabel, type LlmSpec } from './llm-spec.ts';
import { backboneLlmRole } from '../core/backbones/about.ts';
import { requestTarget } from '../core/llm/base-url.ts';
import type { StructuredMode } from '../core/llm/port.ts';
import { readTextInput } from './text-input.ts';
import { backboneLlmSpec, cliSpec } from './retriever.ts';
import { corpusFingerprint, type Provenance } from './trace-files.ts';

export interface RunConfig {
  /** SHA-256 of every passage's id, title and text (16 hex). */
  corpus: string;
  /** The backbone and every option that changes its rankings, as one readable line. */
  backbone: string;
}

const sha16 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** An input file by content (SHA-256 of its text), never by name: a changed file is another input. */
async function inputHash(flag: string, file: string): Promise<string> {
  return `sha256:${sha16(await readTextInput(flag, file))}`;
}

/** The triple source by content: an OpenIE file's SHA-256 (not its name), or the offline extractor. */
async function tripleSource(openie: string | undefined): Promise<string> {
  if (!openie) return 'offline-extractor';
  return `openie ${await inputHash('--openie', openie)}`;
}

/**
 * An LLM as it matters to a result: everything that was sent. The label (no credentials) for reading,
 * then a hash of the full request target (the base URL's whole path and query, which the label hides:
 * `?deployment=alpha` and `?deployment=beta` are two LLMs), the JSON mode, and the structured-output mode
 * the server was found to support when it is known; offline, the thinker's version.
 */
export function llmIdentity(spec: LlmSpec, structured?: StructuredMode): string {
  if (spec.kind === 'offline') return `${specLabel(spec)} ${OFFLINE_THINKER_VERSION}`;
  if (spec.kind === 'openai')
    return [
      specLabel(spec),
      `target=sha256:${sha16(requestTarget(spec.baseURL))}`,
      ...(spec.jsonMode ? [] : ['no-json-mode']),
      ...(spec.maxTokens !== undefined ? [`max-tokens=${spec.maxTokens}`] : []),
      ...(structured ? [`structured=${structured}`] : []),
    ].join(' ');
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
  if (args.queryNer && about.uses.includes('queryEntities'))
    parts.push(`query-ner=${await inputHash('--query-ner', args.queryNer)}`);
  for (const [key, value] of Object.entries(options).sort(([a], [b]) => a.localeCompare(b)))
    parts.push(`${key}=${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`);
  // The LLM inside the backbone (summaries, reports, HippoRAG 2's filter): the one its build will use.
  // The same function the builder asks (retriever.ts), so what ran is what is keyed.
  if (backboneLlmRole(name, { seed: args.seed }) !== undefined) {
    const spec = backboneLlmSpec(args);
    parts.push(`llm=${spec ? llmIdentity(spec) : 'none'}`);
  }
  if (about.needs.includes('read') && args.llm)
    parts.push(`read=${llmIdentity(llmSpecFrom({ llm: args.llm, ...args.llmRest }))}`);
  return { corpus: corpusFingerprint(dataset.corpus), backbone: parts.join(' ') };
}

/**
 * A replayed LLM by the content of its trace file or folder (every .json/.jsonl file, by name and text,
 * in order), not by its path: the same path holding other traces is another LLM.
 */
async function replayContent(path: string): Promise<string> {
  const h = createHash('sha256');
  const files = (await stat(path)).isDirectory()
    ? (await readdir(path))
        .filter((n) => /\.jsonl?$/.test(n))
        .sort()
        .map((n) => join(path, n))
    : [path];
  for (const f of files)
    h.update(basename(f))
      .update('\0')
      .update(await readTextInput('--llm replay', f))
      .update('\0');
  return `sha256:${h.digest('hex').slice(0, 16)}`;
}

/** What a trace made with `llm` under `config` records, and a resumed trace must match. */
export async function provenanceOf(config: RunConfig, llm: LlmSpec, structured?: StructuredMode): Promise<Provenance> {
  const identity =
    llm.kind === 'replay' ? `${llmIdentity(llm)} ${await replayContent(llm.path)}` : llmIdentity(llm, structured);
  return { corpus: config.corpus, backbone: config.backbone, llm: identity };
}
