/**
 * Downloads and backups (issue 51) in Debian's Firefox ESR, through the extension's own pages with
 * trusted clicks, against the fake Grist: the optional `downloads` permission refused through
 * Firefox's own prompt (the pages say what it is for, nothing is downloaded), then allowed; one
 * document downloaded from the popup's row menu (More actions ▸ Download ▸ .grist); a bulk backup of
 * three documents of three sites from the Bulk page's Download selected…. The files are checked on
 * disk, in the launcher's `downloadsDir`. One browser for the file (a launch costs 15-20 s): the tests
 * follow one another, the permission refused first, as a new user meets it.
 *
 * The files are 3 MB: Firefox's `bytesReceived` of a complete download can stay below the file's
 * size (docs/develop.md, "Downloads in Firefox"), and a size shown or listed must be the file's.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { launchFirefox, type Firefox } from './firefox/launch.ts';

/** Bytes of each `.grist` file the fake sends. */
const GRIST_BYTES = 3_000_000;

let grist: FakeGrist;
let firefox: Firefox;

beforeAll(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path', downloads: { gristBytes: GRIST_BYTES } });
  // Firefox's own prompt for the optional permissions, answered by the tests (the host's too).
  firefox = await launchFirefox({ permissionPrompt: 'ask' });
  await firefox.openPage('src/options/index.html');
  await firefox.waitFor('the options form', () => document.getElementById('api-key') !== null);
  await firefox.evaluate(fill, 'API key', USERS.owner.apiKey);
  await firefox.evaluate(fill, 'Personal site URL', `${grist.url}/o/docs`);
  await firefox.click(() => [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Save'));
  await firefox.answerPermissionPrompt(true);
  await firefox.waitFor('"Saved."', () => [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes('Saved.')));
});
afterAll(async () => {
  await firefox?.close();
  await grist?.close();
});

/** In the page: sets a labelled field's value the way typing does. */
function fill(label: string, value: string): boolean {
  const labelElement = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const field = labelElement ? (labelElement.htmlFor ? document.getElementById(labelElement.htmlFor) : labelElement.querySelector('input, textarea')) : document.querySelector(`[aria-label="${label}"]`);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) throw new Error(`No field labelled ${label}`);
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

/** In the page: the menu item (of any menu open) whose label is `label`. */
function menuItem(label: string): Element | undefined {
  return [...document.querySelectorAll('[role="menuitem"]')].find((item) => item.querySelector('.menu-label')?.textContent === label);
}

/** In the page: the button whose text is `text`. */
function button(text: string): Element | undefined {
  return [...document.querySelectorAll('button')].find((each) => each.textContent?.trim() === text);
}

/** Every file under `root`, as paths relative to it (`/` between names). */
async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .toSorted();
}

/** The fake's download requests so far. */
const downloadRequests = () => grist.requests.filter(({ path }) => path.includes('/download'));

/**
 * The popup, its fresh listing shown and said ("Listing updated: …"): the list stays where it is,
 * and a click lands where it was aimed (the line appearing moves the list down by a line).
 */
async function openPopup(): Promise<void> {
  await firefox.openPage('src/popup/index.html');
  await firefox.waitFor(
    'the fresh listing',
    () => document.querySelector('a[aria-label="Open Bug Tracker"]') !== null && !document.body.textContent?.includes('Refreshing…') && document.querySelector('[role="status"] .announcement')?.textContent?.startsWith('Listing updated'),
  );
}

/** In the popup: More actions ▸ Download ▸ .grist of Bug Tracker, each a trusted click. */
async function downloadBugTrackerFromMenu(): Promise<void> {
  await firefox.click(() => document.querySelector('button[aria-label="More actions for Bug Tracker"]'));
  await firefox.waitFor('the row menu', () => document.querySelector('[role="menu"][aria-label="Actions for Bug Tracker"]') !== null);
  await firefox.click(menuItem, 'Download');
  await firefox.waitFor('the Download submenu', menuItem, '.grist');
  await firefox.click(menuItem, '.grist');
}

/** The Bulk page with Personal Budget, Bug Tracker and Project Alpha picked (three sites), Download selected… pressed. */
async function openBackupForm(): Promise<void> {
  await firefox.openPage('src/bulk/index.html');
  for (const name of ['Personal Budget', 'Bug Tracker', 'Project Alpha']) {
    await firefox.waitFor(`the checkbox of ${name}`, (label) => document.querySelector(`input[aria-label="${label}"]`) !== null, `Select ${name}`);
    await firefox.click((label) => document.querySelector(`input[aria-label="${label}"]`), `Select ${name}`);
  }
  await firefox.waitFor('3 picked', () => document.body.textContent?.includes('3 documents selected'));
  await firefox.click(() => document.getElementById('download-selected'));
  await firefox.waitFor('the backup form', () => document.getElementById('backup-count')?.textContent === 'Download 3 documents');
}

