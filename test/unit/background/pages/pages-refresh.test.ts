/**
 * pages/pages-refresh.ts: after a refresh of the listing, the known pages of the documents still
 * listed and changed since are read again (and only theirs: never one per document listed), those of documents no
 * longer listed dropped; a read that fails keeps what was known. Against the fake Grist server.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { refreshListing, startRefresh } from '../../../../src/background/listing/listing-service.ts';
import { readPages } from '../../../../src/background/pages/known-pages.ts';
import { REREAD_AFTER_MS, refreshKnownPages, withPagesRefreshed } from '../../../../src/background/pages/pages-refresh.ts';
import { pagesKey } from '../../../../src/shared/protocol/pages.ts';
import { knownPagesItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS } from '../../../fake-grist/sample-data.ts';
import { answerPages, pageReads } from '../../../setup/page-answers.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { grist, removeInGrist, renameInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const page = (viewRef: number, name: string) => ({ viewRef, name, indentation: 0 });
const known = async (docId: string) => (await knownPagesItem.get())[pagesKey(ACCOUNT_1, docId)]?.pages;
const sqlReads = () => grist.requests.filter((request) => request.path.includes('/sql?')).length;

describe('refreshKnownPages', () => {
  it('reads again the known pages of the documents changed since they were read, drops those of a document in the trash, and reads no other', async () => {
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs')], { times: 1 });
    answerPages(DOCS.roadmap.id, [page(1, 'Milestones')], { times: 1 });
    answerPages(DOCS.leads.id, [page(1, 'Leads')], { times: 1 });
    for (const { id } of [DOCS.bugTracker, DOCS.roadmap, DOCS.leads]) await readPages({ orgId: ORGS.acme.id, docId: id });
    answerPages(DOCS.bugTracker.id, [page(2, 'Releases'), page(1, 'Bugs')]);
    // Changed in Grist since (its updatedAt moves); Leads is not.
    await renameInGrist(DOCS.bugTracker.id, 'Bug Tracker 2');
    await removeInGrist(DOCS.roadmap.id);
    grist.clearRequests();

    await refreshKnownPages(await refreshListing());

    expect(await known(DOCS.bugTracker.id)).toEqual([page(2, 'Releases'), page(1, 'Bugs')]);
    expect(await known(DOCS.roadmap.id)).toBeUndefined();
    expect(await known(DOCS.leads.id)).toEqual([page(1, 'Leads')]);
    expect(Object.keys(await knownPagesItem.get()).toSorted()).toEqual([pagesKey(ACCOUNT_1, DOCS.bugTracker.id), pagesKey(ACCOUNT_1, DOCS.leads.id)].toSorted());
    expect([sqlReads(), pageReads(DOCS.bugTracker.id)]).toEqual([1, 1]);
  });

  it('keeps the pages known when their read fails', async () => {
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs')], { times: 1 });
    await readPages({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id });
    const before = await knownPagesItem.get();
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/sql`, status: 400, body: JSON.stringify({ error: 'SQLITE_ERROR' }), contentType: 'application/json' });
    await refreshKnownPages(await refreshListing());
    expect(await knownPagesItem.get()).toEqual(before);
  });

  it('reads them once for one listing, however many pages joined its refresh', async () => {
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs')]);
    await readPages({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id });
    await renameInGrist(DOCS.bugTracker.id, 'Bug Tracker 2');
    const listing = await refreshListing();
    grist.clearRequests();
    await refreshKnownPages(listing);
    await refreshKnownPages(listing);
    expect(pageReads(DOCS.bugTracker.id)).toBe(1);
  });

  it('follows each refresh the worker starts as its entry wires it', async () => {
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs')], { times: 1 });
    await readPages({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id });
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs, renamed')]);
    await renameInGrist(DOCS.bugTracker.id, 'Bug Tracker 2');
    await withPagesRefreshed(startRefresh)().listing;
    await vi.waitFor(async () => expect(await known(DOCS.bugTracker.id)).toEqual([page(1, 'Bugs, renamed')]));
  });

  it('reads again pages read more than a day before, though their document shows no change', async () => {
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs')], { times: 1 });
    await readPages({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id });
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs, renamed')]);
    const listing = await refreshListing();
    grist.clearRequests();
    await refreshKnownPages(listing, Date.now() + REREAD_AFTER_MS + 1000);
    expect(pageReads(DOCS.bugTracker.id)).toBe(1);
    expect(await known(DOCS.bugTracker.id)).toEqual([page(1, 'Bugs, renamed')]);
  });

  // Each popup opened refreshes the listing: a pass that read and wrote back every known page
  // then held up the popup's own first storage read.
  it('writes nothing when nothing changed, and reads nothing again for a listing of the same revision', async () => {
    answerPages(DOCS.bugTracker.id, [page(1, 'Bugs')], { times: 1 });
    await readPages({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id });
    await renameInGrist(DOCS.leads.id, 'Leads, renamed');
    const listing = await refreshListing();
    const write = vi.spyOn(fakeBrowser.storage.local, 'set');
    await refreshKnownPages(listing);
    expect(write).not.toHaveBeenCalled();

    const again = await refreshListing();
    expect([again === listing, again.revision]).toEqual([false, listing.revision]);
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    await refreshKnownPages(again);
    expect(read).not.toHaveBeenCalled();
    expect(await known(DOCS.bugTracker.id)).toEqual([page(1, 'Bugs')]);
  });

  it('reads nothing when no pages are known', async () => {
    grist.clearRequests();
    await refreshKnownPages(await refreshListing());
    expect(sqlReads()).toBe(0);
    expect(await knownPagesItem.get()).toEqual({});
  });
});
