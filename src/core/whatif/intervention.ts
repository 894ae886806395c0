// What a what-if branch changes in a finished run, and where. A branch replays its parent up to the
// step the change names (no LLM call) and runs live from there, so any difference it shows comes from
// the change (branch.ts). Every kind is generic: it acts on the run context (retrievals, the shared
// pool update, recorded thoughts, LLM replies, options), never inside one strategy's code.
import { type Intervention } from '../trace/branch.ts';

export { branchRecord, intervention, type BranchRecord, type Intervention } from '../trace/branch.ts';

/** A one-line description of an intervention for lists and captions. */
export function describeIntervention(i: Intervention): string {
  switch (i.kind) {
    case 'rerun':
      return `rerun from round ${i.round} (no change)`;
    case 'pool': {
      const parts = [];
      if (i.insert)
        parts.push(
          `insert ${i.insert.ids.join(', ')} ${i.insert.score !== undefined ? `with score ${i.insert.score}` : `at rank ${i.insert.rank ?? 1}`}`,
        );
      if (i.drop?.length) parts.push(`drop ${i.drop.join(', ')}`);
      return `${parts.join(' and ') || 'no pool change'} after round ${i.round}'s merge`;
    }
    case 'text':
      return `round ${i.round}: "${i.from}" → "${i.to}"`;
    case 'reply':
      return `LLM call ${i.call + 1} answers ${i.note ?? JSON.stringify(i.text)}`;
    case 'options':
      return `from round ${i.round}: ${Object.entries(i.options)
        .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
        .join(', ')}`;
  }
}
