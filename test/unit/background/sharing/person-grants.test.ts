/**
 * sharing/person-grants.ts sitesFor: which listed sites "Remove <email> from all your sites…"
 * reads at all (pure: from the listing and the saved accounts, no request).
 */
import { describe, expect, it } from 'vitest';
import { sitesFor } from '../../../../src/background/sharing/person-grants.ts';
import type { KeyedAccount } from '../../../../src/background/grist/grist-connection.ts';
import { DEFAULT_SETTINGS } from '../../../../src/shared/storage/storage-items.ts';
import { siteEntry } from '../../../setup/listings.ts';

const accounts: KeyedAccount[] = [
  { account: { id: 'a1', settings: DEFAULT_SETTINGS, hosts: { confirmed: [], listed: [] }, user: { name: 'Olivia', email: 'owner@example.com' } }, apiKey: 'key' },
];

describe('the sites a person is looked for on', () => {
  it('are only those the listing says the user owns: a site without a role is not read', () => {
    const listing = {
      fetchedAt: 0,
      sites: [siteEntry(1, 'Acme', [], { access: 'owners' }), siteEntry(2, 'Globex', [], { access: 'editors' }), siteEntry(3, 'Initech')],
    };
    expect(sitesFor(listing, accounts, 'editor@example.com').map(({ site }) => site.name)).toEqual(['Acme']);
  });
});
