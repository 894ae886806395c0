// The backbone list and the one builder every host calls (the engine worker and the CLI): so the
// numbers of `npm run eval` equal what the page shows. A backbone is one descriptor in its own file;
// adding one means adding its file and its entry below.
import { HopscopeError } from '../errors.ts';
import { BACKBONES, EXPANSION_BACKBONE, type BackboneName, type BackboneNeed } from './about.ts';
import type { Retriever } from '../types.ts';
import { bm25Backbone } from './bm25.ts';
import { denseBackbone } from './dense.ts';
import type { BackboneDescriptor, BackboneInputs, BuiltBackbone, LlmBuildRule } from './descriptor.ts';
import { naivegeBackbone, syncgeBackbone } from './graph-expansion.ts';
import { graphragBackbone } from './graphrag.ts';
import { hipporag2Backbone } from './hipporag2.ts';
import { hybridBackbone } from './hybrid.ts';
import { raptorBackbone } from './raptor.ts';
import { assembleWith, type Assembled, type BackboneResources, type BackboneSpec } from './resources.ts';

export const BACKBONE_DESCRIPTORS: Readonly<Record<BackboneName, BackboneDescriptor<never>>> = {
  bm25: bm25Backbone,
  dense: denseBackbone,
  hybrid: hybridBackbone,
  hipporag2: hipporag2Backbone,
  raptor: raptorBackbone,
  graphrag: graphragBackbone,
  naivege: naivegeBackbone,
  syncge: syncgeBackbone,
} as never;

const NEED_TEXT: Record<BackboneNeed, string> = {
  embedder: 'deps.embedder (e.g. --model <folder-or-id>)',
  base: 'deps.base (a Retriever)',
  triples: 'deps.triples (a TripleSet, e.g. from --openie <file>)',
  read: 'deps.read (the read step’s prompt and LLM)',
};

/** A readable option error: "unknown option "k3" (expected k1, b)", "option b must be a number, got "0.4"". */
function optionError(
  name: string,
  raw: Record<string, unknown>,
  issue: { code: string; path: PropertyKey[]; message: string; keys?: string[]; expected?: unknown },
  known: string[],
): string {
  const at = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys')
    return `backbone "${name}": unknown option "${issue.keys?.[0] ?? at}" (expected ${known.join(', ') || 'none'})`;
  if (issue.code === 'invalid_type' && issue.path.length === 1)
    return `backbone "${name}": option ${at} must be a ${String(issue.expected)}, got ${JSON.stringify(raw[at])}`;
  return `backbone "${name}": option ${at || 'options'}: ${issue.message}`;
}

/**
 * Builds the backbone `name` over `inputs.corpus`: checks what it needs, validates its options with its
 * schema, and returns the retriever, how it was obtained and what the trace records about it.
 */
export async function buildBackbone(name: BackboneName, inputs: BackboneInputs): Promise<BuiltBackbone> {
  const d = descriptorOf(name);
  if (!d)
    throw new HopscopeError('backbones', `backbone "${name}" is not available (available: ${BACKBONES.join(', ')})`);
  return buildWith(d, inputs);
}

const descriptorOf = (name: string) =>
  Object.hasOwn(BACKBONE_DESCRIPTORS, name)
    ? (BACKBONE_DESCRIPTORS as Record<string, BackboneDescriptor<Record<string, unknown>>>)[name]
    : undefined;

