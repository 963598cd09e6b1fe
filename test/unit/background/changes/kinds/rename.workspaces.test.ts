/**
 * changes/rename.ts for workspaces: `PATCH {site}/api/workspaces/<id>`, owners only, through its
 * own site, logged and undone like a document's rename.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { renameWorkspace } from '../../../../../src/background/changes/kinds/rename.ts';
import { listingItem } from '../../../../../src/shared/storage/storage-items.ts';
import { ORGS, USERS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../../../../fake-grist/server.ts';
import { ACCOUNT_1, saveAccounts, saveSettingsWithKey } from '../../../../setup/saved-key.ts';

let grist: FakeGrist;

async function connectAs(user: (typeof USERS)[keyof typeof USERS]): Promise<void> {
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, user.apiKey);
  await refreshListing();
}

beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  fakeBrowser.permissions.contains = (async () => true) as never;
});
afterEach(async () => {
  await grist.close();
});

/** Acme's Marketing workspace, as the popup names it: its site by id and address. */
const marketing = () => ({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: WORKSPACES.marketing.id });
const patches = () => grist.requests.filter((request) => request.method === 'PATCH');
const cachedName = async (workspaceId: number) =>
  (await readListing())?.sites.flatMap((site) => site.workspaces).find((workspace) => workspace.id === workspaceId)?.name;

describe('renaming a workspace', () => {
  it('for an owner: one PATCH to its own site, stored by Grist, in the cached listing and the history', async () => {
    await connectAs(USERS.owner);
    const listed = (await readListing())!.sites.find((site) => site.orgId === ORGS.acme.id)!.workspaces.find((workspace) => workspace.id === WORKSPACES.marketing.id);
    expect(listed?.access).toBe('owners');
    grist.clearRequests();
    const result = await renameWorkspace({ ...marketing(), name: '  Sales & Marketing ' });
    expect(result).toEqual({ name: 'Sales & Marketing', entryId: expect.any(String) });
    expect(patches()).toEqual([expect.objectContaining({ path: `/o/acme/api/workspaces/${WORKSPACES.marketing.id}`, contentType: 'application/json', origin: undefined })]);
    expect(grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Sales & Marketing');
    expect(await cachedName(WORKSPACES.marketing.id)).toBe('Sales & Marketing');
    expect((await readChangeLog())[0]).toMatchObject({
      account: ACCOUNT_1,
      kind: 'rename',
      target: { kind: 'workspace', id: WORKSPACES.marketing.id },
      oldName: 'Marketing',
      newName: 'Sales & Marketing',
      workspace: { id: WORKSPACES.marketing.id, name: 'Marketing' },
      source: 'popup',
    });
  });

  it('sends nothing for an empty, too long or unchanged name (Grist would answer 200 and change nothing)', async () => {
    await connectAs(USERS.owner);
    grist.clearRequests();
    await expect(renameWorkspace({ ...marketing(), name: '   ' })).rejects.toMatchObject({ kind: 'invalid-input' });
    await expect(renameWorkspace({ ...marketing(), name: 'x'.repeat(256) })).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(await renameWorkspace({ ...marketing(), name: 'Marketing' })).toEqual({ name: 'Marketing', entryId: null });
    expect(grist.requests).toEqual([]);
  });

  it('an editor of the team is refused by Grist with 403: said as "only owners", nothing changes', async () => {
    await connectAs(USERS.editor);
    const listed = (await readListing())!.sites.find((site) => site.orgId === ORGS.acme.id)!.workspaces.find((workspace) => workspace.id === WORKSPACES.marketing.id);
    expect(listed?.access).toBe('editors');
    await expect(renameWorkspace({ ...marketing(), name: 'Nope' })).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/Only owners can rename a workspace/) });
    expect(grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Marketing');
  });

  it('a workspace the listing does not hold, or not on that site, sends nothing', async () => {
    await connectAs(USERS.owner);
    grist.clearRequests();
    await expect(renameWorkspace({ orgId: ORGS.globex.id, siteUrl: `${grist.url}/o/globex`, workspaceId: WORKSPACES.marketing.id, name: 'x' })).rejects.toMatchObject({ kind: 'not-found' });
    await expect(renameWorkspace({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: 9999, name: 'x' })).rejects.toMatchObject({ kind: 'not-found' });
    // The right ids, but another server's address: not a site of the listing.
    await expect(renameWorkspace({ ...marketing(), siteUrl: 'https://grist.other.example.com/o/acme', name: 'x' })).rejects.toMatchObject({ kind: 'not-found' });
    expect(grist.requests).toEqual([]);
  });

  it('in the cached listing, renames only the workspace of that site: ids are numbers per server', async () => {
    await connectAs(USERS.owner);
    const listing = (await readListing())!;
    const acme = listing.sites.find((site) => site.orgId === ORGS.acme.id)!;
    // Another server's site with the same org id and a workspace of the same id.
    const twin = { ...acme, siteUrl: 'https://grist.other.example.com/o/acme' };
    await listingItem.set({ ...listing, sites: [...listing.sites, twin] });
    await renameWorkspace({ ...marketing(), name: 'Growth' });
    const names = (await readListing())!.sites
      .filter((site) => site.workspaces.some((workspace) => workspace.id === WORKSPACES.marketing.id))
      .map((site) => [site.siteUrl, site.workspaces.find((workspace) => workspace.id === WORKSPACES.marketing.id)!.name]);
    expect(names).toEqual([
      [acme.siteUrl, 'Growth'],
      [twin.siteUrl, 'Marketing'],
    ]);
  });

  it('undo reads the workspace back first, then puts the old name back; renamed elsewhere since, it says so', async () => {
    await connectAs(USERS.owner);
    const { entryId } = await renameWorkspace({ ...marketing(), name: 'Growth' });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'workspace', id: WORKSPACES.marketing.id } })).toEqual({ outcome: 'restored', name: 'Marketing', entryId: expect.any(String) });
    expect(grist.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /o/acme/api/workspaces/${WORKSPACES.marketing.id}`,
      `PATCH /o/acme/api/workspaces/${WORKSPACES.marketing.id}`,
    ]);
    expect(grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Marketing');
    expect(await cachedName(WORKSPACES.marketing.id)).toBe('Marketing');

    const second = await renameWorkspace({ ...marketing(), name: 'Growth' });
    // Renamed in Grist itself meanwhile.
    const response = await fetch(`${grist.url}/o/acme/api/workspaces/${WORKSPACES.marketing.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Growth team' }),
    });
    expect(response.status).toBe(200);
    expect(await undoChange({ entryId: second.entryId!, target: { kind: 'workspace', id: WORKSPACES.marketing.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'Growth team' });
    expect(grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Growth team');
  });
});

