import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: fast unit/component tests (jsdom, no network but the fake Grist server on
// 127.0.0.1), and end-to-end tests that drive the built extension in a real Chromium
// (and in Firefox ESR over WebDriver BiDi, test/e2e/firefox.test.ts).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/component/**/*.test.{ts,tsx}', 'test/fake-grist/**/*.test.ts'],
          environment: 'node',
          // Vitest's default is one worker less than the cores: one on a 2-core machine (the CI's),
          // where the files then ran one at a time. Each file is mostly one core's work: two at once.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          setupFiles: ['test/setup/fake-browser.ts', 'test/setup/pending-effects.ts', 'test/setup/resize-observer.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at a time: each starts its own browser profile (a temporary folder) and its
          // own fake Grist on a free port, and a browser mostly waits on pages; one at a time, the
          // second core sat idle.
          maxWorkers: 2,
        },
      },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
