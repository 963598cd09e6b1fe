/**
 * changes/rename.ts: renaming a document through the change pipeline, against the fake Grist
 * server: one PATCH to its own site, the change log, the cached listing, and with two accounts,
 * the one that owns it.
 */
import { describe, expect, it, vi } from 'vitest';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { renameDocument } from '../../../../../src/background/changes/kinds/rename.ts';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import { DOCS, ORGS, USERS } from '../../../../fake-grist/sample-data.ts';
import { EDITOR_ACCOUNT, OWNER_ACCOUNT, saveEditorThenOwner } from '../../../../setup/saved-key.ts';
import { configure, failure, grist, patches, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ signedIn: false });

describe('renameDocument', () => {
  it('sends one JSON PATCH to the document’s own site and updates the cache', async () => {
    await configure();
    await refreshListing();
    grist.clearRequests();
    expect(await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: '  Bugs  ' })).toEqual({ name: 'Bugs', entryId: expect.any(String) });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    expect(grist.requests).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `/o/acme/api/docs/${DOCS.bugTracker.id}`, contentType: 'application/json', body: '{"name":"Bugs"}' }),
    ]);
    const cached = await readListing();
    const names = cached?.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents.map((doc) => doc.name)));
    expect(names).toContain('Bugs');
  });

  it('refuses an empty name without sending anything (Grist would silently ignore it)', async () => {
    await configure();
    await refreshListing();
    grist.clearRequests();
    expect((await failure(renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: '  ' }))).kind).toBe('invalid-input');
    expect(grist.requests).toHaveLength(0);
  });

  it('tells an editor that only owners rename', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    const error = await failure(renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Mine' }));
    expect(error.toValue()).toEqual({ kind: 'forbidden', status: 403, message: 'Only owners can rename a document in Grist, and you are not an owner of “Bug Tracker”.' });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('refuses a document the listing does not hold, so a message cannot pick the host', async () => {
    await configure();
    await refreshListing();
    grist.clearRequests();
    expect((await failure(renameDocument({ orgId: 999, docId: DOCS.bugTracker.id, name: 'x' }))).kind).toBe('not-found');
    expect(grist.requests).toHaveLength(0);
  });
});

describe('renameDocument with two accounts that both list the document (issue 19)', () => {

  /** Ed's account first, then Olivia's: two users of the one server, both listing Acme. */
  async function configureBoth(): Promise<void> {
    await saveEditorThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    await readListing(); // the refresh's own write
    grist.clearRequests();
  }
  const copiesOf = async (docId: string) =>
    ((await readListing())?.sites ?? []).flatMap((site) =>
      site.workspaces.flatMap((workspace) => workspace.documents.filter((document) => document.id === docId).map((document) => [site.account, document.access, document.name])),
    );

  it('sends one PATCH with the key of the account that owns it, though the editor’s account comes first', async () => {
    await configureBoth();
    expect(await copiesOf(DOCS.bugTracker.id)).toEqual([
      [EDITOR_ACCOUNT, 'editors', 'Bug Tracker'],
      [OWNER_ACCOUNT, 'owners', 'Bug Tracker'],
    ]);
    expect(await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, name: 'Bugs' })).toEqual({ name: 'Bugs', entryId: expect.any(String) });
    expect(patches()).toEqual([
      expect.objectContaining({ path: `/o/acme/api/docs/${DOCS.bugTracker.id}`, body: '{"name":"Bugs"}', apiKey: USERS.owner.apiKey }),
    ]);
    expect(grist.requests.every((request) => request.apiKey === USERS.owner.apiKey)).toBe(true);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    // Both accounts' copies show the new name; the history names the account that renamed it.
    await vi.waitFor(async () =>
      expect(await copiesOf(DOCS.bugTracker.id)).toEqual([
        [EDITOR_ACCOUNT, 'editors', 'Bugs'],
        [OWNER_ACCOUNT, 'owners', 'Bugs'],
      ]),
    );
    expect((await readChangeLog())[0]).toMatchObject({ account: OWNER_ACCOUNT, target: { kind: 'document', id: DOCS.bugTracker.id }, oldName: 'Bug Tracker', newName: 'Bugs' });
  });

  it('where both accounts own it, the first of them in the options’ order renames it', async () => {
    await configureBoth();
    // Ed owns Leads (given to him directly), Olivia owns all of Acme.
    expect((await copiesOf(DOCS.leads.id)).map(([account, access]) => [account, access])).toEqual([
      [EDITOR_ACCOUNT, 'owners'],
      [OWNER_ACCOUNT, 'owners'],
    ]);
    await renameDocument({ orgId: ORGS.acme.id, docId: DOCS.leads.id, name: 'Leads 2027' });
    expect(patches()).toEqual([expect.objectContaining({ path: `/o/acme/api/docs/${DOCS.leads.id}`, apiKey: USERS.editor.apiKey })]);
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads 2027');
    expect((await readChangeLog())[0]).toMatchObject({ account: EDITOR_ACCOUNT, target: { kind: 'document', id: DOCS.leads.id } });
  });
});
