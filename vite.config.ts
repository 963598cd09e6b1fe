import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import { BULK_RENAME_PAGE } from './src/shared/bulk-page.ts';
import { FIREFOX_MIN_VERSION, firefoxManifest } from './scripts/firefox-manifest.ts';

// The manifest's version follows package.json so a release bumps one place.
import pkg from './package.json' with { type: 'json' };

// Two builds from one source: `vite build` for Chrome in dist/, `vite build --mode firefox` for
// Firefox in dist-firefox/ (npm run build runs both).
export default defineConfig(({ mode }) => {
  const firefox = mode === 'firefox';
  const chromeManifest = { ...manifest, version: pkg.version };
  return {
    plugins: [
      crx({
        manifest: firefox ? firefoxManifest(chromeManifest) : chromeManifest,
        browser: firefox ? 'firefox' : 'chrome',
      }),
    ],
    build: {
      outDir: firefox ? 'dist-firefox' : 'dist',
      emptyOutDir: true,
      sourcemap: false,
      target: firefox ? `firefox${parseInt(FIREFOX_MIN_VERSION)}` : 'chrome116',
      // The rename dialog and the Bulk rename page are opened by the extension, not named in the
      // manifest, so crxjs needs telling.
      rollupOptions: { input: { dialog: 'src/dialog/index.html', bulk: BULK_RENAME_PAGE } },
    },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    server: { host: '127.0.0.1' },
  };
});
