/**
 * Loads the built extension (`dist/`) into Debian's Chromium through playwright-core, the way a
 * user would load it unpacked, and finds its id from the service worker's URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const DIST = resolve(import.meta.dirname, '../../dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LoadedExtension {
  context: BrowserContext;
  worker: Worker;
  id: string;
  /** Opens an extension page (`src/popup/index.html`, ...) in a new tab. */
  openPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** Starts a fresh browser profile with the extension. `args`: extra Chromium switches. */
export async function loadExtension(args: string[] = []): Promise<LoadedExtension> {
  const profile = await mkdtemp(join(tmpdir(), 'grist-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Playwright disables extensions by default; ours must load.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      `--disable-extensions-except=${DIST}`,
      `--load-extension=${DIST}`,
      // This machine has no outside network: keep Chromium from trying.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      '--no-first-run',
      ...args,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  return {
    context,
    worker,
    id,
    async openPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${id}/${path}`);
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
