// Lint rules keep the extension's contexts apart: pages never import background code (the
// background alone holds the API key and calls the network), the background never imports page
// code, and shared/ imports neither. Cycles and upward imports: .dependency-cruiser.cjs.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// Every folder of src/ but the worker's and shared/ is page code (the popup, the options, the
// document window, the Bulk changes page, the views they share and page-shared/): read from the
// tree, so a new page folder is covered the day it is made.
const PAGE_FOLDERS = readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'background' && entry.name !== 'shared')
  .map((entry) => entry.name);
/** How deep the worker's and shared/'s files go below their folder (src/background/changes/x.ts: 1). */
const MOST_DEPTH = 4;

/**
 * One lint block per depth of `context`'s files, forbidding imports of `folders`. By the import's
 * text, as the rule reads it: from src/<context>/ at `depth` folders down, `../` once per folder
 * and once more reaches src/, so the worker's own `background/bulk/` is not taken for the page's
 * `bulk/`.
 */
function forbidFolders(context, folders, others, message) {
  return Array.from({ length: MOST_DEPTH + 1 }, (_, depth) => ({
    files: [`src/${context}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: [...folders.map((folder) => `${'../'.repeat(depth + 1)}${folder}/**`), ...others], message }] }],
    },
  }));
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-firefox/', 'artifacts/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Scripts report to the terminal.
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: PAGE_FOLDERS.map((folder) => `src/${folder}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/background/**'], message: 'Pages talk to the background only through messages.' },
            { group: ['**/shared/storage/storage-items.ts'], importNames: ['apiKeysItem'], message: 'Only the background worker reads the API key.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only the background worker calls the network.' }],
    },
  },
  ...forbidFolders('background', PAGE_FOLDERS, ['preact', 'preact/*', '@preact/*'], 'The background has no UI: it imports no page code.'),
  ...forbidFolders('shared', ['background', ...PAGE_FOLDERS], [], 'shared/ depends on no context.'),
);
