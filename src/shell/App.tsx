import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { InspectorPage } from '../features/inspector/InspectorPage.tsx';
import { StepKeys } from '../features/inspector/StepKeys.tsx';
import { GraphPage } from '../features/graph/GraphPage.tsx';
import { ComparePage } from '../features/compare/ComparePage.tsx';
import { BatchPage } from '../features/batch/BatchPage.tsx';
import { LibraryPage } from '../features/corpus/LibraryPage.tsx';
import { SettingsView } from './SettingsView.tsx';
import { StorageNotice } from './StorageNotice.tsx';
import { WorkspaceKeeper } from '../app/workspace/WorkspaceKeeper.tsx';
import { useAppStore } from '../state/use-app-store.ts';
import { VIEWS, type View } from '../state/view-slice.ts';
import { EngineContext, sharedEngine, type EngineClient } from '../app/engine-client.ts';
import '../app/app.css';

export function App({ engine = sharedEngine(), queryClient }: { engine?: EngineClient; queryClient?: QueryClient }) {
  // One client per mounted app; errors are shown where they happen, so no automatic retries.
  const [client] = useState(
    () =>
      queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <EngineContext.Provider value={engine}>
        <AppFrame>
          <StepKeys />
          <WorkspaceKeeper />
          <header className="app-header">
            <h1>Hopscope</h1>
            <p className="tagline">iterative multi-hop retrieval, one round at a time</p>
            <Tabs />
            <PresentToggle />
          </header>
          <main className="app-main" id="main">
            <StorageNotice />
            <CurrentView />
          </main>
        </AppFrame>
      </EngineContext.Provider>
    </QueryClientProvider>
  );
}

/** The app's frame; presentation mode is a class on it (type, charts and width scale from there). */
function AppFrame({ children }: { children: ReactNode }) {
  const presenting = useAppStore((s) => s.presenting);
  const collapsed = useAppStore((s) => s.sideCollapsed);
  return <div className={`app${presenting ? ' presenting' : ''}${collapsed ? ' side-collapsed' : ''}`}>{children}</div>;
}

function PresentToggle() {
  const presenting = useAppStore((s) => s.presenting);
  const setPresenting = useAppStore((s) => s.setPresenting);
  return (
    <button
      type="button"
      className="present-toggle"
      data-testid="present-toggle"
      aria-pressed={presenting}
      onClick={() => setPresenting(!presenting)}
      title="Larger type and charts over the full width, for a projector"
    >
      {presenting ? 'Exit presentation' : 'Present'}
    </button>
  );
}

/** Each view's tab label and page. */
const VIEW_PAGES: Record<View, [label: string, Page: () => ReactNode]> = {
  library: ['Library', LibraryPage],
  inspector: ['Inspector', InspectorPage],
  graph: ['Graph', GraphPage],
  compare: ['Compare', ComparePage],
  batch: ['Batch', BatchPage],
  settings: ['Settings', SettingsView],
};

function Tabs() {
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  return (
    <nav className="tabs" aria-label="Views">
      {VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          data-testid={`tab-${v}`}
          aria-current={view === v ? 'page' : undefined}
          onClick={() => setView(v)}
        >
          {VIEW_PAGES[v][0]}
        </button>
      ))}
    </nav>
  );
}

function CurrentView() {
  const [, Page] = VIEW_PAGES[useAppStore((s) => s.view)];
  return <Page />;
}
