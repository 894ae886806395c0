// Import boundaries from docs/ARCHITECTURE.md, enforced per folder with no-restricted-imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const group = (patterns, message) => ({ group: patterns, message });

const UI = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*', 'sigma', 'sigma/*'];
const DEXIE = ['dexie', 'dexie/*'];
const HEAVY = ['openai', 'openai/*', '@huggingface/transformers', 'onnxruntime-web', 'onnxruntime-web/*'];
const up = (dirs) => dirs.flatMap((d) => [`**/${d}/**`, `**/${d}`]);

/** Every feature folder, read from disk so a new feature is fenced in without editing this file. */
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const restrict = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'public/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/app/**', 'src/shell/**', 'src/features/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/core/**'],
    rules: restrict(
      group(
        [...UI, ...DEXIE, ...HEAVY],
        'core is pure TypeScript: no DOM libraries, React, Dexie, openai or transformers.js',
      ),
      group(
        up(['prompts', 'providers', 'storage', 'state', 'app', 'shell', 'features', 'cli']).concat('**/workers/**'),
        'core imports only core',
      ),
    ),
  },
  {
    files: ['src/prompts/**'],
    rules: restrict(
      group([...UI, ...DEXIE, ...HEAVY], 'prompts import only core types and zod'),
      group(
        up(['providers', 'storage', 'state', 'app', 'shell', 'features', 'cli']).concat('**/workers/**'),
        'prompts import only core',
      ),
    ),
  },
  {
    files: ['src/providers/**'],
    rules: restrict(
      group([...UI, ...DEXIE], 'providers never import React or Dexie'),
      group(
        up(['storage', 'state', 'app', 'shell', 'features', 'cli']).concat('**/workers/**'),
        'providers import core, prompts and other providers only',
      ),
    ),
  },
  {
    files: ['src/storage/**'],
    rules: restrict(
      group([...UI, ...HEAVY], 'storage imports core types and dexie only'),
      group(
        up(['prompts', 'providers', 'state', 'app', 'shell', 'features', 'cli']).concat('**/workers/**'),
        'storage imports core only',
      ),
    ),
  },
  {
    files: ['workers/**'],
    rules: restrict(
      group(UI, 'workers never import UI libraries'),
      group(
        up(['state', 'app', 'shell', 'features', 'cli']),
        'workers import core, prompts, providers and storage only',
      ),
    ),
  },
  {
    files: ['src/engine/**'],
    rules: restrict(
      group(
        [...UI, ...DEXIE],
        'the engine layer is host-neutral (page worker and Node tests): no UI libraries, no Dexie (stores come in as core ports)',
      ),
      group(
        up(['storage', 'state', 'app', 'shell', 'features', 'cli']).concat('**/*.worker.ts'),
        'the engine imports core, prompts and providers only; its contract is src/engine/engine-api.ts',
      ),
    ),
  },
  {
    files: ['src/cli/**'],
    rules: restrict(
      group([...UI, ...DEXIE], 'the CLI runs in Node: no React or Dexie'),
      group(
        up(['storage', 'state', 'app', 'shell', 'features']).concat('**/workers/**'),
        'the CLI imports core, prompts and providers only',
      ),
    ),
  },
  {
    files: ['src/state/**'],
    rules: restrict(group(up(['app', 'shell', 'features', 'cli']), 'state holds UI state slices only')),
  },
  {
    files: ['src/app/**'],
    rules: restrict(
      group(up(['features', 'shell']), 'src/app is shared by the features; only the shell (src/shell) composes them'),
      group(
        ['**/storage/**', '**/providers/**', '**/cli/**'].concat(DEXIE),
        'src/app reaches storage and providers through the worker clients',
      ),
    ),
  },
  {
    files: ['src/shell/**'],
    rules: restrict(
      group(
        ['**/storage/**', '**/providers/**', '**/cli/**'].concat(DEXIE),
        'the shell reaches storage and providers through the worker clients',
      ),
    ),
  },
  ...FEATURES.map((f) => ({
    files: [`src/features/${f}/**`],
    rules: restrict(
      group(
        FEATURES.filter((o) => o !== f).flatMap((o) => [
          `**/features/${o}/**`,
          `**/features/${o}`,
          `../${o}/**`,
          `../${o}`,
        ]),
        'features do not import each other (not even by a relative path); share through src/app or src/state',
      ),
      group(
        ['**/storage/**', '**/providers/**'].concat(DEXIE),
        'features reach storage and providers through app worker clients and query factories',
      ),
    ),
  })),
  {
    // A dynamic import() would load providers (or anything) on the main thread past the rules above.
    files: ['src/app/**', 'src/shell/**', 'src/features/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression',
          message:
            'no dynamic import() in the page: providers are reached through the engine worker (src/engine/engine-api.ts)',
        },
      ],
    },
  },
  {
    files: ['bench/**'],
    rules: restrict(
      group(['**/test/**', '../test/**'], 'benchmarks do not import the test suite: shared helpers live in harness/'),
    ),
  },
);
