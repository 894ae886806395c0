// One marking per passage role, the same in every panel: gold = amber star, bridge =
// red diamond. The rank chart draws the same shapes (BumpChart) and its legend names them.
import type { PassageLookup } from '../use-trace-passages.ts';

/** What the panels mark: gold and bridge passages (src/app/trace/bridges.ts), with the passages' titles. */
export type PassageMarks = { gold: ReadonlySet<string>; bridge: ReadonlySet<string>; passages: PassageLookup };

/** The bridge mark when the passage is a bridge (a bridge is gold too), else the gold mark, else nothing. */
export function RoleMark({ id, gold, bridge }: { id: string; gold: ReadonlySet<string>; bridge: ReadonlySet<string> }) {
  const role = bridge.has(id) ? 'bridge' : gold.has(id) ? 'gold' : null;
  if (!role) return null;
  return (
    <span className={`badge badge-${role}`} data-testid={`${role}-mark`}>
      {role === 'bridge' ? '◆' : '★'} {role}
    </span>
  );
}
