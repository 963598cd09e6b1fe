/**
 * pages/known-pages.ts: a document's pages read from Grist with the key of the account that lists
 * it, stored by pagesKey, answered as known until asked fresh; one read at a time per document;
 * never for a document the listing does not list (one in the trash). Against the fake Grist server.
 */
import { describe, expect, it } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { MAX_KNOWN_DOCUMENTS, readPages } from '../../../../src/background/pages/known-pages.ts';
import { pagesKey, type KnownPagesMap } from '../../../../src/shared/protocol/pages.ts';
import { knownPagesItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { answerPages, pageReads, refuseAllPages } from '../../../setup/page-answers.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { failure, grist, removeInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };
const PAGES = [
  { viewRef: 2, name: 'Releases', indentation: 0 },
  { viewRef: 1, name: 'Bugs', indentation: 0 },
  { viewRef: 3, name: 'Open bugs', indentation: 1 },
];
const stored = async () => (await knownPagesItem.get())[pagesKey(ACCOUNT_1, DOCS.bugTracker.id)];

describe('readPages', () => {
  it('reads a document’s pages from Grist with its account’s key, stores them, and answers them as known after', async () => {
    answerPages(DOCS.bugTracker.id, PAGES);
    const before = Date.now();
    const known = await readPages(bugTracker);
    expect(known.pages).toEqual(PAGES);
    expect(known.readAt).toBeGreaterThanOrEqual(before);
    expect(await stored()).toEqual(known);
    expect(grist.requests.filter((request) => request.path.includes('/sql')).map((request) => [request.apiKey, request.path.split('?')[0]])).toEqual([
      [USERS.owner.apiKey, `/o/acme/api/docs/${DOCS.bugTracker.id}/sql`],
    ]);
    answerPages(DOCS.bugTracker.id, PAGES.slice(1));
    expect(await readPages(bugTracker)).toEqual(known);
    expect(pageReads(DOCS.bugTracker.id)).toBe(1);
  });

  it('reads them again when asked fresh, and stores what Grist has now', async () => {
    answerPages(DOCS.bugTracker.id, PAGES, { times: 1 });
    await readPages(bugTracker);
    answerPages(DOCS.bugTracker.id, PAGES.slice(1));
    expect((await readPages({ ...bugTracker, fresh: true })).pages).toEqual(PAGES.slice(1));
    expect((await stored())?.pages).toEqual(PAGES.slice(1));
    expect(pageReads(DOCS.bugTracker.id)).toBe(2);
  });

  it('sends one read for a document whose pages are being read: the second asking joins it', async () => {
    answerPages(DOCS.bugTracker.id, PAGES, { delayMs: 150 });
    const [first, second] = await Promise.all([readPages(bugTracker), readPages({ ...bugTracker, fresh: true })]);
    expect(second).toEqual(first);
    expect(pageReads(DOCS.bugTracker.id)).toBe(1);
  });

  it('stores "not available" (null) for a document whose access rules refuse both reads', async () => {
    refuseAllPages(DOCS.bugTracker.id);
    expect((await readPages(bugTracker)).pages).toBeNull();
    expect((await stored())?.pages).toBeNull();
  });

  it('stores nothing when the read fails', async () => {
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/sql`, status: 404, body: JSON.stringify({ error: 'document not found' }), contentType: 'application/json' });
    expect((await failure(readPages(bugTracker))).kind).toBe('not-found');
    expect(await stored()).toBeUndefined();
  });

  it('never reads a document the listing does not list: one in the trash, or one of no listed site', async () => {
    await removeInGrist(DOCS.bugTracker.id);
    await refreshListing();
    grist.clearRequests();
    expect((await failure(readPages(bugTracker))).kind).toBe('not-found');
    expect((await failure(readPages({ orgId: 999, docId: DOCS.roadmap.id }))).kind).toBe('not-found');
    expect(grist.requests).toEqual([]);
    expect(await knownPagesItem.get()).toEqual({});
  });
});

describe('the known pages stored', () => {
  it('keep the MAX_KNOWN_DOCUMENTS read last, and none of an account no longer saved (a read ending after Remove account)', async () => {
    const seeded: KnownPagesMap = {};
    for (let index = 0; index < MAX_KNOWN_DOCUMENTS; index++) seeded[pagesKey(ACCOUNT_1, `doc${index}`)] = { pages: [], readAt: index };
    seeded[pagesKey('removed-account', 'gone')] = { pages: [], readAt: Date.now() };
    await knownPagesItem.set(seeded);
    answerPages(DOCS.bugTracker.id, PAGES);
    await readPages(bugTracker);
    const keys = Object.keys(await knownPagesItem.get());
    expect(keys).toHaveLength(MAX_KNOWN_DOCUMENTS);
    // The one read now is in; the one read first (readAt 0) and the removed account's are not.
    expect(keys).toContain(pagesKey(ACCOUNT_1, DOCS.bugTracker.id));
    expect(keys).not.toContain(pagesKey(ACCOUNT_1, 'doc0'));
    expect(keys).toContain(pagesKey(ACCOUNT_1, 'doc1'));
    expect(keys).not.toContain(pagesKey('removed-account', 'gone'));
  });
});
