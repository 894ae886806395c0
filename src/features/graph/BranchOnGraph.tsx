// The graph view's branch comparison: pick one of the shown run's what-if branches, and the passages of
// the final top 5 that only the branch or only the original reached are tagged on the graph and listed.
import type { BranchEntry } from '../../app/whatif-store.ts';
import { BRANCH_TOP, type BranchPath } from './branch-path.ts';

interface BranchPickerProps {
  branches: readonly BranchEntry[];
  value: string | null;
  onChange(key: string | null): void;
}

export function BranchPicker({ branches, value, onChange }: BranchPickerProps) {
  const done = branches.filter((b) => b.trace);
  if (done.length === 0) return null;
  return (
    <label className="field field-inline">
      <span>Branch</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        data-testid="graph-branch-picker"
        title="Tag the passages only the branch or only the original has in its final top 5"
      >
        <option value="">original only</option>
        {done.map((b) => (
          <option key={b.key} value={b.key}>
            against {b.label}
            {b.trace?.branch?.oracle ? ' (oracle)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

interface BranchOnGraphProps {
  label: string;
  path: BranchPath;
  inView: ReadonlySet<string>;
  titleOf(id: string): string;
}

export function BranchOnGraph({ label, path, inView, titleOf }: BranchOnGraphProps) {
  const list = (ids: readonly string[], kind: string) =>
    ids.length === 0 ? (
      <li className="muted">none</li>
    ) : (
      ids.map((id) => (
        <li key={id} data-testid={`graph-branch-${kind}`} data-id={id}>
          {titleOf(id)}
          {!inView.has(id) && <span className="muted"> (not in view)</span>}
        </li>
      ))
    );
  return (
    <section data-testid="graph-branch">
      <h3>
        Branch {label} against the original (final top {BRANCH_TOP})
      </h3>
      <p className="muted">Tagged on the graph: “branch only” and “original only”.</p>
      <h4>Only the branch</h4>
      <ul className="node-list">{list(path.branchOnly, 'only')}</ul>
      <h4>Only the original</h4>
      <ul className="node-list">{list(path.originalOnly, 'lost')}</ul>
      <p className="muted" data-testid="graph-branch-both">
        Both: {path.both.length} passage(s)
      </p>
    </section>
  );
}
