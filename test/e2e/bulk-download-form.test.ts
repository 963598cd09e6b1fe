/**
 * The Bulk changes page's Download selected… in Chromium against the fake Grist server (issue 51):
 * the form for 20 budgets of two sites (the formats, the count, the folder named with the date it
 * will use, the work), which sends nothing; and a backup run's panel as it goes and once done.
 * Screenshots: docs/bulk-download-form-{light,dark}.png and docs/bulk-backup-run-{light,dark}.png.
 *
 * The run's panel is drawn from canned snapshots in the page (its messages to the worker answered
 * there, and the browser's permission prompt, which automation cannot answer: Playwright issue
 * 32755, granted there): the worker's backup and its own end-to-end test are another part's.
 */
import { describe, expect, it } from 'vitest';
import type { BulkItemStatus, BulkRunSnapshot } from '../../src/shared/protocol/bulk.ts';
import { budgetSeed } from '../fake-grist/sample-data.ts';
import { expectNoViolations } from './axe.ts';
import { useGristAndExtension } from './fixtures.ts';
import { connectOwner, openBulkPage, screenshotSchemes, selectBudgets } from './user-actions.ts';

const seed = budgetSeed();
const setup = useGristAndExtension(() => ({ mode: 'org-in-path', seed }));
const FOLDER = 'Grist backup 2026-11-29 14.05';

/** The 20 budgets as a backup run's items, in the page's order (site, then workspace, as listed), each in `state(index)`. */
function items(state: (index: number) => Pick<BulkItemStatus, 'state' | 'bytes' | 'totalBytes' | 'message'>): BulkItemStatus[] {
  return seed.docs
    .filter((doc) => doc.name.startsWith('Budget 2025'))
    .map((doc, index) => {
      const workspace = seed.workspaces.find(({ id }) => id === doc.workspaceId)!;
      const org = seed.orgs.find(({ id }) => id === workspace.orgId)!;
      return { orgId: org.id, docId: doc.id, oldName: doc.name, newName: doc.name, siteName: org.name, workspaceName: workspace.name, ...state(index) };
    });
}

const snapshot = (done: boolean, state: Parameters<typeof items>[0]): BulkRunSnapshot => ({ id: 'run-1', kind: 'backup', batchId: 'batch-1', withoutUndo: true, backup: { format: 'grist', folder: FOLDER, ...(done ? { manifestDownloadId: 7 } : {}) }, stopped: false, done, items: items(state) });

/** A file's size: from 180 kB to 2.2 MB, by the document. */
const size = (index: number) => 180_000 + ((index * 104_729) % 2_000_000);

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
    await form.getByText('20 files, and backup.json listing them; downloaded from 1 server, at most 2 at a time from each', { exact: false }).waitFor();
    expect(grist.requests).toEqual([]);
    await expectNoViolations(page);
    await screenshotSchemes(page, 'bulk-download-form', { width: 1280, height: 1500 });
    await page.close();
  });

  it('a backup run: the bar and the bytes received, each row’s size or reason, then where the files are, without Undo', async () => {
    const { extension } = setup;
    const page = await openBulkPage(extension);
    await selectBudgets(page, 'budget 2025', 20);
    const underWay = snapshot(false, (index) => (index < 11 ? { state: 'saved', bytes: size(index) } : index < 13 ? { state: 'sending', bytes: Math.round(size(index) / 3), totalBytes: size(index) } : { state: 'queued' }));
    const finished = snapshot(true, (index) => (index === 4 ? { state: 'failed', message: 'Document is deleted' } : { state: 'saved', bytes: size(index) }));
    // The canned answers: the start answers the run under way, every look after it the run done once `finish` is set.
    await page.evaluate(
      ([underWay, finished]) => {
        const scope = globalThis as unknown as { chrome: { runtime: { sendMessage: (message: { type: string }) => Promise<unknown> }; permissions: { request: () => Promise<boolean> } }; finish?: boolean };
        const send = scope.chrome.runtime.sendMessage.bind(scope.chrome.runtime);
        scope.chrome.permissions.request = async () => true;
        scope.chrome.runtime.sendMessage = async (message) => {
          if (message.type === 'startBulkBackup') return { ok: true, value: underWay };
          if (message.type === 'getBulkRun') return { ok: true, value: scope.finish ? finished : underWay };
          return send(message);
        };
      },
      [underWay, finished] as const,
    );
    await page.getByRole('button', { name: 'Download selected…' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('heading', { name: 'Backing up', level: 2 }).waitFor();
    await page.getByText(`Saving into the folder “${FOLDER}” of your downloads.`).waitFor();
    expect(await page.locator('#run-count').textContent()).toMatch(/^11 of 20 · [\d.]+ MB received$/);
    await expectNoViolations(page);
    await screenshotSchemes(page, 'bulk-backup-run', { width: 1280, height: 1100 });

    await page.evaluate(() => ((globalThis as unknown as { finish: boolean }).finish = true));
    await page.getByRole('heading', { name: 'Bulk backup finished', level: 2 }).waitFor();
    await page.getByRole('cell', { name: 'failed: Document is deleted' }).waitFor();
    await page.getByText('backup.json there lists each document saved', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Undo this batch' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Retry failed' }).waitFor();
    await page.getByRole('button', { name: 'Show in folder' }).waitFor();
    await expectNoViolations(page);
    await screenshotSchemes(page, 'bulk-backup-run-done', { width: 1280, height: 1100 });
  });
});
