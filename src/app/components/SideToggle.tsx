import { useAppStore } from '../../state/use-app-store.ts';

/** Folds the page's side panels away (or back), so the main panels get the whole width. */
export function SideToggle({ controls }: { controls: string }) {
  const collapsed = useAppStore((s) => s.sideCollapsed);
  const setCollapsed = useAppStore((s) => s.setSideCollapsed);
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small side-toggle"
      data-testid="side-toggle"
      aria-expanded={!collapsed}
      aria-controls={controls}
      onClick={() => setCollapsed(!collapsed)}
    >
      {collapsed ? 'Show side panels' : 'Hide side panels'}
    </button>
  );
}
