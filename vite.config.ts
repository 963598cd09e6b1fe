import { crx } from '@crxjs/vite-plugin';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build as bundle, type Plugin as RolldownPlugin } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import { BULK_CHANGES_PAGE } from './src/page-shared/bulk-page.ts';
import { FIREFOX_MIN_VERSION, firefoxManifest } from './scripts/firefox-manifest.ts';

// The manifest's version follows package.json so a release bumps one place.
import pkg from './package.json' with { type: 'json' };

/** The popup's sources, absolute. */
const POPUP = resolve('src/popup');

/**
 * The popup's scripts, bundled on their own: `assets/first-screen.js`, which imports the popup's
 * code, `assets/main.js`, once it has drawn the first screen (first-screen-entry.ts); the popup's
 * index.html names the first, with `vite-ignore`. In the main build the popup
 * shared chunks with every other page and loaded ten files: each a request to the browser,
 * compressed on its own, and 4 KB (gzip) more than the same code in one file. What it loads on
 * demand comes in a few chunks of their own: the parts the views show on demand (onDemandChunk),
 * the changes, the sentence a refresh ends with, the next popup's first screen.
 */
function popupScripts(outDir: string, target: string, mode: string): Plugin {
  return {
    name: 'popup-scripts',
    apply: 'build',
    async writeBundle() {
      await bundle({
        input: { 'first-screen': 'src/popup/first-screen/first-screen-entry.ts', main: 'src/popup/main.tsx' },
        // Lets the lazy chunks (history, undo offer) import what they share from main.js rather than
        // have it moved to a chunk of its own, one more file for every popup.
        preserveEntrySignatures: 'allow-extension',
        platform: 'browser',
        plugins: [onDemandChunk()],
        // The mode as Vite gives it to the other pages' code: what the Chrome build may leave out.
        transform: { target, jsx: { runtime: 'automatic', importSource: 'preact' }, define: { 'import.meta.env.MODE': JSON.stringify(mode) } },
        output: { dir: outDir, format: 'es', minify: true, comments: false, entryFileNames: 'assets/[name].js', chunkFileNames: 'assets/[name].js' },
      });
    },
  };
}

/**
 * The popup's parts shown on demand in one chunk, `assets/on-demand.js`, as before the views
 * imported each their own (on-demand/lazy.tsx): the popup loads them all once idle (main.tsx), one
 * request, not ten. Each `onDemand(() => import('…'))` of a popup module is built as an import of
 * one module that re-exports every such part (found in the popup's sources as the build starts).
 * Not rolldown's `codeSplitting.groups`: with a dynamic import per part, rolldown (1.2 and 1.3)
 * leaves what main.js shares with them and with the changes (i18n, preact) in chunks of their
 * own, which the popup would then load as it opens.
 */
function onDemandChunk(): RolldownPlugin {
  // Named as the chunk it becomes; no file has this name, so nothing else resolves it.
  const PARTS = 'on-demand';
  // As the views declare them: `const Part = onDemand(() => import('./part.tsx')…` (not in comments).
  const partImport = /= onDemand\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;
  /** Each part's module (absolute path) and its name among the parts. */
  const parts = new Map<string, string>();
  const eachPart = (code: string, file: string, found: (module: string, call: string) => void) => {
    for (const [call, specifier] of code.matchAll(partImport)) found(resolve(dirname(file), specifier!), call);
  };
  return {
    name: 'on-demand-chunk',
    buildStart() {
      parts.clear();
      for (const file of readdirSync(POPUP, { recursive: true, encoding: 'utf8' })) {
        if (/[.]tsx?$/.test(file)) eachPart(readFileSync(join(POPUP, file), 'utf8'), join(POPUP, file), (module) => parts.has(module) || parts.set(module, `part${parts.size}`));
      }
    },
    resolveId: (id) => (id === PARTS ? PARTS : null),
    load: (id) => (id === PARTS ? [...parts].map(([module, name]) => `export * as ${name} from ${JSON.stringify(module)};`).join('\n') : null),
    transform(code, id) {
      if (!id.startsWith(POPUP)) return null;
      let built = code;
      eachPart(code, id, (module, call) => (built = built.replace(call, `= onDemand(() => import(${JSON.stringify(PARTS)}).then((parts) => parts.${parts.get(module)})`)));
      return built === code ? null : built;
    },
    // A part loaded some other way would be a chunk of its own, one more request: said, not built.
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isDynamicEntry && /[\\/]src[\\/]popup[\\/](list|panels|status)[\\/]/.test(chunk.facadeModuleId ?? '')) {
          this.error(`${chunk.facadeModuleId} is loaded on demand on its own: declare it as \`const Part = onDemand(() => import('…'))\``);
        }
      }
    },
  };
}

// Two builds from one source: `vite build` for Chrome in dist/, `vite build --mode firefox` for
// Firefox in dist-firefox/ (npm run build runs both).
export default defineConfig(({ mode }) => {
  const firefox = mode === 'firefox';
  const chromeManifest = { ...manifest, version: pkg.version };
  const outDir = firefox ? 'dist-firefox' : 'dist';
  const target = firefox ? `firefox${parseInt(FIREFOX_MIN_VERSION)}` : 'chrome116';
  return {
    plugins: [
      popupScripts(outDir, target, mode),
      crx({
        manifest: firefox ? firefoxManifest(chromeManifest) : chromeManifest,
        browser: firefox ? 'firefox' : 'chrome',
      }),
    ],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      target,
      // Every browser the extension supports has modulepreload: no polyfill in every page.
      modulePreload: { polyfill: false },
      // The document window and the Bulk changes page are opened by the extension, not named in the
      // manifest, so crxjs needs telling.
      rollupOptions: { input: { 'document-window': 'src/document-window/index.html', bulk: BULK_CHANGES_PAGE } },
    },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    server: { host: '127.0.0.1' },
  };
});
