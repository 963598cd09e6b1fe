/**
 * The popup store on its own (no DOM): its rows as the query goes, its renames, and the pages it
 * opens, in the orderings and failures that are awkward to reach through the view.
 */
import { describe, expect, test, vi } from 'vitest';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { createPopupStore, documentKey } from '../../../src/popup/store.ts';
import { rowDocument } from '../../../src/popup/reads/listing-lookups.ts';
import { FIRST_SCREEN_ROWS } from '../../../src/listing-view/row-window.ts';
import { deferred } from '../../setup/deferred.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { doc, listing, PLAN, REF } from './store-setup.ts';

describe('popup store', () => {

  test('the rows follow the query: documents sorted, only the matches while searching', async () => {
    const older = doc('olderDoc000000000000', 'Older plan');
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(older, PLAN) })) };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    const names = () => store.rows.value.flatMap((row) => (row.kind === 'document' ? [row.document.name] : []));
    expect(names()).toEqual(['Older plan', 'Plan']);
    store.setQuery('older');
    expect(names()).toEqual(['Older plan']);
    // The same words again: the rows are not filtered again.
    const rows = store.rows.value;
    store.setQuery(' OLDER ');
    expect(store.rows.value).toBe(rows);
  });

  test('a query typed holds the first screen of its results, until the list asks for them all', async () => {
    const documents = Array.from({ length: 60 }, (_, index) => doc(`many${String(index).padStart(16, '0')}`, `Plan ${index}`));
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(...documents) })) };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    // The listing itself, whole: no query.
    expect(store.rows.value).toHaveLength(62);
    store.setQuery('plan');
    // The site's and workspace's headings, then documents to fill the tallest popup's list.
    expect(store.rows.value).toHaveLength(FIRST_SCREEN_ROWS);
    store.wholeResults();
    expect(store.rows.value).toHaveLength(62);
    // The same words: nothing new to look for.
    store.setQuery('Plan ');
    expect(store.rows.value).toHaveLength(62);
    store.setQuery('p');
    expect(store.rows.value).toHaveLength(FIRST_SCREEN_ROWS);
    store.wholeResults();
    const everyPlan = store.rows.value;
    expect(everyPlan).toHaveLength(62);
    // A query that keeps the results: a first screen, then, whole, the very rows shown before it.
    store.setQuery('pla');
    expect(store.rows.value).toHaveLength(FIRST_SCREEN_ROWS);
    store.wholeResults();
    expect(store.rows.value).toBe(everyPlan);
    // Fewer results than a screen: all of them at once, the very rows the list asks for then.
    store.setQuery('plan 1');
    const few = store.rows.value;
    // "Plan 1", "Plan 10" to "Plan 19" and "Plan 21" to "Plan 51", under their headings.
    expect(few).toHaveLength(17);
    store.wholeResults();
    expect(store.rows.value).toBe(few);
  });

  test('folding every name for search is left to an idle moment, once per listing', async () => {
    const tasks: Array<() => void> = [];
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(PLAN) })) };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn(), whenIdle: (task) => tasks.push(task) });
    await store.start();
    expect(tasks).toHaveLength(1);
    tasks[0]!();
    store.setQuery('plan');
    expect(store.rows.value.map((row) => row.key)).toEqual(['s7', 'w7/1', documentKey(REF)]);
  });

  test('a rename that throws returns to edit mode with the typed text', async () => {
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(PLAN) })),
      renameDocument: vi.fn(async () => {
        throw new Error('port closed');
      }),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    store.beginRename(REF);
    store.setDraft(REF, 'Plan C ');
    await store.commitRename(REF);
    expect(store.renames.value.get(documentKey(REF))).toEqual({
      draft: 'Plan C ',
      saving: false,
      error: expect.stringContaining('did not answer'),
    });
    expect(rowDocument(store.listing.value, REF)?.name).toBe('Plan');
  });

  test('a document Grist no longer has is removed, and a refresh under way does not bring it back', async () => {
    const refreshed = deferred<Reply<'refreshListing'>>();
    const other = doc('otherDoc000000000000', 'Other');
    const message = '“Plan” no longer exists on docs.getgrist.com. It was removed from the list.';
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn().mockReturnValueOnce(refreshed.promise),
      renameDocument: vi.fn(async () => ({ ok: false as const, error: { kind: 'not-found' as const, status: 404, message } })),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => listing(PLAN, other), openOptions: vi.fn(), openBulkChanges: vi.fn() });
    const started = store.start();
    await vi.waitFor(() => expect(store.loaded.value).toBe(true));

    store.beginRename(REF);
    store.setDraft(REF, 'Plan B');
    await store.commitRename(REF);
    expect(rowDocument(store.listing.value, REF)).toBeUndefined();
    expect(rowDocument(store.listing.value, { orgId: 7, docId: other.id })?.name).toBe('Other');
    expect(store.renames.value.size).toBe(0);
    expect(store.removedDocument.value).toEqual(REF);
    expect(store.announcement.value).toBe(message);

    // Listed before the rename reached Grist: the document is still in it.
    refreshed.resolve({ ok: true, value: listing(PLAN, other) });
    await started;
    expect(rowDocument(store.listing.value, REF)).toBeUndefined();
    expect(rowDocument(store.listing.value, { orgId: 7, docId: other.id })?.name).toBe('Other');
  });

  test('documents the user does not own cannot enter edit mode', async () => {
    const viewed = doc('viewDoc0000000000000', 'Viewed', 'viewers');
    const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(viewed) })) };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    store.beginRename({ orgId: 7, docId: viewed.id });
    expect(store.renames.value.size).toBe(0);
  });

  test('edits cannot be changed or cancelled while the name is being saved', async () => {
    const reply = deferred<Reply<'renameDocument'>>();
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(PLAN) })),
      renameDocument: vi.fn(() => reply.promise),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    await store.start();
    store.beginRename(REF);
    store.setDraft(REF, 'Plan D');
    const saved = store.commitRename(REF);
    store.setDraft(REF, 'other');
    store.cancelRename(REF);
    store.beginRename(REF);
    await store.commitRename(REF);
    expect(store.renames.value.get(documentKey(REF))).toEqual({ draft: 'Plan D', saving: true, error: null });
    reply.resolve({ ok: true, value: { name: 'Plan D', entryId: 'entry-1' } });
    await saved;
    expect(backend.renameDocument).toHaveBeenCalledTimes(1);
    expect(store.renames.value.size).toBe(0);
  });

  test('an options page or Bulk changes page that cannot open says so', async () => {
    const store = createPopupStore({
      backend: { ...popupBackendMocks(), refreshListing: vi.fn() },
      readCachedListing: async () => null,
      openOptions: () => Promise.reject(new Error('no')),
      openBulkChanges: () => {
        throw new Error('no');
      },
    });
    store.openOptions();
    await new Promise((done) => setTimeout(done, 0));
    expect(store.announcement.value).toMatch(/Could not open the options page/);
    store.openBulkChanges();
    expect(store.announcement.value).toBe('Could not open the Bulk changes page.');
  });
});
