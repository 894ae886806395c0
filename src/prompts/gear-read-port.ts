// GEAR's J.2 reader (gear-reader.ts) as core's ProximalReadPrompt port: SyncGE's read step (Eq. 1) and
// the GEAR agent's gist read (Eq. 4) both use it; core may not import prompts, hosts pass this object.
import type { ProximalReadPrompt } from '../core/retrievers/graph-expansion.ts';
import * as reader from './gear-reader.ts';

export const GEAR_READ_PROMPT: ProximalReadPrompt = {
  module: reader.module,
  version: reader.version,
  build: (query, passages, gist = []) => reader.build(query, passages, gist),
  parse: reader.parse,
  form: (r) => reader.read(r).form,
};
