import { describe, expect, it } from 'vitest';
import { listingPreview, sortDocuments, type Listing } from '../../../../src/shared/protocol/listing.ts';
import { documentEntry, listingOf, personalSiteEntry, siteEntry, workspaceEntry } from '../../../setup/listings.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';

/** Named by its one-letter id. */
const doc = (id: string, updatedAt: string, isPinned = false) => documentEntry(id, id, { updatedAt, isPinned });

const listing: Listing = listingOf(
  [
    personalSiteEntry([workspaceEntry(1, 'Home', [doc('a', '2026-01-01'), doc('b', '2026-03-01'), doc('c', '2026-02-01', true)])], { account: ACCOUNT_1 }),
    siteEntry(2, 'Acme', [workspaceEntry(2, 'Engineering', [doc('d', '2026-01-01')])], { account: ACCOUNT_1, domain: 'acme', siteUrl: 'https://acme.getgrist.com' }),
  ],
  { revision: 'rev' },
);

describe('the cached first screen', () => {
  it('takes headings and documents in display order until the rows run out', () => {
    const preview = listingPreview(listing, 4);
    expect(preview.sites.map((site) => site.name)).toEqual(['Personal']);
    // Site heading, workspace heading, then the first two documents as the popup sorts them.
    expect(preview.sites[0]?.workspaces[0]?.documents.map((d) => d.id)).toEqual(['c', 'b']);
  });

  it('holds everything when the rows suffice, in the popup’s order', () => {
    const preview = listingPreview(listing, 100);
    expect(preview.sites.map((site) => site.workspaces.map((w) => w.documents.map((d) => d.id)))).toEqual([[['c', 'b', 'a']], [['d']]]);
    expect(preview.sites[0]?.workspaces[0]?.documents).toEqual(sortDocuments(listing.sites[0]!.workspaces[0]!.documents));
  });

  it('is marked as a preview, so the whole listing always replaces it', () => {
    expect(listingPreview(listing, 4).revision).toBe('preview:rev');
    expect(listing.sites[0]?.workspaces[0]?.documents).toHaveLength(3);
  });
});

describe('empty workspaces', () => {
  it('take a row of the preview each, their heading: the popup shows them', () => {
    const withEmpty: Listing = {
      ...listing,
      sites: listing.sites.map((site) => ({ ...site, workspaces: [{ id: 99, name: 'Empty', documents: [] }, ...site.workspaces] })),
    };
    const preview = listingPreview(withEmpty, 5);
    expect(preview.sites[0]?.workspaces.map((workspace) => workspace.name)).toEqual(['Empty', 'Home']);
    // Site heading, Empty, Home: two rows left for its documents.
    expect(preview.sites[0]?.workspaces[1]?.documents.map((d) => d.id)).toEqual(['c', 'b']);
  });
});

describe('several accounts', () => {
  it('keep their headings and each site its account in the preview', () => {
    const accounts = [
      { id: ACCOUNT_1, user: { name: 'Olivia Owner', email: 'owner@example.com' }, server: 'docs.getgrist.com' },
      { id: 'account-2', user: null, server: 'grist.example.com', error: { kind: 'auth' as const, message: 'Refused.' } },
    ];
    const two: Listing = { ...listing, accounts, sites: [listing.sites[0]!, { ...listing.sites[1]!, account: 'account-2' }] };
    const preview = listingPreview(two, 100);
    expect(preview.accounts).toEqual(accounts);
    expect(preview.sites.map((site) => site.account)).toEqual([ACCOUNT_1, 'account-2']);
  });
});
