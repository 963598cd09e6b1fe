/**
 * Bulk rename runs in the worker (issue 14), against the fake Grist server with many documents:
 * at most 2 renames in flight per host, a 429 pauses the host, a lost answer is read back, Stop,
 * Retry failed, a run that outlives its page, documents the worker did not list, Undo this batch.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { undoBatch } from '../../../../src/background/bulk/batch-undo.ts';
import { getBulkRun, retryFailedBulk, stopBulkRun } from '../../../../src/background/bulk/run-engine.ts';
import { BULK_IN_FLIGHT_PER_HOST } from '../../../../src/background/bulk/run-sending.ts';
import { startBulkRename } from '../../../../src/background/bulk/targets/rename.ts';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { forgetListing, readListing } from '../../../../src/background/listing/listing-cache.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { saveSettings } from '../../../../src/background/settings/settings-service.ts';
import type { Listing } from '../../../../src/shared/protocol/listing.ts';
import { generateSeed, USERS } from '../../../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../../../fake-grist/server.ts';
import { finished } from '../../../setup/finished-run.ts';
import { ACCOUNT_1, saveAccounts, saveSettingsWithKey } from '../../../setup/saved-key.ts';

let grist: FakeGrist;
let listing: Listing;

beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path', seed: generateSeed({ teams: 2, docsPerTeam: 12 }) });
  fakeBrowser.permissions.contains = (async () => true) as never;
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
  listing = await refreshListing();
});
afterEach(async () => {
  await grist.close();
});

/** The documents of the listing's team sites, as items renamed to "<name> (2027)". */
function items(count = 20) {
  return listing.sites
    .filter((site) => !site.personal)
    .flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((document) => ({ orgId: site.orgId, docId: document.id, newName: `${document.name} (2027)` }))))
    .slice(0, count);
}

const patches = () => grist.requests.filter((request) => request.method === 'PATCH');
/** Every rename's path, after its `/o/<domain>` prefix. */
const RENAMES = /^\/api\/docs\/[^/]+$/;