async function buildWith(
  d: BackboneDescriptor<Record<string, unknown>>,
  inputs: BackboneInputs,
): Promise<BuiltBackbone> {
  const name = d.name;
  const missing = d.needs.filter((n) =>
    n !== 'triples' ? inputs[n] === undefined : !inputs.triples && !inputs.graph && !inputs.tripleIndex,
  );
  if (missing.length > 0)
    throw new HopscopeError('backbones', `backbone "${name}" needs ${missing.map((n) => NEED_TEXT[n]).join(' and ')}`);
  const raw = inputs.options ?? {};
  const parsed = d.options.safeParse(raw);
  if (!parsed.success)
    throw new HopscopeError('backbones', optionError(name, raw, parsed.error.issues[0] as never, optionNames(d)));
  const built = await d.build(inputs, parsed.data);
  return {
    ...built,
    summary: d.summary?.(built.retriever) ?? `${name}: ${built.built}`,
    traceOptions: { ...built.traceOptions, ...(built.built ? { built: built.built } : {}) },
  };
}

/** The one path every host takes: the backbone `spec` built from what the host's resources supply. */
export const assembleBackbone = assembleWith(descriptorOf, buildWith);

/**
 * The backbone a strategy runs over, the same in every host: GEAR needs graph expansion, so over naivege
 * or syncge it runs as is, and over any other backbone it runs over NaiveGE with that backbone as its
 * base (GEAR §3: graph expansion sits on any base retriever). Every other strategy runs over the backbone.
 */
export async function strategyBackbone(
  needsGraphExpansion: boolean,
  spec: BackboneSpec,
  res: BackboneResources,
  geOptions: Record<string, unknown> = {},
): Promise<Assembled> {
  const backbone = await assembleBackbone(spec, res);
  if (!needsGraphExpansion || isGraphExpansion(backbone.name)) return backbone;
  const ge = await assembleBackbone({ name: EXPANSION_BACKBONE, options: { ...geOptions, base: spec } }, res);
  return {
    ...ge,
    built: backbone.built,
    traceOptions: {
      ...backbone.traceOptions,
      graphExpansion: `${EXPANSION_BACKBONE} over ${backbone.name}`,
      tripleSource: ge.traceOptions.triples,
      beamScorer: ge.traceOptions.beamScorer,
      tripleIndex: ge.traceOptions.tripleIndex ?? ge.built,
    },
  };
}

/** The option names a backbone's schema accepts (its own, not its base's). */
export const backboneOptionNames = (name: string): string[] => optionNames(descriptorOf(name));

const optionNames = (d: BackboneDescriptor<Record<string, unknown>> | undefined): string[] =>
  Object.keys((d?.options as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** naivege and syncge are GEAR's graph expansion itself. */
export const isGraphExpansion = (name: string): boolean => name === 'naivege' || name === 'syncge';

// What building a backbone with the configured LLM costs, read off its stand-in build before any call
// (each descriptor's llmBuild says how it counts). A host asks before such a build and says how many calls it makes.
export type LlmBuildCost = { backbone: BackboneName; what: string } & ReturnType<LlmBuildRule['calls']>;

/** The backbones whose kept build calls the configured LLM, in the pickers' order. */
export const LLM_BUILT_BACKBONES: readonly BackboneName[] = BACKBONES.filter(
  (name) => BACKBONE_DESCRIPTORS[name].llmBuild !== undefined,
);

/** What the LLM writes in backbone `name`'s build (undefined when its build calls none). */
export const llmBuildWhat = (name: BackboneName): string | undefined => BACKBONE_DESCRIPTORS[name].llmBuild?.what;

/** The cost of building `name` with the LLM, counted on its stand-in build (undefined when it calls none). */
export function llmBuildCost(name: BackboneName, standIn: Retriever): LlmBuildCost | undefined {
  const rule = BACKBONE_DESCRIPTORS[name].llmBuild;
  return rule && { backbone: name, what: rule.what, ...rule.calls(standIn) };
}

export type { Assembled, BackboneResources, BackboneSpec } from './resources.ts';
export {
  BACKBONES,
  DEFAULT_BACKBONE,
  GRAPH_BACKBONE,
  backboneNeedsEmbedder,
  aboutOf,
  backbonesWhere,
} from './about.ts';
export type { BackboneName } from './about.ts';
export type { BackboneInputs, BuiltBackbone, BuildProgress } from './descriptor.ts';
