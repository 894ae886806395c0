// Every backbone retriever is built through this one function, so the browser engine worker and the
// Node CLI construct exactly the same retriever for the same inputs (DESIGN: "its numbers must equal
// what the browser shows"). Each backbone's module adds its case; options stay typed per backbone.
import type { Corpus, Retriever } from '../types.ts';
import { HopscopeError } from '../errors.ts';

export const BACKBONES = ['bm25', 'dense', 'hybrid', 'hipporag2'] as const;
export type BackboneName = (typeof BACKBONES)[number];

/** What a backbone may need besides the corpus. Fields are added by the modules that need them. */
export interface BackboneDeps {
  /** Backbone-specific options, shown in the trace; each backbone validates its own. */
  options?: Record<string, unknown>;
}

export async function buildBackbone(name: BackboneName, corpus: Corpus, deps: BackboneDeps = {}): Promise<Retriever> {
  void corpus;
  void deps;
  switch (name) {
    default:
      throw new HopscopeError('retrievers', `backbone "${name}" is not available in this build`);
  }
}

export function isBackboneName(name: string): name is BackboneName {
  return (BACKBONES as readonly string[]).includes(name);
}
