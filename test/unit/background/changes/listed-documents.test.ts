/**
 * changes/listed-documents.ts: the worker's listing names the target of every change. Two
 * self-hosted servers restored from one backup share org ids and document ids: the site's address
 * tells their documents apart (issue 28), for a rename, a move and a bulk run alike.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBulkRename } from '../../../../src/background/bulk/targets/rename.ts';
import { findDocument, findWorkspace } from '../../../../src/background/changes/listed-documents.ts';
import { moveDocument } from '../../../../src/background/changes/kinds/move.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import type { Listing } from '../../../../src/shared/protocol/listing.ts';
import { DOCS, ORGS, sampleSeed, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { startTwoServers, type TwoServers } from '../../../fake-grist/two-servers.ts';
import { finished } from '../../../setup/finished-run.ts';
import { documentEntry, listingOf, siteEntry, workspaceEntry } from '../../../setup/listings.ts';
import { saveAccounts } from '../../../setup/saved-key.ts';

let servers: TwoServers;
let listing: Listing;

beforeEach(async () => {
  // One backup restored on two servers: the same orgs, workspaces, documents and ids on both.
  servers = await startTwoServers({ second: { seed: sampleSeed } });
  fakeBrowser.permissions.contains = (async () => true) as never;
  await saveAccounts([
    { id: 'first', settings: { personalSiteUrl: `${servers.first.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey },
    { id: 'restored', settings: { personalSiteUrl: `${servers.second.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey },
  ]);
  listing = await refreshListing();
});
afterEach(async () => {
  await servers.close();
});

const acmeOf = (server: { url: string }) => `${server.url}/o/acme`;

describe('a document named by its site address as well as its ids', () => {
  it('findDocument answers the copy of the site named, and the first owner’s copy when no address is given', () => {
    const docId = DOCS.bugTracker.id;
    expect(findDocument(listing, { orgId: ORGS.acme.id, siteUrl: acmeOf(servers.second), docId })?.site.account).toBe('restored');
    expect(findDocument(listing, { orgId: ORGS.acme.id, siteUrl: acmeOf(servers.first), docId })?.site.account).toBe('first');
    expect(findDocument(listing, { orgId: ORGS.acme.id, docId })?.site.account).toBe('first');
    expect(findDocument(listing, { orgId: ORGS.acme.id, siteUrl: 'https://elsewhere.example.com/o/acme', docId })).toBeNull();
  });

  it('a rename goes to the server whose site was named, and only there', async () => {
    const docId = DOCS.bugTracker.id;
    await renameDocument({ orgId: ORGS.acme.id, siteUrl: acmeOf(servers.second), docId, name: 'Bugs (restored)' });
    expect(servers.second.doc(docId)?.name).toBe('Bugs (restored)');
    expect(servers.first.doc(docId)?.name).toBe('Bug Tracker');
  });

  it('a move goes to the server whose site was named, and only there', async () => {
    const docId = DOCS.bugTracker.id;
    const to = { orgId: ORGS.acme.id, workspaceId: WORKSPACES.acmeHome.id };
    await moveDocument({ orgId: ORGS.acme.id, siteUrl: acmeOf(servers.second), docId, to });
    expect(servers.second.doc(docId)?.workspaceId).toBe(WORKSPACES.acmeHome.id);
    expect(servers.first.doc(docId)?.workspaceId).not.toBe(WORKSPACES.acmeHome.id);
  });

  it('a bulk run renames each document on the server whose site was named', async () => {
    const docId = DOCS.bugTracker.id;
    const run = await finished((await startBulkRename({ requestId: crypto.randomUUID(), items: [{ orgId: ORGS.acme.id, siteUrl: acmeOf(servers.second), docId, newName: 'Bugs 2027' }] })).id);
    expect(run.items.map((item) => item.state)).toEqual(['renamed']);
    expect(servers.second.doc(docId)?.name).toBe('Bugs 2027');
    expect(servers.first.doc(docId)?.name).toBe('Bug Tracker');
  });
});

describe('a document or workspace that several accounts list', () => {
  // The same site seen by three accounts: a viewer's first, then an editor's, then an owner's.
  const seenAs = (account: string, access: 'viewers' | 'editors' | 'owners') =>
    siteEntry(2, 'Acme', [workspaceEntry(20, 'Sales', [documentEntry('acmeForecast000000000', 'Forecast', { access })], { access })], { account });
  const ACME = { orgId: 2, siteUrl: 'https://acme.example.com' };

  it('is changed by the account with the most access: owners, else editors (who pin and add documents), else the first', () => {
    const all = listingOf([seenAs('viewer', 'viewers'), seenAs('editor', 'editors'), seenAs('owner', 'owners')]);
    const noOwner = listingOf([seenAs('viewer', 'viewers'), seenAs('editor', 'editors')]);
    const viewersOnly = listingOf([seenAs('viewer', 'viewers'), seenAs('other viewer', 'viewers')]);
    const docOf = (listed: Listing) => findDocument(listed, { ...ACME, docId: 'acmeForecast000000000' })?.site.account;
    const workspaceOf = (listed: Listing) => findWorkspace(listed, (site) => site.orgId === 2, 20)?.site.account;
    expect([docOf(all), docOf(noOwner), docOf(viewersOnly)]).toEqual(['owner', 'editor', 'viewer']);
    expect([workspaceOf(all), workspaceOf(noOwner), workspaceOf(viewersOnly)]).toEqual(['owner', 'editor', 'viewer']);
  });
});
