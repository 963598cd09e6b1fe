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
const POPUP_LAYERS = ['first-screen', 'list', 'panels', 'menu', 'status', 'on-demand', 'icons', 'changes', 'reads', 'sync', 'focus'];

/**
 * shared/'s folders, top to bottom: what is stored (read back with the rules and the protocol's
 * types), the pure rules (over the protocol's types), the protocol (the messages and what they
 * carry); shared/'s own files (i18n.ts, extension-api.ts) under them all.
 */
const SHARED_LAYERS = ['storage', 'rules', 'protocol'];

/**
 * The worker's folders, top to bottom, the same way: a folder imports only the folders under it.
 * Above them all: index.ts and message-router.ts, which wire them (no-upward); under them all, the
 * worker's own ground (pacing.ts, log-failure.ts, storage-writes.ts). settings/ holds the removal
 * of an account, which empties the bulk runs and the kept copies; the bulk runs run changes; the
 * document window and the address bar make changes; pages/ reads and opens a document's pages
 * (the address bar opens them too) and notes the open (opened/); changes/ (the pipeline, undo, and kinds/, the
 * one registry of kinds) reads who has access (sharing/) and writes the cached listing; the
 * listing records the hosts a key may go to (key-scope/, which also keeps the Origin rule and the
 * menus on those hosts); everything talks to Grist (grist/).
 */
const BACKGROUND_LAYERS = ['settings', 'bulk', 'downloads', 'omnibox', 'document-window', 'pages', 'opened', 'changes', 'sharing', 'listing', 'change-log', 'key-scope', 'grist'];

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
    // The worker's, the same way (BACKGROUND_LAYERS).
    ...BACKGROUND_LAYERS.slice(1).map((folder, index) => ({
      name: `background-layers-${folder}`,
      comment: `src/background/${folder}/ never imports a worker folder above it (${BACKGROUND_LAYERS.slice(0, index + 1).join(', ')}): the worker's folders are layers (BACKGROUND_LAYERS).`,
      severity: 'error',
      from: { path: `^src/background/${folder}/` },
      to: { path: `^src/background/(${BACKGROUND_LAYERS.slice(0, index + 1).join('|')})/` },
    })),
    {
      name: 'background-folders-layered',
      comment: 'Every worker folder has its place in BACKGROUND_LAYERS: a new one is placed there, not left out of the check.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/background/[^/]+/[^/]+$', pathNot: `^src/background/(${BACKGROUND_LAYERS.join('|')})/` },
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
      name: 'worker-code-in-the-worker',
      comment:
        'What only the background worker runs (src/background/: the key, the network, the change log as written) is imported by nothing outside it: pages talk to it through messages, and shared/ and page-shared/ are below it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/background/' },
      to: { path: '^src/background/' },
    },
    {
      name: 'page-shared-below-the-pages',
      comment:
        "src/page-shared/ holds what the pages share (the backend client, their css, Escape, relative time): below every page, it imports only itself and shared/; and neither the worker nor shared/ imports it.",
      severity: 'error',
      from: { path: '^src/page-shared/' },
      to: { path: '^src/', pathNot: '^src/(page-shared|shared)/' },
    },
    {
      name: 'page-shared-for-pages-only',
      comment: 'src/page-shared/ is for the pages: the worker and shared/ never import it.',
      severity: 'error',
      from: { path: '^src/(background|shared)/' },
      to: { path: '^src/page-shared/' },
    },
    {
      name: 'shared-below-every-context',
      comment: 'src/shared/ (the protocol, the stored items, the rules), which every context may import, imports none of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    // One rule per folder of shared/: nothing below it imports it.
    ...SHARED_LAYERS.map((folder, index) => ({
      name: `shared-layers-${folder}`,
      comment: `src/shared/${folder}/ is imported by no part of shared/ under it (${[...SHARED_LAYERS.slice(index + 1).map((below) => `${below}/`), "shared/'s own files"].join(', ')}): shared/'s folders are layers (SHARED_LAYERS).`,
      severity: 'error',
      from: { path: `^src/shared/(${[...SHARED_LAYERS.slice(index + 1).map((below) => `${below}/`), '[^/]+$'].join('|')})` },
      to: { path: `^src/shared/${folder}/` },
    })),
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
