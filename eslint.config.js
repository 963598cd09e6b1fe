// Lint rules keep the extension's contexts apart: pages never import background code (the
// background alone holds the API key and calls the network) and the background never imports UI.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['src/popup/**', 'src/options/**', 'src/document-window/**', 'src/history/**', 'src/bulk/**', 'src/listing-view/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/background/**'], message: 'Pages talk to the background only through messages.' }],
          paths: [
            {
              name: '../shared/storage-items.ts',
              importNames: ['apiKeysItem'],
              message: 'Only the background worker reads the API key.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only the background worker calls the network.' }],
    },
  },
  {
    files: ['src/background/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/popup/**', '**/options/**', '**/dialog/**', '**/listing-view/**', 'preact', 'preact/*', '@preact/*'], message: 'The background has no UI.' }] },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/background/**', '**/popup/**', '**/options/**', '**/dialog/**', '**/history/**', '**/bulk/**', '**/listing-view/**'], message: 'shared/ depends on no context.' }] },
      ],
    },
  },
);
