/**
 * confirmed-changes.ts: the renames and moves Grist confirmed, kept for the refreshes under way
 * (a fetch answered before a change must not bring back the old name or place) and, for moves,
 * for the worker's reads until the cache has them; the last change of a document wins.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyConfirmedMoves,
  applyConfirmedRenames,
  applyMoves,
  confirmedMoveSince,
  forgetConfirmedMoves,
  latestMoves,
  latestRename,
  noteMove,
  noteRename,
  pendingMoves,
} from '../../../../src/background/listing/confirmed-changes.ts';
import type { Listing } from '../../../../src/shared/protocol/listing.ts';
import { documentEntry, listingOf, siteEntry, workspaceEntry } from '../../../setup/listings.ts';

const ACME = 'https://acme.example.com';
const GLOBEX = 'https://globex.example.com';

/** Account a1's Acme (Sales: Plan, Budget; Archive) and Globex (Clients), and account a2's Acme, which lists Plan too. */
function listing(): Listing {
  return listingOf([
    siteEntry(2, 'Acme', [workspaceEntry(3, 'Sales', [documentEntry('plan0000000000000001', 'Plan'), documentEntry('budget00000000000001', 'Budget')]), workspaceEntry(4, 'Archive')]),
    siteEntry(5, 'Globex', [workspaceEntry(6, 'Clients')]),
    siteEntry(2, 'Acme', [workspaceEntry(3, 'Sales', [documentEntry('plan0000000000000001', 'Plan')])], { account: 'a2' }),
  ]);
}

/** Each site's workspaces as `account/site/workspace: names`. */
const placesIn = (shown: Listing) =>
  shown.sites.flatMap((site) => site.workspaces.map((workspace) => `${site.account}/${site.name}/${workspace.name}: ${workspace.documents.map((document) => `${document.name}@${document.urlId}`).join(', ')}`));

afterEach(() => {
  forgetConfirmedMoves();
  vi.useRealTimers();
});

describe('renames Grist confirmed', () => {
  it('are given to a site fetched before them, not to one fetched after', () => {
    vi.useFakeTimers({ now: 1000 });
    noteRename('plan0000000000000001', 'Plan 2027');
    const before = listing().sites[0]!;
    expect(applyConfirmedRenames(before, 999)).toBe(true);
    expect(before.workspaces[0]?.documents.map((document) => document.name)).toEqual(['Plan 2027', 'Budget']);
    const after = listing().sites[0]!;
    expect(applyConfirmedRenames(after, 1001)).toBe(false);
    expect(after.workspaces[0]?.documents.map((document) => document.name)).toEqual(['Plan', 'Budget']);
  });

  it('are the document’s last only until another is noted', () => {
    const first = noteRename('budget00000000000001', 'Budget 2026');
    expect(latestRename('budget00000000000001', first)?.name).toBe('Budget 2026');
    const second = noteRename('budget00000000000001', 'Budget 2027');
    expect(latestRename('budget00000000000001', first)).toBeUndefined();
    expect(latestRename('budget00000000000001', second)?.name).toBe('Budget 2027');
  });
});

describe('moves Grist confirmed', () => {
  it('move a document in the account that moved it; to another site it is reached by its id', () => {
    const shown = listing();
    const done = applyMoves(shown, [
      ['plan0000000000000001', { to: { account: 'a1', siteUrl: ACME, workspaceId: 4 } }],
      ['budget00000000000001', { to: { account: 'a1', siteUrl: GLOBEX, workspaceId: 6 } }],
    ]);
    expect(done).toHaveLength(2);
    expect(placesIn(shown)).toEqual([
      'a1/Acme/Sales: ',
      'a1/Acme/Archive: Plan@plan00000000',
      'a1/Globex/Clients: Budget@budget00000000000001',
      'a2/Acme/Sales: Plan@plan00000000',
    ]);
  });

  it('change nothing when the destination is not listed or is where the document is', () => {
    const shown = listing();
    expect(applyMoves(shown, [['plan0000000000000001', { to: { account: 'a1', siteUrl: ACME, workspaceId: 99 } }]])).toEqual([]);
    expect(applyMoves(shown, [['plan0000000000000001', { to: { account: 'a1', siteUrl: ACME, workspaceId: 3 } }]])).toEqual([]);
    expect(placesIn(shown)).toEqual(placesIn(listing()));
  });

  it('are pending until the cache has them, the last of each document winning', () => {
    vi.useFakeTimers({ now: 1000 });
    const first = noteMove('plan0000000000000001', { account: 'a1', siteUrl: ACME, workspaceId: 4 });
    const second = noteMove('plan0000000000000001', { account: 'a1', siteUrl: GLOBEX, workspaceId: 6 });
    expect(pendingMoves().map(([docId, move]) => [docId, move.to.workspaceId])).toEqual([['plan0000000000000001', 6]]);
    expect(latestMoves([{ docId: 'plan0000000000000001', mark: first }])).toEqual([]);
    expect(latestMoves([{ docId: 'plan0000000000000001', mark: second }]).map(([docId]) => docId)).toEqual(['plan0000000000000001']);
    expect(confirmedMoveSince('plan0000000000000001', 1000)?.workspaceId).toBe(6);
    expect(confirmedMoveSince('plan0000000000000001', 1001)).toBeUndefined();
    forgetConfirmedMoves();
    expect(pendingMoves()).toEqual([]);
  });

  it('are made again in a listing fetched before them, not in one fetched after', () => {
    vi.useFakeTimers({ now: 1000 });
    noteMove('plan0000000000000001', { account: 'a1', siteUrl: ACME, workspaceId: 4 });
    const before = listing();
    expect([...applyConfirmedMoves(before, 999)].map((site) => site.name)).toEqual(['Acme']);
    expect(placesIn(before)[1]).toBe('a1/Acme/Archive: Plan@plan00000000');
    const after = listing();
    expect(applyConfirmedMoves(after, 1001).size).toBe(0);
    expect(placesIn(after)).toEqual(placesIn(listing()));
  });
});
