/**
 * The import rules of src/ that lint's per-file rules cannot see (eslint.config.js keeps the
 * contexts apart): no import in a circle, however far round, and none upward, each module below
 * the ones that wire it. Run by `npm run lint` (dependency-cruiser reads the import graph,
 * type-only imports included, as TypeScript resolves it).
 */
/**
 * The popup's folders, top to bottom: a folder imports only the folders under it, so no import
 * runs back up (a part a view shows on demand is imported by that view, by import(), not by a
 * module below it). Above them all: main.tsx and app.tsx, which wire them; store.ts and
 * store-types.ts sit between the views and what the store runs (popup-state-below-views).
 */
const POPUP_LAYERS = ['first-screen', 'list', 'panels', 'menu', 'status', 'on-demand', 'icons', 'changes', 'sync', 'focus'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A module never imports itself back, however far round: each folder is a layer over the ones it imports.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-entry-imported',
      comment:
        "A context's entry (the worker's index.ts, a page's main.tsx) is its top: nothing imports it (the popup's first-screen script loads main.tsx by a name it is given, not an import).",
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/(background/index[.]ts|[^/]+/main[.]tsx)$' },
    },
    {
      name: 'no-upward',
      comment:
        'A module in a subfolder (src/popup/list/, src/background/changes/) never imports the top of its tree: the wiring (index.ts, message-router.ts, main.tsx), the view (app.tsx) and the state (store.ts) that load it.',
      severity: 'error',
      from: { path: '^src/([^/]+)/[^/]+/' },
      to: { path: '^src/$1/(index[.]ts|message-router[.]ts|main[.]tsx|app[.]tsx|store[.]ts)$' },
    },
    {
      name: 'popup-state-below-views',
      comment:
        "The popup's state (store.ts, store-types.ts) and what it runs (changes/, sync/, focus/) sit below the views: they never import list/, panels/, status/, first-screen/ or on-demand/, which load them.",
      severity: 'error',
      from: { path: '^src/popup/(store[.]ts|store-types[.]ts|changes/|sync/|focus/)' },
      to: { path: '^src/popup/(list|panels|status|first-screen|on-demand)/' },
    },
    // One rule per folder: nothing in it imports a folder above it, import() included.
    ...POPUP_LAYERS.slice(1).map((folder, index) => ({
      name: `popup-layers-${folder}`,
      comment: `src/popup/${folder}/ never imports a popup folder above it (${POPUP_LAYERS.slice(0, index + 1).join(', ')}): the popup's folders are layers (POPUP_LAYERS).`,
      severity: 'error',
      from: { path: `^src/popup/${folder}/` },
      to: { path: `^src/popup/(${POPUP_LAYERS.slice(0, index + 1).join('|')})/` },
    })),
    {
      name: 'popup-folders-layered',
      comment: 'Every popup folder has its place in POPUP_LAYERS: a new one is placed there, not left out of the check.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/popup/[^/]+/[^/]+$', pathNot: `^src/popup/(${POPUP_LAYERS.join('|')})/` },
    },
    {
      name: 'page-changes-below-pages',
      comment:
        "src/page-changes/ (the one lifecycle of a page's changes) is imported by every page, so it imports none: only shared/ and itself (a page's own steps stay in that page's folder).",
      severity: 'error',
      from: { path: '^src/page-changes/' },
      to: { path: '^src/', pathNot: '^src/(shared|page-changes)/' },
    },
    {
      name: 'document-window-not-popup',
      comment: 'The document window is a page of its own: what it shares with the popup lives in a folder both import (page-changes/, shared/), never in src/popup/.',
      severity: 'error',
      from: { path: '^src/document-window/' },
      to: { path: '^src/popup/' },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the cruiser cannot resolve is an import these rules cannot check.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
