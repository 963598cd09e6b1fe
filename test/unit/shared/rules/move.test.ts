/**
 * shared/rules/move.ts: where a document can be moved to (moveDestinations, batchDestinations).
 */
import { describe, expect, it } from 'vitest';
import type { Listing, SiteEntry } from '../../../../src/shared/protocol/listing.ts';
import { batchDestinations, moveDestinations, placeIn, placeName, serverOf } from '../../../../src/shared/rules/move.ts';
import { personalSiteEntry, siteEntry, workspaceEntry } from '../../../setup/listings.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';

describe('a place as a change records it and as the pages name it', () => {
  it('the personal site by the name the pickers show, whatever Grist calls it; a team by its name', () => {
    const home = workspaceEntry(10, 'Home', []);
    const personal = placeIn(personalSiteEntry([home], { name: 'Grist’s own name' }), home);
    expect(personal.site.personal).toBe(true);
    expect(placeName(personal)).toBe('Personal › Home');
    const team = placeIn(siteEntry(2, 'Acme Corp', []), workspaceEntry(20, 'Marketing', []));
    expect(team.site).toEqual({ orgId: 2, name: 'Acme Corp', url: team.site.url });
    expect(placeName(team)).toBe('Acme Corp › Marketing');
  });
});

describe('where a document can be moved to', () => {
  /** Site `orgId`, named `Site <orgId>` and personal when 1, with empty workspaces `W<id>` on which the user has `access`. */
  const site = (orgId: number, siteUrl: string, workspaces: Array<[number, string | null]>, account = ACCOUNT_1): SiteEntry =>
    siteEntry(orgId, `Site ${orgId}`, workspaces.map(([id, access]) => workspaceEntry(id, `W${id}`, [], { access })), { account, personal: orgId === 1, siteUrl });
  const listing: Listing = {
    fetchedAt: 1,
    sites: [
      site(1, 'https://docs.getgrist.com', [[10, 'owners']]),
      site(2, 'https://acme.getgrist.com', [[20, 'owners'], [21, 'editors'], [22, 'viewers'], [23, null]]),
      site(3, 'https://globex.getgrist.com', [[30, 'editors']]),
      site(2, 'https://grist.example.com/o/acme', [[20, 'owners']]),
      // Another account of the same user: another Grist user, on the same server as the first sites.
      site(4, 'https://initech.getgrist.com', [[40, 'owners']], 'account-2'),
      site(2, 'https://acme.getgrist.com', [[20, 'owners'], [21, 'owners']], 'account-2'),
    ],
  };
  const names = (from: Parameters<typeof moveDestinations>[1]) => moveDestinations(listing, from).map(({ site: { orgId }, workspace, crossSite }) => `${orgId}/${workspace.name}${crossSite ? ' (other site)' : ''}`);

  it('every workspace the user may add documents to, on the same server, its own left out', () => {
    expect(names({ account: ACCOUNT_1, orgId: 2, siteUrl: 'https://acme.getgrist.com', workspaceId: 20 })).toEqual(['1/W10 (other site)', '2/W21', '3/W30 (other site)']);
    expect(names({ account: ACCOUNT_1, orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 })).toEqual(['2/W20 (other site)', '2/W21 (other site)', '3/W30 (other site)']);
  });

  it('for a batch: the workspace they are all in is left out, one they are not all in stays; another site for any of them is marked', () => {
    const batch = (from: Parameters<typeof batchDestinations>[1]) =>
      batchDestinations(listing, from).map(({ site: { orgId }, workspace, crossSite }) => `${orgId}/${workspace.name}${crossSite ? ' (other site)' : ''}`);
    const acme = { account: ACCOUNT_1, orgId: 2, siteUrl: 'https://acme.getgrist.com' };
    expect(batch([{ ...acme, workspaceId: 20 }, { ...acme, workspaceId: 20 }])).toEqual(names({ ...acme, workspaceId: 20 }));
    expect(batch([{ ...acme, workspaceId: 20 }, { ...acme, workspaceId: 21 }])).toEqual(['1/W10 (other site)', '2/W20', '2/W21', '3/W30 (other site)']);
    expect(batch([{ ...acme, workspaceId: 21 }, { account: ACCOUNT_1, orgId: 3, siteUrl: 'https://globex.getgrist.com', workspaceId: 30 }])).toEqual([
      '1/W10 (other site)',
      '2/W20 (other site)',
      '2/W21 (other site)',
      '3/W30 (other site)',
    ]);
    expect(batch([])).toEqual([]);
  });

  it('another server’s site with the same id is neither the same site nor a destination', () => {
    expect(names({ account: ACCOUNT_1, orgId: 2, siteUrl: 'https://grist.example.com/o/acme', workspaceId: 20 })).toEqual([]);
    expect(serverOf('https://acme.getgrist.com')).toBe(serverOf('https://docs.getgrist.com'));
    expect(serverOf('https://grist.example.com/o/acme')).toBe('https://grist.example.com');
  });

  it('only the workspaces of the document’s own account: another account’s user is another person, on the same server too', () => {
    expect(names({ account: 'account-2', orgId: 2, siteUrl: 'https://acme.getgrist.com', workspaceId: 20 })).toEqual(['4/W40 (other site)', '2/W21']);
    expect(batchDestinations(listing, [{ account: 'account-2', orgId: 4, siteUrl: 'https://initech.getgrist.com', workspaceId: 40 }]).map(({ site }) => site.account)).toEqual([
      'account-2',
      'account-2',
    ]);
  });
});
