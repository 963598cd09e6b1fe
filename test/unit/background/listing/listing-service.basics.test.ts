/**
 * listing/listing-service.ts through its `refreshListing` message: the sites and their documents,
 * errors per site, the cached listing and its preview.
 */
import { describe, expect, it } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { configure, failure, granted, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';
import { sendTo } from '../../../fake-grist/api-calls.ts';

useWorkerGrist({ signedIn: false });

describe('refreshListing', () => {
  it('lists every site with its address, workspaces and documents, and caches it', async () => {
    await configure();
    const listing = await refreshListing();
    expect(listing.sites.map((site) => [site.name, site.siteUrl, site.personal])).toEqual([
      ['Personal', `${grist.url}/o/docs`, true],
      ['Acme Corp', `${grist.url}/o/acme`, false],
      ['Globex Inc', `${grist.url}/o/globex`, false],
    ]);
    const engineering = listing.sites[1]?.workspaces.find((workspace) => workspace.name === 'Engineering');
    expect(engineering?.documents.find((doc) => doc.id === DOCS.roadmap.id)).toEqual({
      id: DOCS.roadmap.id,
      urlId: DOCS.roadmap.urlId,
      name: 'Roadmap 2026',
      access: 'owners',
      isPinned: true,
      updatedAt: DOCS.roadmap.updatedAt,
    });
    expect(await readListing()).toEqual(listing);
  });

  it('marks the documents Grist lists as public, and only those, with no request beside the listing', async () => {
    await configure();
    await sendTo(grist, `/o/acme/api/docs/${DOCS.bugTracker.id}/access`, { method: 'PATCH', json: { delta: { users: { 'everyone@getgrist.com': 'viewers' } } } });
    grist.clearRequests();
    const listing = await refreshListing();
    const documents = listing.sites.flatMap((site) => site.workspaces.flatMap((workspace) => workspace.documents));
    expect(documents.filter((doc) => doc.isPublic).map((doc) => doc.name)).toEqual([DOCS.bugTracker.name]);
    // Absent on the others, not false: the cached listing stays as small as before.
    expect(documents.find((doc) => doc.id === DOCS.roadmap.id)).not.toHaveProperty('isPublic');
    expect(grist.requests.some((request) => request.path.includes('/access'))).toBe(false);
    expect((await readListing())?.sites[1]?.workspaces.flatMap((workspace) => workspace.documents).find((doc) => doc.id === DOCS.bugTracker.id)?.isPublic).toBe(true);
  });

  it('gives each site the caller’s role on it, as Grist’s site list says (what a new workspace is offered by)', async () => {
    await configure(USERS.editor.apiKey);
    const listing = await refreshListing();
    expect(listing.sites.map((site) => [site.name, site.access])).toEqual([
      ['Personal', 'owners'],
      ['Acme Corp', 'editors'],
    ]);
    expect((await readListing())?.sites.map((site) => site.access)).toEqual(['owners', 'editors']);
  });

  it('lists another person’s personal site that shared a document at its own address, with its owner’s name; the user’s own stays theirs', async () => {
    // Ed shares his personal site's "Ed Notes" with Olivia: Grist then lists Ed's personal site to her, `owner` Ed.
    await sendTo(grist, `/o/docs/api/docs/${DOCS.editorNotes.id}/access`, { user: USERS.editor, method: 'PATCH', json: { delta: { users: { [USERS.owner.email]: 'editors' } } } });
    await configure();
    const listing = await refreshListing();
    expect(listing.sites.map((site) => [site.name, site.siteUrl, site.personal, site.owner])).toEqual([
      ['Personal', `${grist.url}/o/docs`, true, undefined],
      ['Personal', `${grist.url}/o/docs-${USERS.editor.id}`, false, USERS.editor.name],
      ['Acme Corp', `${grist.url}/o/acme`, false, undefined],
      ['Globex Inc', `${grist.url}/o/globex`, false, undefined],
    ]);
    // Its documents are Ed's shared one, not Olivia's own (which the user's personal site URL would list).
    expect(listing.sites[1]?.workspaces.flatMap((workspace) => workspace.documents.map((doc) => doc.name))).toEqual([DOCS.editorNotes.name]);
    expect(listing.sites[0]?.workspaces.flatMap((workspace) => workspace.documents.map((doc) => doc.name)).sort()).toEqual([DOCS.personalBudget.name, DOCS.readingList.name]);
    expect((await readListing())?.sites[1]?.owner).toBe(USERS.editor.name);
  });

  it('says "no key" without calling Grist when none is saved', async () => {
    await configure(null);
    expect((await failure(refreshListing())).kind).toBe('no-key');
    expect(grist.requests).toHaveLength(0);
  });

  it('reads Grist’s anonymous answer (200 []) as a key that did not arrive, not as "no sites"', async () => {
    await configure();
    grist.injectFault({ path: '/api/orgs', status: 200, body: '[]', contentType: 'application/json' });
    const error = await failure(refreshListing());
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/as if no API key was sent/);
  });

  it('keeps a failing site’s last good workspaces, with its error', async () => {
    await configure();
    await refreshListing();
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', status: 500 });
    const listing = await refreshListing();
    const globex = listing.sites.find((site) => site.orgId === ORGS.globex.id);
    expect(globex?.error).toMatchObject({ kind: 'server', status: 500 });
    expect(globex?.workspaces.map((workspace) => workspace.name)).toEqual(['Home', 'Projects']);
    expect(listing.sites.find((site) => site.orgId === ORGS.acme.id)?.error).toBeUndefined();
  });

  it('a refused key is an auth error that points to the options', async () => {
    await configure('f'.repeat(40));
    const error = await failure(refreshListing());
    expect(error.toValue()).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).toMatch(/Profile settings → API/);
  });

  it('never sends the key to a host without permission', async () => {
    await configure();
    granted.mockResolvedValue(false);
    expect((await failure(refreshListing())).kind).toBe('no-host-permission');
    expect(grist.requests).toHaveLength(0);
  });
});
