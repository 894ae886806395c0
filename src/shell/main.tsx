import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { appStore } from '../state/store.ts';
import { rememberActiveCorpus } from '../app/remember-corpus.ts';

rememberActiveCorpus(appStore);
const root = document.getElementById('root');
if (!root) throw new Error('app: #root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
