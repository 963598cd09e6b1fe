/**
 * sharing/access-api.ts: Grist's Access API read and changed against the fake Grist, and the
 * account chosen for a resource from the worker's listing (the owner's, else the first listing it).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { accessOwnerLookup, findAccessOwner, patchAccess, readAccessOf } from '../../../../src/background/sharing/access-api.ts';
import { clientsFor, connectToGrist, readKeyedAccounts } from '../../../../src/background/grist/grist-connection.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import type { SiteEntry } from '../../../../src/shared/protocol/listing.ts';
import { listingItem, listingTagsItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, USERS } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1, EDITOR_ACCOUNT, OWNER_ACCOUNT, saveAccounts, saveEditorThenOwner, saveViewerThenOwner, VIEWER_ACCOUNT } from '../../../setup/saved-key.ts';
import { failure, grist, patches, renameInGrist, useWorkerGrist } from '../../../setup/worker-grist.ts';
import { acmeUrl, documentAt, roadmapAt, engineeringAt, acmeAt } from '../../../setup/access-resources.ts';

useWorkerGrist({ listed: true });

const { owner, editor, viewer } = USERS;
const { roadmap, leads } = DOCS;

/** A client with `user`'s key, allowed everywhere on the fake. */
const clientOf = (user: { apiKey: string }) =>
  connectToGrist({ settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, hosts: { confirmed: [grist.url], listed: [] } }, user.apiKey);

const person = (user: { email: string; name: string }, role: string | null, inherited: string | null, isMember: boolean | null = true) => ({
  email: user.email,
  name: user.name,
  role,
  inherited,
  isMember,
});

beforeEach(() => {
  grist.clearRequests();
});

