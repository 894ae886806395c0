// What building a backbone with the configured LLM costs, read off its stand-in build before any call:
// RAPTOR summarises each cluster of its tree, GraphRAG writes a report per community (each descriptor's
// llmBuild says how it counts). A host asks before such a build and says how many calls it makes.
import type { Retriever } from '../types.ts';
import type { BackboneName } from './about.ts';
import { BACKBONE_DESCRIPTORS, BACKBONES } from './index.ts';

export interface LlmBuildCost {
  backbone: BackboneName;
  /** What the LLM writes, e.g. "RAPTOR's summaries". */
  what: string;
  /** LLM calls the build makes (exactly, or about: see `exact`). */
  calls: number;
  exact: boolean;
  /** Where the count comes from, e.g. "one per community". */
  basis: string;
}

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