describe('renaming a workspace both accounts list (issue 19)', () => {
  it('one PATCH with the key of the account that owns it, though an editor’s account comes first; both copies renamed', async () => {
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: 'account-editor', settings, apiKey: USERS.editor.apiKey },
      { id: 'account-owner', settings, apiKey: USERS.owner.apiKey },
    ]);
    await refreshListing();
    await readListing(); // the refresh's own write
    grist.clearRequests();
    const copies = async () =>
      (await readListing())!.sites
        .filter((site) => site.orgId === ORGS.acme.id)
        .map((site) => [site.account, site.workspaces.find((workspace) => workspace.id === WORKSPACES.marketing.id)?.access, site.workspaces.find((workspace) => workspace.id === WORKSPACES.marketing.id)?.name]);
    expect(await copies()).toEqual([
      ['account-editor', 'editors', 'Marketing'],
      ['account-owner', 'owners', 'Marketing'],
    ]);
    await renameWorkspace({ ...marketing(), name: 'Growth' });
    expect(patches()).toEqual([expect.objectContaining({ path: `/o/acme/api/workspaces/${WORKSPACES.marketing.id}`, apiKey: USERS.owner.apiKey })]);
    expect(grist.requests.every((request) => request.apiKey === USERS.owner.apiKey)).toBe(true);
    expect(grist.workspace(WORKSPACES.marketing.id)?.name).toBe('Growth');
    expect(await copies()).toEqual([
      ['account-editor', 'editors', 'Growth'],
      ['account-owner', 'owners', 'Growth'],
    ]);
    expect((await readChangeLog())[0]).toMatchObject({ account: 'account-owner', kind: 'rename', target: { kind: 'workspace' }, newName: 'Growth' });
  });
});