describe('a bulk rename run', () => {
  it('renames every document across two sites, at most 2 at once per host, each recorded in one batch', async () => {
    const wanted = items(20);
    expect(new Set(wanted.map((item) => item.orgId)).size).toBe(2);
    grist.clearRequests();
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: wanted });
    const run = await finished(started.id);
    expect(run.items.map((item) => item.state)).toEqual(wanted.map(() => 'renamed'));
    for (const item of wanted) expect(grist.doc(item.docId)?.name).toBe(item.newName);
    expect(patches()).toHaveLength(20);
    expect(grist.mostInFlight(new URL(grist.url).host)).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST);
    const batch = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId);
    expect(batch).toHaveLength(20);
    // The cached listing has every new name (confirmed together, written together).
    const cached = new Map((await readListing())!.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((document) => [document.id, document.name]))));
    for (const item of wanted) expect(cached.get(item.docId)).toBe(item.newName);
    expect(new Set(batch.map((entry) => entry.source))).toEqual(new Set(['bulk']));
  });

  it('a 429 with Retry-After pauses the host, then the same rename is sent again', async () => {
    const [first] = items(1);
    grist.injectFault({ method: 'PATCH', path: RENAMES, status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    const started = Date.now();
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: [first!] })).id);
    expect(run.items[0]?.state).toBe('renamed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(patches().map((request) => request.answer?.status)).toEqual([429, 200]);
  });

  it('Stop while a host is paused by a 429: what waits for the pause is not sent', async () => {
    const [first] = items(1);
    grist.injectFault({ method: 'PATCH', path: RENAMES, status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: [first!] });
    // The 429 is answered: the host is paused, the rename waits to be sent again.
    await vi.waitFor(() => expect(patches()[0]?.answer?.status).toBe(429));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stopBulkRun({ runId: started.id });
    const run = await finished(started.id);
    expect(run.items[0]).toMatchObject({ state: 'not-sent', message: 'Not sent: the run was stopped.' });
    expect(patches()).toHaveLength(1);
    expect(grist.doc(first!.docId)?.name).not.toBe(first!.newName);
  });

  it('an answer lost after Grist stored the name is read back, not sent again', async () => {
    const [first] = items(1);
    grist.injectFault({ method: 'PATCH', path: RENAMES, loseAnswer: true, times: 1 });
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: [first!] })).id);
    expect(run.items[0]?.state).toBe('renamed');
    expect(patches()).toHaveLength(1);
    expect(grist.doc(first!.docId)?.name).toBe(first!.newName);
  });

  it('Stop: what is on its way finishes, the rest is not sent; Retry failed sends only the failed ones', async () => {
    const wanted = items(8);
    grist.injectFault({ method: 'PATCH', path: RENAMES, holdAnswerMs: 300 });
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: wanted });
    await vi.waitFor(() => expect(patches().length).toBeGreaterThan(0));
    const stopped = await stopBulkRun({ runId: started.id });
    expect(stopped.stopped).toBe(true);
    const run = await finished(started.id);
    const renamed = run.items.filter((item) => item.state === 'renamed');
    expect(renamed.length).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST * 2);
    expect(run.items.filter((item) => item.state === 'not-sent')).toHaveLength(wanted.length - renamed.length);
    expect(patches()).toHaveLength(renamed.length);

    grist.clearFaults();
    grist.injectFault({ method: 'PATCH', path: RENAMES, status: 500, times: 1 });
    const [a, b] = items(20).slice(10);
    const second = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: [a!, b!] })).id);
    expect(second.items.map((item) => item.state).sort()).toEqual(['failed', 'renamed']);
    grist.clearRequests();
    const retried = await finished((await retryFailedBulk({ runId: second.id })).id);
    expect(retried.items.map((item) => item.state)).toEqual(['renamed', 'renamed']);
    expect(patches()).toHaveLength(1);
  });

  it('sends nothing more with an account’s key from the moment Remove account is asked, whatever is queued before it', async () => {
    const wanted = items(8);
    grist.injectFault({ method: 'PATCH', path: RENAMES, holdAnswerMs: 300 });
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: wanted });
    await vi.waitFor(() => expect(patches().length).toBeGreaterThan(0));
    // A save queued before the removal, held up by a slow browser: the removal waits its turn.
    const update = fakeBrowser.declarativeNetRequest.updateDynamicRules.bind(fakeBrowser.declarativeNetRequest);
    vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateDynamicRules').mockImplementation(async (options) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return update(options);
    });
    const saving = saveSettings({ accounts: [{ id: ACCOUNT_1, personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [`${grist.url}/o/team1`] }] });
    const removed = removeAccount({ account: ACCOUNT_1 });
    const sentBefore = patches().length;
    await Promise.all([saving, removed]);
    const run = await finished(started.id);
    // Only what was on its way already went out.
    expect(patches().length).toBe(sentBefore);
    // The rest is not sent, and says why: none failed, for Retry failed to send again.
    const notSent = run.items.filter((item) => item.state === 'not-sent');
    expect(notSent.map((item) => item.message)).toEqual(Array.from({ length: wanted.length - sentBefore }, () => 'Not sent: its account was removed from the options.'));
    expect(run.items.filter((item) => item.state === 'failed')).toEqual([]);
    // Nor does the log keep what went out: the account's entries went with it.
    expect((await readChangeLog()).filter((entry) => entry.batchId === run.batchId)).toEqual([]);
  });

  it('sends nothing more once the key or the settings change mid-run', async () => {
    const wanted = items(8);
    grist.injectFault({ method: 'PATCH', path: RENAMES, holdAnswerMs: 300 });
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: wanted });
    await vi.waitFor(() => expect(patches().length).toBeGreaterThan(0));
    // What the options page does after a save or a key removal.
    await forgetListing();
    const run = await finished(started.id);
    const sent = patches().length;
    expect(sent).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST * 2);
    expect(run.items.filter((item) => item.state === 'failed').map((item) => item.message)).toEqual(
      Array.from({ length: wanted.length - sent }, () => expect.stringMatching(/settings or the API key changed/i)),
    );
  });

  it('a document renamed again while its run goes on keeps that name in the cached listing', async () => {
    const wanted = items(8);
    grist.injectFault({ method: 'PATCH', path: RENAMES, holdAnswerMs: 150 });
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: wanted });
    await vi.waitFor(async () => expect((await getBulkRun({ runId: started.id }))!.items[0]!.state).toBe('renamed'));
    await renameDocument({ orgId: wanted[0]!.orgId, docId: wanted[0]!.docId, name: 'Renamed in the popup' });
    const run = await finished(started.id);
    expect(run.done).toBe(true);
    const cached = new Map((await readListing())!.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((document) => [document.id, document.name]))));
    expect(cached.get(wanted[0]!.docId)).toBe('Renamed in the popup');
    expect(cached.get(wanted[7]!.docId)).toBe(wanted[7]!.newName);
  });

  it('goes on when the page that started it closes: the run belongs to the worker', async () => {
    const wanted = items(6);
    const started = await startBulkRename({ requestId: crypto.randomUUID(), items: wanted });
    // No page watches it; a page opened later finds it as the latest run, and it is done.
    const run = await finished(started.id);
    expect(run.items.every((item) => item.state === 'renamed')).toBe(true);
    const reopened = await getBulkRun({ runId: null });
    expect(reopened?.id).toBe(started.id);
    const site = listing.sites.find((entry) => entry.orgId === wanted[0]!.orgId)!;
    expect(reopened?.items[0]).toMatchObject({ siteName: site.name, workspaceName: site.workspaces[0]!.name });
  });

  it('a document the worker did not list, or a name that changes nothing, is not sent', async () => {
    const [first] = items(1);
    grist.clearRequests();
    const run = await finished(
      (
        await startBulkRename({
          requestId: crypto.randomUUID(),
          items: [
            { orgId: first!.orgId, docId: 'notListedDocument00000', newName: 'x' },
            { orgId: 999, docId: first!.docId, newName: 'x' },
            { ...first!, newName: ` ${listing.sites[1]!.workspaces.flatMap((w) => w.documents).find((d) => d.id === first!.docId)!.name} ` },
            { ...first!, newName: '   ' },
          ],
        })
      ).id,
    );
    expect(run.items.map((item) => item.state)).toEqual(['not-sent', 'not-sent', 'not-sent', 'not-sent']);
    expect(run.items.map((item) => item.message)).toEqual([
      expect.stringMatching(/no longer in the list|not in/i),
      expect.stringMatching(/no longer in the list|not in/i),
      'Not sent: the name does not change.',
      'Enter a name.',
    ]);
    expect(grist.requests).toEqual([]);
  });

  it('Undo this batch restores every document, and reports each', async () => {
    const wanted = items(5);
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: wanted })).id);
    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map((result) => result.outcome)).toEqual(wanted.map(() => 'restored'));
    for (const item of run.items) expect(grist.doc(item.docId)?.name).toBe(item.oldName);
    // The undo's own entries are one batch too (one place of the history's 200), each marked undone.
    const history = await readChangeLog();
    const undos = history.filter((entry) => entry.source === 'undo');
    expect(undos).toHaveLength(5);
    expect(new Set(undos.map((entry) => entry.batchId)).size).toBe(1);
    expect(history.filter((entry) => entry.batchId === run.batchId).every((entry) => entry.undoneBy)).toBe(true);
    // A second undo of the batch has nothing left to undo.
    expect(await undoBatch({ batchId: run.batchId })).toEqual([]);
  });

  it('Undo this batch keeps to the same per-host limit as a run: at most 2 undos at once per host', async () => {
    const wanted = items(12);
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: wanted })).id);
    grist.clearRequests();
    // Slow answers, so that undos sent all at once would be seen in flight together.
    grist.injectFault({ path: /\/api\/docs\//, delayMs: 50, times: 1000 });
    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map((result) => result.outcome)).toEqual(wanted.map(() => 'restored'));
    for (const item of run.items) expect(grist.doc(item.docId)?.name).toBe(item.oldName);
    expect(grist.mostInFlight(new URL(grist.url).host)).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST);
  });
});

