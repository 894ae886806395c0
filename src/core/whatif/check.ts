// A run file's branches are checked when it is opened: each must be a branch of this very run (its
// parent's hash and id), of the same question and strategy, diverging at a step the run has and the
// change names; its oracle flag is recomputed from the change, so a branch that reads the gold is
// labelled oracle whatever the file says. A branch that fails a check is refused with the reason.
import { traceBridgeIds } from '../eval/bridge.ts';
import { sha256Hex } from '../llm/hash.ts';
import { traceHash } from '../trace/hash.ts';
import type { Trace } from '../trace/schema.ts';
import { branchStep } from './branch.ts';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length > 0 && a.length === b.length && a.every((x) => b.includes(x));

/** Whether a change reads the gold: it inserts exactly the question's gold passages or its bridge passages. */
function readsGold(parent: Trace, branch: NonNullable<Trace['branch']>): boolean {
  const change = branch.intervention;
  if (change.kind !== 'pool' || !change.insert) return false;
  return sameSet(change.insert.ids, parent.question.gold) || sameSet(change.insert.ids, traceBridgeIds(parent));
}

async function reasonToRefuse(parent: Trace, t: Trace, hash: string): Promise<string | undefined> {
  const b = t.branch;
  if (!b) return 'it records no parent (trace.branch): not a branch';
  if (b.parentId !== parent.id) return `its parent is "${b.parentId}", not this run ("${parent.id}")`;
  // the hash of the run as written now, or (older branches) of its JSON as it was branched
  if (b.parent !== hash && b.parent !== (await sha256Hex(JSON.stringify(parent))))
    return "its parent's hash does not match this run (the run was changed after the branch was made)";
  if (t.question.id !== parent.question.id || t.question.question !== parent.question.question)
    return `it is of question "${t.question.id}", not "${parent.question.id}"`;
  if (t.strategy !== parent.strategy) return `it ran ${t.strategy}, the run ${parent.strategy}`;
  if (b.step < 0 || b.step > parent.events.length)
    return `its step ${b.step} is outside the run's ${parent.events.length} events`;
  try {
    const expected = branchStep(parent, b.intervention);
    if (b.step !== expected) return `its step ${b.step} is not where its change acts (event ${expected})`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return undefined;
}

/** Every branch checked against `parent` (see the file comment): those that passed (oracle flag recomputed), the refused ones with why. */
export async function checkBranches(parent: Trace, branches: readonly Trace[]) {
  const hash = await traceHash(parent);
  const out = { branches: [] as Trace[], refused: [] as { id: string; reason: string }[] };
  for (const t of branches) {
    const reason = await reasonToRefuse(parent, t, hash);
    if (reason) out.refused.push({ id: t.id, reason });
    else
      out.branches.push({ ...t, branch: { ...t.branch!, oracle: t.branch!.oracle || readsGold(parent, t.branch!) } });
  }
  return out;
}
