/**
 * pages/open-page.ts: a page opens at `<document address>/p/<viewRef>` once a fresh read says it
 * is still there; a page gone opens its document (in a background tab for the popup, in the
 * current tab for the address bar's Enter) and answers the pages Grist has now, stored; a read
 * that fails opens the page all the same. Each open is noted (opened/note-open.ts noteOpen, mocked here: its own test is note-open.test.ts).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noteOpen } from '../../../../src/background/opened/note-open.ts';
import { openPage, openPageMessage } from '../../../../src/background/pages/open-page.ts';
import { pagesKey } from '../../../../src/shared/protocol/pages.ts';
import { knownPagesItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS } from '../../../fake-grist/sample-data.ts';
import { answerPages, pageReads, refuseAllPages } from '../../../setup/page-answers.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { failure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

vi.mock('../../../../src/background/opened/note-open.ts', () => ({ noteOpen: vi.fn(async () => undefined) }));

useWorkerGrist({ listed: true });

const createTab = vi.fn(async () => ({}));
const updateTab = vi.fn(async () => ({}));
beforeEach(() => {
  fakeBrowser.tabs.create = createTab as never;
  fakeBrowser.tabs.update = updateTab as never;
  for (const stub of [createTab, updateTab, vi.mocked(noteOpen)]) stub.mockClear();
});

const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };
const documentUrl = () => `${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`;
/** Pages moved: Releases (view 2) first, so a position and a view id differ. */
const PAGES = [
  { viewRef: 2, name: 'Releases', indentation: 0 },
  { viewRef: 1, name: 'Bugs', indentation: 0 },
];

describe('openPage', () => {
  it('opens a page still there in a new tab at its view id, reads the pages afresh (stored), and notes the open', async () => {
    await knownPagesItem.set({ [pagesKey(ACCOUNT_1, DOCS.bugTracker.id)]: { pages: [{ viewRef: 2, name: 'Old name', indentation: 0 }], readAt: 1 } });
    answerPages(DOCS.bugTracker.id, PAGES);
    expect(await openPageMessage({ ...bugTracker, viewRef: 2 })).toEqual({ opened: 'page' });
    expect(createTab.mock.calls).toEqual([[{ url: `${documentUrl()}/p/2`, active: true }]]);
    expect(pageReads(DOCS.bugTracker.id)).toBe(1);
    expect((await knownPagesItem.get())[pagesKey(ACCOUNT_1, DOCS.bugTracker.id)]?.pages).toEqual(PAGES);
    expect(noteOpen).toHaveBeenCalledWith(ACCOUNT_1, DOCS.bugTracker.id, 2);
  });

  it('opens the document in a background tab when the page is gone, and answers the pages as Grist has them now', async () => {
    answerPages(DOCS.bugTracker.id, PAGES);
    const answer = await openPage(bugTracker, 3, 'new-tab');
    expect(answer).toEqual({ opened: 'document', pages: { pages: PAGES, readAt: expect.any(Number), updatedAt: DOCS.bugTracker.updatedAt } });
    expect(createTab.mock.calls).toEqual([[{ url: documentUrl(), active: false }]]);
    expect((await knownPagesItem.get())[pagesKey(ACCOUNT_1, DOCS.bugTracker.id)]).toEqual(answer.opened === 'document' ? answer.pages : null);
    expect(noteOpen).toHaveBeenCalledWith(ACCOUNT_1, DOCS.bugTracker.id);
  });

  it('opens in the current tab for the address bar’s Enter: the page, or its document when the page is gone', async () => {
    answerPages(DOCS.bugTracker.id, PAGES);
    await openPage(bugTracker, 1, 'current-tab');
    await openPage(bugTracker, 3, 'current-tab');
    expect(updateTab.mock.calls).toEqual([[{ url: `${documentUrl()}/p/1` }], [{ url: documentUrl() }]]);
    expect(createTab).not.toHaveBeenCalled();
  });

  it('opens in a background tab when asked so', async () => {
    answerPages(DOCS.bugTracker.id, PAGES);
    await openPage(bugTracker, 1, 'background-tab');
    expect(createTab.mock.calls).toEqual([[{ url: `${documentUrl()}/p/1`, active: false }]]);
  });

  it('opens the page all the same when the read fails, or when Grist refuses to show the pages', async () => {
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/sql`, status: 400, body: JSON.stringify({ error: 'SQLITE_ERROR' }), contentType: 'application/json', times: 1 });
    expect(await openPage(bugTracker, 5, 'new-tab')).toEqual({ opened: 'page' });
    refuseAllPages(DOCS.bugTracker.id);
    expect(await openPage(bugTracker, 6, 'new-tab')).toEqual({ opened: 'page' });
    expect(createTab.mock.calls).toEqual([[{ url: `${documentUrl()}/p/5`, active: true }], [{ url: `${documentUrl()}/p/6`, active: true }]]);
    expect(noteOpen).toHaveBeenCalledTimes(2);
  });

  it('opens nothing for a document the listing does not list', async () => {
    expect((await failure(openPage({ orgId: 999, docId: DOCS.bugTracker.id }, 1, 'new-tab'))).kind).toBe('not-found');
    expect(createTab).not.toHaveBeenCalled();
    expect(noteOpen).not.toHaveBeenCalled();
  });
});