describe('a bulk rename run with several accounts (issue 19)', () => {
  const EDITOR = 'account-editor';
  const OWNER = 'account-owner';

  /** Ed's account, then Olivia's: both list the team sites, which Olivia owns and Ed edits. */
  beforeEach(async () => {
    Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: EDITOR, settings, apiKey: USERS.editor.apiKey },
      { id: OWNER, settings, apiKey: USERS.owner.apiKey },
    ]);
    listing = await refreshListing();
    await readListing(); // the refresh's own write
    grist.clearRequests();
  });

  it('renames each document with the key of the account that owns it, records that account, and undoes with it', async () => {
    expect(new Set(listing.sites.map((site) => site.account))).toEqual(new Set([EDITOR, OWNER]));
    // Each document once, as the popup names it (both accounts list it).
    const wanted = [...new Map(items(40).map((item) => [item.docId, item])).values()].slice(0, 6);
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: wanted })).id);
    expect(run.items.map((item) => item.state)).toEqual(wanted.map(() => 'renamed'));
    expect(patches()).toHaveLength(6);
    expect(grist.requests.map((request) => request.apiKey)).toEqual(grist.requests.map(() => USERS.owner.apiKey));
    const batch = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId);
    expect(batch.map((entry) => entry.account)).toEqual(wanted.map(() => OWNER));

    grist.clearRequests();
    expect((await undoBatch({ batchId: run.batchId })).map((result) => result.outcome)).toEqual(wanted.map(() => 'restored'));
    expect(patches()).toHaveLength(6);
    expect(grist.requests.map((request) => request.apiKey)).toEqual(grist.requests.map(() => USERS.owner.apiKey));
    for (const item of run.items) expect(grist.doc(item.docId)?.name).toBe(item.oldName);
  });

  it('Undo this batch after its account was removed: the batch went with the account, and nothing is sent', async () => {
    const wanted = [...new Map(items(40).map((item) => [item.docId, item])).values()].slice(0, 3);
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: wanted })).id);
    expect((await readChangeLog()).filter((entry) => entry.batchId === run.batchId)).toHaveLength(wanted.length);
    await removeAccount({ account: OWNER });
    grist.clearRequests();
    expect(await undoBatch({ batchId: run.batchId })).toEqual([]);
    expect(grist.requests).toEqual([]);
    for (const item of wanted) expect(grist.doc(item.docId)?.name).toBe(item.newName);
  });
});
