/**
 * The Bulk changes page's Download selected… in Chromium against the fake Grist server (issue 51),
 * driven as a user does: the form for 20 budgets of two sites (the formats, the count, the folder
 * named with the date it will use, the work), which sends nothing; then a real run of them (.grist
 * with history) into the test's download folder: a document moved to the trash in Grist meanwhile
 * (its row in Grist's words), a 429 that pauses and then saves, Stop while running (what was queued
 * is not saved, and says so), Retry failed once that document is back from the trash, the progress
 * bar at its end, and backup.json on disk listing what was saved. The browser has the `downloads`
 * permission at install (extension.ts LoadOptions `grantDownloads`, which says why the refusal is
 * not tested in Chromium). Screenshots: docs/bulk-download-form-{light,dark}.png,
 * docs/bulk-backup-run-{light,dark}.png and docs/bulk-backup-run-done-{light,dark}.png.
 */
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetSeed, USERS } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, screenshotSchemes, selectBudgets } from './user-actions.ts';

const seed = budgetSeed();
let downloads: string;
const setup = useGristAndExtension(
  () => ({ mode: 'org-in-path', seed }),
  undefined,
  () => ({ grantDownloads: true, downloadFolder: (downloads = mkdtempSync(join(tmpdir(), 'grist-bulk-downloads-'))) }),
);
afterAll(() => rm(downloads, { recursive: true, force: true }));

/** The budget of `department` on the site named `siteName`, as the seed has it. */
function budget(siteName: string, department: string): { id: string; siteName: string; name: string } {
  const org = seed.orgs.find(({ name }) => name === siteName)!;
  const name = `Budget 2025 – ${department}`;
  const doc = seed.docs.find((candidate) => candidate.name === name && seed.workspaces.find(({ id }) => id === candidate.workspaceId)!.orgId === org.id)!;
  return { id: doc.id, siteName, name };
}

/** The outcome cell of `document`'s row in the run's table. */
function outcome(page: Page, document: { siteName: string; name: string }): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: document.name, exact: true }) })
    .filter({ hasText: `${document.siteName} ›` })
    .locator('td.outcome');
}

/** The run's progress bar: its value and its end. */
async function progress(page: Page): Promise<{ value: string | null; max: string | null }> {
  const bar = page.locator('#run-progress');
  return { value: await bar.getAttribute('value'), max: await bar.getAttribute('max') };
}