it('refused through Firefox’s prompt: the Bulk page and the popup say what the permission is for, and nothing is downloaded', async () => {
  await openBackupForm();
  await firefox.click(button, 'Start');
  await firefox.answerPermissionPrompt(false);
  const alert = await firefox.waitFor('the refusal', () => document.querySelector('[role="alert"]')?.textContent);
  expect(alert).toBe(
    'The browser did not give the permission to manage downloads. The extension asks for it only to save the files you ask for in your downloads folder; without it nothing is downloaded and nothing else changes. Start asks again.',
  );
  // The form stays, with Start to ask again.
  expect(await firefox.evaluate(() => document.getElementById('backup-count')?.textContent)).toBe('Download 3 documents');

  await openPopup();
  await downloadBugTrackerFromMenu();
  await firefox.answerPermissionPrompt(false);
  await firefox.waitFor('the status line', () => document.querySelector('[role="status"]')?.textContent?.includes('Downloading needs permission to save files to your downloads: allow it when the browser asks.'));

  expect(await firefox.evaluate(() => typeof (globalThis as unknown as { browser: { downloads?: unknown } }).browser.downloads)).toBe('undefined');
  expect(downloadRequests()).toEqual([]);
  expect(await filesUnder(firefox.downloadsDir)).toEqual([]);
});

it('allowed: the popup’s Download ▸ .grist saves the document under its name, the status line says where and its size, the key only in the header', async () => {
  grist.clearRequests();
  await downloadBugTrackerFromMenu();
  await firefox.answerPermissionPrompt(true);
  const said = await firefox.waitFor('the saved line', () => {
    const text = document.querySelector('[role="status"] .download-line')?.textContent;
    return text?.startsWith('Saved') ? text : undefined;
  });
  const file = join(firefox.downloadsDir, 'Bug Tracker.grist');
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  expect(bytes.length).toBe(GRIST_BYTES);
  expect(said).toBe('Saved Bug Tracker.grist in your downloads (3 MB).Show in folder');
  expect(await filesUnder(firefox.downloadsDir)).toEqual(['Bug Tracker.grist']);

  expect(downloadRequests()).toMatchObject([{ path: `/o/acme/api/docs/${DOCS.bugTracker.id}/download?nohistory=true`, apiKey: USERS.owner.apiKey, answer: { status: 200 } }]);
  // The key never in an address (a download's URL stays in the browser's history).
  expect(grist.requests.filter(({ path }) => path.includes(USERS.owner.apiKey))).toEqual([]);

  // Show in folder: Firefox shows it (true, headless); a refusal would take the status line's sentence.
  const announcement = () => firefox.evaluate(() => document.querySelector('[role="status"] .announcement')?.textContent ?? null);
  const before = await announcement();
  await firefox.click(button, 'Show in folder');
  await new Promise((done) => setTimeout(done, 500));
  expect(await announcement()).toBe(before);
  expect(await firefox.evaluate(() => document.querySelector('[role="status"] .download-line')?.textContent)).toBe(said);
});

