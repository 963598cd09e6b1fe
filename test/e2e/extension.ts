/**
 * Loads the built extension (`dist/`) into Debian's Chromium through playwright-core, the way a
 * user would load it unpacked, and finds its id from the service worker's URL.
 *
 * The fake Grist server runs on 127.0.0.1, an optional host permission: the user grants it in
 * Chromium's prompt when adding the site, and automation cannot answer that prompt (Playwright
 * issue 32755). So the browser loads a copy of the build whose manifest grants this machine, as
 * other extension projects do; the request flow itself is tested with a fake `browser` and in
 * Firefox, whose prompt policy the test profile sets. `scripts/bench/` and the package tests
 * use the build as shipped.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

/**
 * The build loaded: `dist/`, or the folder EXTENSION_DIST names (the bench compares another
 * build's with the same bench code: docs/speed.md).
 */
export const DIST = resolve(process.env.EXTENSION_DIST ?? resolve(import.meta.dirname, '../../dist'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LoadedExtension {
  context: BrowserContext;
  worker: Worker;
  id: string;
  /** Opens an extension page (`src/popup/index.html`, ...) in a new tab. */
  openPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** The hosts the tested copy grants at install: this machine, where the fake Grist runs. */
const LOOPBACK_PERMISSIONS = ['http://localhost/*', 'http://127.0.0.1/*'];

/** What a test asks of the browser beyond the shipped extension. */
export interface LoadOptions {
  /**
   * Grant the optional `downloads` permission at install: Chromium asks the user for it at the first
   * download, in a prompt automation cannot answer (as for the loopback hosts above). Only the tests
   * that download ask for it, so the others run with the permissions as shipped.
   *
   * Why the refusal is not tested in Chromium (tried in Debian's Chromium 156, headless): an extension
   * page's `permissions.request({ permissions: ['downloads'] })` in a click neither resolves nor
   * rejects (still pending after 5 s, and after Escape pressed in the page): Chromium shows its own
   * permission dialog, a native one, which is no CDP target (Target.getTargets lists only the pages,
   * the worker and the omnibox popup), gets no `dialog` event, and is reached by no key or click sent
   * to the page; Chromium's switch to answer it (PermissionsRequestFunction's auto-confirm) exists
   * only in its own C++ tests. So the refused path is tested in the component tests (a `browser`
   * that refuses) and in Firefox (another part's end-to-end test).
   */
  grantDownloads?: boolean;
  /**
   * The folder Chromium saves downloads in, under the names (and subfolders) the extension gives
   * them. Set as the profile's own download folder (its Preferences, written before launch), with
   * Playwright's download handling set back to the browser's (CDP `Browser.setDownloadBehavior`
   * `default`): Playwright sets its own at launch (into its artifacts folder, under GUID names), and
   * `allow` into a folder, tried, makes Chromium save an extension's download under the server's or the URL's name, not the
   * `filename` the extension gave, so no file name or folder layout could be checked.
   */
  downloadFolder?: string;
}

/**
 * Copies `dist/` to `folder` with this machine's hosts granted (and `downloads` when asked), and
 * `extraFiles` (path in the extension: content) added. Out: the copy's path.
 */
async function buildGrantingLoopback(folder: string, extraFiles: Record<string, string>, { grantDownloads = false }: LoadOptions): Promise<string> {
  const copy = join(folder, 'extension');
  await cp(DIST, copy, { recursive: true });
  for (const [path, content] of Object.entries(extraFiles)) await writeFile(join(copy, path), content);
  const manifestPath = join(copy, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { host_permissions: string[]; permissions: string[]; optional_permissions?: string[] };
  manifest.host_permissions = [...manifest.host_permissions, ...LOOPBACK_PERMISSIONS];
  if (grantDownloads) {
    manifest.permissions = [...manifest.permissions, 'downloads'];
    manifest.optional_permissions = manifest.optional_permissions?.filter((permission) => permission !== 'downloads');
  }
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  return copy;
}

/**
 * Starts a fresh browser profile with the extension. `args`: extra Chromium switches;
 * `extraFiles`: files added to the extension's copy (the bench's reference pages); `options`:
 * the downloads permission and folder (LoadOptions).
 */
export async function loadExtension(args: string[] = [], extraFiles: Record<string, string> = {}, options: LoadOptions = {}): Promise<LoadedExtension> {
  const folder = await mkdtemp(join(tmpdir(), 'grist-e2e-'));
  const profile = join(folder, 'profile');
  const extensionFolder = await buildGrantingLoopback(folder, extraFiles, options);
  if (options.downloadFolder) {
    await mkdir(join(profile, 'Default'), { recursive: true });
    await writeFile(join(profile, 'Default', 'Preferences'), JSON.stringify({ download: { default_directory: options.downloadFolder, prompt_for_download: false } }));
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Playwright disables extensions by default; ours must load.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      `--disable-extensions-except=${extensionFolder}`,
      `--load-extension=${extensionFolder}`,
      // This machine has no outside network: keep Chromium from trying.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
      '--no-first-run',
      ...args,
    ],
  });
  if (options.downloadFolder) {
    const browser = context.browser();
    if (!browser) throw new Error('no browser to set the download handling of');
    await (await browser.newBrowserCDPSession()).send('Browser.setDownloadBehavior', { behavior: 'default' });
  }
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
      await rm(folder, { recursive: true, force: true });
    },
  };
}
