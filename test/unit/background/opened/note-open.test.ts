/**
 * What the worker keeps of the opens (frecency, issue 52) against the fake browser's storage and
 * the fake Grist server: an open counts under the account that lists the document, a page's
 * counts for its document too, and Remove account and the History's Clear take them away.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { forgetAccountOpens, noteOpen, noteOpened } from '../../../../src/background/opened/note-open.ts';
import { clearHistory } from '../../../../src/background/opened/clear-history.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { openKey } from '../../../../src/shared/protocol/pages.ts';
import { openedItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1, saveOnOneServer } from '../../../setup/saved-key.ts';
import { grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist();

const OTHER = 'account-other-77c1';

describe('noteOpen', () => {
  it('records a document, and a page with its document; a second open adds to the first', async () => {
    await noteOpen(ACCOUNT_1, 'doc-a');
    await noteOpen(ACCOUNT_1, 'doc-a', 7);
    const opened = await openedItem.get();
    expect(Object.keys(opened).sort()).toEqual([openKey(ACCOUNT_1, 'doc-a'), openKey(ACCOUNT_1, 'doc-a', 7)].sort());
    expect(opened[openKey(ACCOUNT_1, 'doc-a')]!.score).toBeGreaterThan(1.99);
    expect(opened[openKey(ACCOUNT_1, 'doc-a', 7)]!.score).toBe(1);
  });

  it('two opens at once both count (one write after the other)', async () => {
    await Promise.all([noteOpen(ACCOUNT_1, 'doc-a'), noteOpen(ACCOUNT_1, 'doc-b')]);
    expect(Object.keys(await openedItem.get()).sort()).toEqual([openKey(ACCOUNT_1, 'doc-a'), openKey(ACCOUNT_1, 'doc-b')].sort());
  });

  it('records nothing for an account that is not saved (removed meanwhile)', async () => {
    await noteOpen('account-gone', 'doc-a');
    expect(await openedItem.get()).toEqual({});
  });

  it('never throws: a refused write is logged without the error’s text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA secret text'));
    await expect(noteOpen(ACCOUNT_1, 'doc-a')).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('noting an open'), 'Error');
    set.mockRestore();
    error.mockRestore();
  });
});

describe('the noteOpened message', () => {
  it('notes a document of the listing under the account that lists it', async () => {
    await refreshListing();
    await noteOpened({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: DOCS.leads.id });
    expect(Object.keys(await openedItem.get())).toEqual([openKey(ACCOUNT_1, DOCS.leads.id)]);
  });

  it('notes nothing for a document the listing does not list', async () => {
    await refreshListing();
    await noteOpened({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: 'not-listed-doc' });
    expect(await openedItem.get()).toEqual({});
  });
});

describe('forgetting the opens', () => {
  it('Remove account takes its opens, the other account’s stay', async () => {
    await saveOnOneServer(`${grist.url}/o/docs`, { id: ACCOUNT_1, apiKey: USERS.owner.apiKey }, { id: OTHER, apiKey: USERS.editor.apiKey });
    await noteOpen(ACCOUNT_1, 'doc-a', 3);
    await noteOpen(OTHER, 'doc-a');
    await removeAccount({ account: ACCOUNT_1 });
    expect(Object.keys(await openedItem.get())).toEqual([openKey(OTHER, 'doc-a')]);
    expect(JSON.stringify(await openedItem.get())).not.toContain(ACCOUNT_1);
  });

  it('forgetAccountOpens of an account with none leaves the others', async () => {
    await noteOpen(ACCOUNT_1, 'doc-a');
    await forgetAccountOpens('someone-else');
    expect(Object.keys(await openedItem.get())).toEqual([openKey(ACCOUNT_1, 'doc-a')]);
  });

  it('the History’s Clear (the clearChangeLog message) takes every open', async () => {
    await noteOpen(ACCOUNT_1, 'doc-a');
    await clearHistory();
    expect(await openedItem.get()).toEqual({});
  });
});