it('backs up three documents of three sites from the Bulk page into Grist backup <date>/<site>/<workspace>/, with backup.json listing each with its file’s size', async () => {
  grist.clearRequests();
  await openBackupForm();
  // Granted above: Start asks again, and the browser answers at once, with no prompt.
  await firefox.click(button, 'Start');
  await firefox.waitFor('the run done', () => [...document.querySelectorAll('h2')].some((heading) => heading.textContent === 'Bulk backup finished'));
  const summary = await firefox.evaluate(() => document.querySelector('[role="status"]')?.textContent);
  expect(summary).toContain('3 saved, 0 failed, 0 not sent.');
  // What the page says of the sizes: each row's, and the run's bytes.
  expect(await firefox.evaluate(() => document.getElementById('run-count')?.textContent)).toBe('3 of 3 · 9 MB received');
  expect(await firefox.evaluate(() => [...document.querySelectorAll('td')].filter((cell) => cell.textContent?.startsWith('saved')).map((cell) => cell.textContent))).toEqual(['saved · 3 MB', 'saved · 3 MB', 'saved · 3 MB']);

  // Beside the document downloaded above, one new folder.
  const entries = await readdir(firefox.downloadsDir);
  const folder = entries.find((name) => name !== 'Bug Tracker.grist');
  expect(entries).toHaveLength(2);
  expect(folder).toMatch(/^Grist backup \d{4}-\d\d-\d\d \d\d\.\d\d$/);
  const files = ['Personal/Home/Personal Budget.grist', 'Acme Corp/Engineering/Bug Tracker.grist', 'Globex Inc/Projects/Project Alpha.grist'];
  // backup.json is written once the run is done.
  await expect.poll(async () => (await filesUnder(join(firefox.downloadsDir, folder!))).includes('backup.json'), { timeout: 10_000 }).toBe(true);
  expect(await filesUnder(join(firefox.downloadsDir, folder!))).toEqual([...files, 'backup.json'].toSorted());
  const sizes: Record<string, number> = {};
  for (const path of files) {
    const bytes = await readFile(join(firefox.downloadsDir, folder!, path));
    expect(bytes.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    sizes[path] = (await stat(join(firefox.downloadsDir, folder!, path))).size;
  }

  const manifest = JSON.parse(await readFile(join(firefox.downloadsDir, folder!, 'backup.json'), 'utf8')) as {
    folder: string;
    format: string;
    saved: Array<{ id: string; name: string; site: { name: string }; workspace: string; format: string; paths: string[]; bytes: number }>;
    failed: unknown[];
  };
  expect(manifest).toMatchObject({ folder, format: 'grist', failed: [] });
  expect(manifest.saved.map(({ id, name, site, workspace, format, paths, bytes }) => ({ id, name, site: site.name, workspace, format, paths, bytes })).toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
    { id: DOCS.bugTracker.id, name: 'Bug Tracker', site: 'Acme Corp', workspace: 'Engineering', format: 'grist', paths: [files[1]], bytes: sizes[files[1]!] },
    { id: DOCS.personalBudget.id, name: 'Personal Budget', site: 'Personal', workspace: 'Home', format: 'grist', paths: [files[0]], bytes: sizes[files[0]!] },
    { id: DOCS.projectAlpha.id, name: 'Project Alpha', site: 'Globex Inc', workspace: 'Projects', format: 'grist', paths: [files[2]], bytes: sizes[files[2]!] },
  ]);

  // Each document downloaded once, the key in the header only.
  expect(downloadRequests().map(({ path, apiKey }) => ({ path: path.replace(/\/o\/[^/]+/, ''), apiKey })).toSorted((a, b) => a.path.localeCompare(b.path))).toEqual(
    [DOCS.personalBudget.id, DOCS.bugTracker.id, DOCS.projectAlpha.id].map((id) => ({ path: `/api/docs/${id}/download?nohistory=true`, apiKey: USERS.owner.apiKey })).toSorted((a, b) => a.path.localeCompare(b.path)),
  );
  expect(grist.requests.filter(({ path }) => path.includes(USERS.owner.apiKey))).toEqual([]);
});

it('backs up a workspace from its heading’s Back up… in the popup: the status line says where and the size, each file whole', async () => {
  grist.clearRequests();
  await openPopup();
  await firefox.click(() => document.querySelector('button[aria-label="More actions for Engineering"]'));
  await firefox.waitFor('the heading’s menu', () => document.querySelector('[role="menu"][aria-label="Actions for Engineering"]') !== null);
  await firefox.click(menuItem, 'Back up…');
  const said = await firefox.waitFor('the backup done', () => {
    const text = document.querySelector('[role="status"] .backup-line')?.textContent;
    return text?.startsWith('Backed up') ? text : undefined;
  });
  // Where (the run's folder) and the size (2 × 3 MB), then the way to each document's outcome.
  expect(said).toMatch(/^Backed up 2 documents to Grist backup \d{4}-\d\d-\d\d \d\d\.\d\d( \(\d+\))? \(6 MB\)\.Show in folderOpen in Bulk changes$/);
  const folder = /to (Grist backup .+) \(6 MB\)/.exec(said!)![1]!;
  for (const name of ['Roadmap 2026', 'Bug Tracker']) {
    const bytes = await readFile(join(firefox.downloadsDir, folder, 'Acme Corp', 'Engineering', `${name}.grist`));
    expect(bytes.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    expect(bytes.length).toBe(GRIST_BYTES);
  }
  expect(downloadRequests().map(({ path, apiKey }) => ({ path, apiKey })).toSorted((a, b) => a.path.localeCompare(b.path))).toEqual(
    [DOCS.roadmap.id, DOCS.bugTracker.id].map((id) => ({ path: `/o/acme/api/docs/${id}/download?nohistory=true`, apiKey: USERS.owner.apiKey })).toSorted((a, b) => a.path.localeCompare(b.path)),
  );
});
