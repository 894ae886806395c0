import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { InspectorPage } from '../features/inspector/InspectorPage.tsx';
import { EngineContext, sharedEngine, type EngineClient } from './engine-client.ts';
import './app.css';

export function App({ engine = sharedEngine(), queryClient }: { engine?: EngineClient; queryClient?: QueryClient }) {
  // One client per mounted app; errors are shown where they happen, so no automatic retries.
  const [client] = useState(() => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <EngineContext.Provider value={engine}>
        <div className="app">
          <header className="app-header">
            <h1>Hopscope</h1>
            <p className="tagline">iterative multi-hop retrieval, one round at a time</p>
          </header>
          <main className="app-main">
            <InspectorPage />
          </main>
        </div>
      </EngineContext.Provider>
    </QueryClientProvider>
  );
}