describe('readAccessOf', () => {
  it("reads a document's access: each person with the role given here and the one inherited, the inherited cap", async () => {
    expect(await readAccessOf(clientOf(owner), roadmapAt())).toEqual({
      people: [person(owner, null, 'owners'), person(viewer, null, 'viewers'), person(editor, null, 'editors')],
      publicRole: null,
      maxInheritedRole: 'owners',
      onlySelf: false,
    });
    expect(grist.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /o/acme/api/docs/${roadmap.id}/access`]);
  });

  it('takes the public link out of the people into publicRole', async () => {
    await patchAccess(clientOf(owner), roadmapAt(), { users: { 'everyone@getgrist.com': 'viewers' } });
    const access = await readAccessOf(clientOf(owner), roadmapAt());
    expect(access.publicRole).toBe('viewers');
    expect(access.people.map(({ email }) => email)).toEqual([owner.email, viewer.email, editor.email]);
  });

  it("reads a workspace's access, and a site's (members with their roles, no inherited cap)", async () => {
    expect((await readAccessOf(clientOf(owner), engineeringAt())).people).toEqual([
      person(owner, null, 'owners'),
      person(viewer, null, 'viewers'),
      person(editor, null, 'editors'),
    ]);
    expect(await readAccessOf(clientOf(owner), acmeAt())).toEqual({
      people: [person(owner, 'owners', null), person(viewer, 'viewers', null), person(editor, 'editors', null)],
      publicRole: null,
      onlySelf: false,
    });
  });

  it('leaves out who has no access: a site member given nothing is answered with access and parentAccess null', async () => {
    const member = 'member@example.com';
    await patchAccess(clientOf(owner), acmeAt(), { users: { [member]: 'members' } });
    const raw = await fetch(`${grist.url}/o/acme/api/docs/${roadmap.id}/access`, { headers: { Authorization: `Bearer ${owner.apiKey}` } }).then((answer) => answer.json() as Promise<{ users: Array<{ email: string; access: null; parentAccess: null }> }>);
    expect(raw.users.find(({ email }) => email === member)).toMatchObject({ access: null, parentAccess: null });
    const emails = async (resource: Parameters<typeof readAccessOf>[1]) => (await readAccessOf(clientOf(owner), resource)).people.map(({ email }) => email);
    expect(await emails(roadmapAt())).toEqual([owner.email, viewer.email, editor.email]);
    expect(await emails(engineeringAt())).toEqual([owner.email, viewer.email, editor.email]);
    // On the site itself they are a member.
    expect(await emails(acmeAt())).toContain(member);
  });

  it('answers a viewer only themselves, marked onlySelf', async () => {
    expect(await readAccessOf(clientOf(viewer), roadmapAt())).toEqual({ people: [person(viewer, null, 'viewers')], publicRole: null, maxInheritedRole: 'owners', onlySelf: true });
  });
});

describe('patchAccess', () => {
  it('sends one PATCH with {delta} as JSON, and Grist stores it', async () => {
    await patchAccess(clientOf(owner), roadmapAt(), { users: { 'new@example.com': 'editors' }, maxInheritedRole: 'viewers' });
    expect(patches().map(({ path, body }) => [path, JSON.parse(body)])).toEqual([
      [`/o/acme/api/docs/${roadmap.id}/access`, { delta: { users: { 'new@example.com': 'editors' }, maxInheritedRole: 'viewers' } }],
    ]);
    const access = await readAccessOf(clientOf(owner), roadmapAt());
    expect(access.maxInheritedRole).toBe('viewers');
    expect(access.people).toContainEqual(person({ email: 'new@example.com', name: '' }, 'editors', null, false));
  });

  it("passes Grist's 403 on to an editor", async () => {
    const error = await failure(patchAccess(clientOf(editor), roadmapAt(), { users: { 'new@example.com': 'editors' } }));
    expect([error.kind, error.status]).toEqual(['forbidden', 403]);
  });
});

describe('findAccessOwner', () => {
  it("chooses the account that owns the resource, though another is first, with its user's email", async () => {
    await saveEditorThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    for (const resource of [roadmapAt(), engineeringAt(), acmeAt()]) {
      expect(await findAccessOwner(resource)).toMatchObject({ account: OWNER_ACCOUNT, siteUrl: acmeUrl(), canChange: true });
    }
    // Ed owns Leads (it was given to him): his account is first, and owns it.
    expect(await findAccessOwner(documentAt(leads.id))).toMatchObject({ account: EDITOR_ACCOUNT, canChange: true });
  });

  it('else the first account that lists it, which cannot change it; or only the account asked', async () => {
    await saveViewerThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    expect(await findAccessOwner(roadmapAt(), VIEWER_ACCOUNT)).toMatchObject({ account: VIEWER_ACCOUNT, canChange: false });
    expect(await findAccessOwner(acmeAt(), VIEWER_ACCOUNT)).toMatchObject({ account: VIEWER_ACCOUNT, canChange: false });
  });

  it("gives the account's user's email, once a check said whose key it is", async () => {
    await saveAccounts([{ id: OWNER_ACCOUNT, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, apiKey: owner.apiKey, user: { name: owner.name, email: owner.email } }]);
    await refreshListing();
    const found = await findAccessOwner(roadmapAt());
    expect(found.ownEmail).toBe(owner.email);
    // Its client carries that account's key.
    await readAccessOf(found.client, roadmapAt());
    expect(grist.requests.at(-1)?.apiKey).toBe(owner.apiKey);
  });

  it("keeps a site's role through a refresh whose site list Grist answers 304 to, and the site's documents anew", async () => {
    await renameInGrist(roadmap.id, 'Roadmap 2027');
    grist.clearRequests();
    await refreshListing();
    expect((await findAccessOwner(roadmapAt())).name).toBe('Roadmap 2027');
    expect(grist.requests.find(({ path }) => path.endsWith('/api/orgs'))?.ifNoneMatch).toBeTruthy();
    expect(await findAccessOwner(acmeAt())).toMatchObject({ canChange: true });
  });

  it('asks the site list in full when the cached listing is of before sites kept their role', async () => {
    // Such a listing, and its ETags, as a worker of before stored them (under a revision of its own).
    const listing = await readListing();
    const tags = await listingTagsItem.get();
    const sites = listing!.sites.map((site) => Object.fromEntries(Object.entries(site).filter(([field]) => field !== 'access')) as SiteEntry);
    await Promise.all([listingItem.set({ ...listing!, sites, revision: 'before' }), listingTagsItem.set({ ...tags!, revision: 'before' })]);
    expect(await findAccessOwner(acmeAt())).toMatchObject({ canChange: false });
    // Nor is the personal site guessed to be its user's: nothing is claimed until the refresh says.
    const personal = listing!.sites.find((site) => site.personal)!;
    expect(await findAccessOwner({ kind: 'site', orgId: personal.orgId, siteUrl: personal.siteUrl })).toMatchObject({ canChange: false });
    grist.clearRequests();
    await refreshListing();
    expect(grist.requests.filter(({ path }) => path.endsWith('/api/orgs')).map(({ ifNoneMatch }) => ifNoneMatch === undefined)).toEqual([false, true]);
    expect(await findAccessOwner(acmeAt())).toMatchObject({ canChange: true });
    expect(await findAccessOwner({ kind: 'site', orgId: personal.orgId, siteUrl: personal.siteUrl })).toMatchObject({ canChange: true });
  });

  it('answers many resources from one listing read, with the clients given (a bulk run’s)', async () => {
    const [listing, accounts] = await Promise.all([readListing(), readKeyedAccounts()]);
    const clientOf = vi.fn(clientsFor(accounts));
    const lookup = accessOwnerLookup(listing, accounts, clientOf);
    expect([roadmapAt(), documentAt(leads.id), engineeringAt(), acmeAt()].map((resource) => [lookup(resource).name, lookup(resource).canChange])).toEqual([
      [roadmap.name, true],
      [leads.name, true],
      ['Engineering', true],
      ['Acme Corp', true],
    ]);
    expect(clientOf).toHaveBeenCalledWith(ACCOUNT_1);
    expect(() => lookup(documentAt('unknownDocId0000000000'))).toThrow('This document, workspace or site is not in the list any more.');
  });

  it('refuses in words what no account lists: another site address, or an unknown document', async () => {
    for (const resource of [{ ...roadmapAt(), siteUrl: `${grist.url}/o/globex` }, documentAt('unknownDocId0000000000'), { ...engineeringAt(), workspaceId: 999 }]) {
      const error = await failure(findAccessOwner(resource));
      expect([error.kind, error.message]).toEqual(['not-found', 'This document, workspace or site is not in the list any more. Reopen the list to refresh it.']);
    }
  });
});
