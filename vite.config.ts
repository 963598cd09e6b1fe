import { crx } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// The manifest's version follows package.json so a release bumps one place.
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  plugins: [crx({ manifest: { ...manifest, version: pkg.version } as typeof manifest })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome116',
    // The rename dialog is opened by the worker, not named in the manifest, so crxjs needs telling.
    rollupOptions: { input: { dialog: 'src/dialog/index.html' } },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { host: '127.0.0.1' },
});