/** Every file under `root`, as paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

describe('Download selected…', () => {
  it('previews downloading 20 documents of two sites (formats, folder, work) and sends nothing until Start', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const page = await openBulkPage(extension);
    await selectBudgets(page, 'budget 2025', 20);
    grist.clearRequests();
    await page.getByRole('button', { name: 'Download selected…' }).click();
    const form = page.getByRole('group', { name: 'Download 20 documents' });
    await form.waitFor();
    expect(await page.getByRole('radio', { name: '.grist without history' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio').count()).toBe(4);
    // The folder is named by the page's clock, to the minute, as the worker will name it.
    expect(await form.locator('code').textContent()).toMatch(/^Grist backup \d{4}-\d\d-\d\d \d\d\.\d\d\/<site>\/<workspace>\/<document>\.grist$/);
    await form.getByText('20 files, and backup.json listing them; downloaded from 1 server, at most 6 at a time from each', { exact: false }).waitFor();
    expect(grist.requests).toEqual([]);
    await expectNoViolations(page);
    await screenshotSchemes(page, 'bulk-download-form', { width: 1280, height: 1500 });
    await page.close();
  });

  it('a real run: a trashed document in Grist’s words, a 429 paused then saved, Stop (what was queued not saved, said), Retry failed, backup.json on disk', async () => {
    const { grist, extension } = setup;
    await connectOwner(setup);
    const page = await openBulkPage(extension);
    await selectBudgets(page, 'budget 2025', 20);
    // Moved to the trash in Grist after the page listed it; limited: Grist says 429 to its first download.
    const trashed = budget('Acme Corp', 'Marketing');
    const limited = budget('Acme Corp', 'Engineering');
    const removed = await fetch(`${grist.url}/o/acme/api/docs/${trashed.id}/remove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    expect(removed.status).toBe(200);
    grist.injectFault({ method: 'GET', path: new RegExp(`/api/docs/${limited.id}/download`), status: 429, body: '{"error":"Too many requests"}', contentType: 'application/json', headers: { 'Retry-After': '1' }, times: 1 });
    // Slow enough to stop mid-way: each file takes 3 s to prepare (six at a time from the one host:
    // backup-operation.ts BACKUP_IN_FLIGHT_PER_HOST), so about 14 are on their way when the 429's is saved.
    grist.setDownloadOptions({ prepareMs: 3000 });
    grist.clearRequests();

    await page.getByRole('button', { name: 'Download selected…' }).click();
    await page.getByRole('radio', { name: '.grist with history' }).check();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { name: 'Backing up', level: 2 }).waitFor();
    const folderName = /“(Grist backup [^”]+)”/.exec((await page.locator('.run-where').textContent())!)![1]!;
    await outcome(page, limited).getByText(/^saved · /).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    // The downloads on their way still go on: the run is drawn under way.
    await page.getByRole('heading', { name: 'Backing up', level: 2 }).waitFor();
    await screenshotSchemes(page, 'bulk-backup-run', { width: 1280, height: 1100 });
    await page.getByRole('heading', { name: 'Bulk backup finished', level: 2 }).waitFor({ timeout: 20_000 });
    // The 429 paused it; the same file was asked again and saved. Counted as the server answered
    // them: once in CI under load a third request came, closed by Chromium before Grist answered
    // ([429, no answer, 200]; cause not found, not seen in 4 runs alone under load). The extension
    // cancels no download; a second answered download would still fail this.
    const answered = grist.requests.filter(({ path, answer }) => path.includes(`/api/docs/${limited.id}/download`) && answer);
    expect(answered.map(({ answer }) => answer!.status)).toEqual([429, 200]);
    expect(await outcome(page, trashed).textContent()).toBe(`failed: Not found on ${new URL(grist.url).host}. Grist said: “Document is deleted”.`);
    const [, savedWords, notSentWords] = /^(\d+) saved, 1 failed, (\d+) not sent\.$/.exec((await page.getByText(/^\d+ saved, 1 failed, \d+ not sent\.$/).textContent())!)!;
    const saved = Number(savedWords);
    const notSent = Number(notSentWords);
    expect(notSent).toBeGreaterThan(0);
    expect(saved + notSent + 1).toBe(20);
    // The bar is full: every document has its outcome.
    expect(await progress(page)).toEqual({ value: '20', max: '20' });
    expect(await page.locator('#run-count').textContent()).toMatch(/^20 of 20 · /);

    const backupFolder = join(downloads, folderName);
    const listed = async () => JSON.parse(await readFile(join(backupFolder, 'backup.json'), 'utf8')) as { saved: Array<{ id: string; site: { name: string }; workspace: string; name: string; format: string; paths: string[]; bytes: number }>; failed: Array<{ id: string; site: { name: string }; name: string; reason: string }> };
    await expect.poll(async () => (await readdir(backupFolder)).includes('backup.json'), { timeout: 10_000 }).toBe(true);
    expect((await listed()).saved).toHaveLength(saved);
    expect((await listed()).failed.map(({ id, reason }) => (id === trashed.id ? reason : 'the others'))).toEqual(expect.arrayContaining([expect.stringContaining('Document is deleted')]));
    const stopped = (await listed()).failed.filter(({ reason }) => reason === 'Not sent: the run was stopped.');
    expect(stopped).toHaveLength(notSent);
    // Its row says so too (found in the table as a user would: Page Down through it).
    const [first] = stopped;
    const row = outcome(page, { siteName: first!.site.name, name: first!.name });
    await page.locator('.run .table-scroll').focus();
    for (let press = 0; press < 10 && !(await row.count()); press++) await page.keyboard.press('PageDown');
    expect(await row.textContent()).toBe('Not sent: the run was stopped.');
    // Only what was saved is on disk: what the stop left queued is not.
    expect((await filesUnder(backupFolder)).filter((path) => path.endsWith('.grist'))).toHaveLength(saved);

    // Brought back from the trash in Grist, then Retry failed: it is saved, and backup.json says so.
    const restored = await fetch(`${grist.url}/o/acme/api/docs/${trashed.id}/unremove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    expect(restored.status).toBe(200);
    await page.getByRole('button', { name: 'Retry failed' }).click();
    await outcome(page, trashed).getByText(/^saved · /).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Bulk backup finished', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
    expect(await progress(page)).toEqual({ value: '20', max: '20' });
    await expect.poll(async () => (await listed()).saved.length, { timeout: 10_000 }).toBe(saved + 1);
    const manifest = await listed();
    // What the stop left is still listed as not sent (Retry failed sends only what failed).
    expect(manifest.failed.map(({ reason }) => reason)).toEqual(Array.from({ length: notSent }, () => 'Not sent: the run was stopped.'));
    const entry = manifest.saved.find(({ id }) => id === trashed.id)!;
    expect(entry).toMatchObject({ site: { name: 'Acme Corp' }, workspace: 'Marketing', name: 'Budget 2025 – Marketing', format: 'grist-history', paths: ['Acme Corp/Marketing/Budget 2025 – Marketing.grist'] });
    const file = await readFile(join(backupFolder, entry.paths[0]!));
    expect([file.length, file.subarray(0, 15).toString('latin1')]).toEqual([entry.bytes, 'SQLite format 3']);
    expect(await page.getByRole('button', { name: 'Undo this batch' }).count()).toBe(0);
    // backup.json's download is offered in its folder.
    await page.getByRole('button', { name: 'Show in folder' }).waitFor();
    await expectNoViolations(page);
    await screenshotSchemes(page, 'bulk-backup-run-done', { width: 1280, height: 1100 });
    grist.setDownloadOptions({ prepareMs: 0 });
  }, 90_000);
});
