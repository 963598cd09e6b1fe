/**
 * The popup's listing as a change Grist confirmed makes it (src/popup/changes/listing-edits.ts):
 * what each edit leaves in the listing, under every account that lists the document, and that what
 * it does not touch stays the same object (so its rows are not built again); and where a document
 * is (listing-lookups.ts placeOf), which a move and a trash start from.
 */
import { describe, expect, test } from 'vitest';
import type { ChangeEntry } from '../../../src/shared/protocol/change-log.ts';
import { entryName } from '../../../src/shared/protocol/change-log-reads.ts';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { placeIn } from '../../../src/shared/rules/move.ts';
import { removedDocument, renamedTo, withAdded, withMoved, withoutDocument, withoutWorkspace, withPinned, withPublic, withRenamed } from '../../../src/popup/changes/listing-edits.ts';
import { undoneEdit } from '../../../src/popup/changes/registry.ts';
import { placeOf } from '../../../src/popup/reads/listing-lookups.ts';
import { documentEntry as doc, listingOf, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';

const BUDGET = doc('budgetDoc000000000000', 'Budget');
const NOTES = doc('notesDoc0000000000000', 'Notes');
const PLAN = doc('planDoc00000000000000', 'Plan');
const HOME = workspaceEntry(10, 'Home', [BUDGET, NOTES], { access: 'owners' });
const ARCHIVE = workspaceEntry(11, 'Archive', [], { access: 'owners' });
const SALES = workspaceEntry(20, 'Sales', [PLAN], { access: 'owners' });

/** Personal (Home: Budget, Notes; Archive) as account a1 and, listing the same site, account a2; Acme (Sales: Plan). */
function listing(): Listing {
  const personal = personalSiteEntry([HOME, ARCHIVE]);
  return listingOf([personal, { ...personal, account: 'a2' }, siteEntry(2, 'Acme', [SALES])]);
}

const BUDGET_REF = { orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id };
/** The names in each workspace of each site, by account, for what a user would see listed. */
const names = (shown: Listing) => shown.sites.map((site) => `${site.account} ${site.name}: ${site.workspaces.map((workspace) => `${workspace.name} [${workspace.documents.map((document) => document.name).join(', ')}]`).join(' ')}`);

describe('renaming and removing', () => {
  test('a document renamed is renamed under every account that lists it; other sites stay the same objects', () => {
    const before = listing();
    const after = withRenamed(before, BUDGET_REF, 'Budget 2027');
    expect(names(after)).toEqual(['a1 Personal: Home [Budget 2027, Notes] Archive []', 'a2 Personal: Home [Budget 2027, Notes] Archive []', 'a1 Acme: Sales [Plan]']);
    expect(after.sites[2]).toBe(before.sites[2]);
    expect(after.sites[0]!.workspaces[1]).toBe(before.sites[0]!.workspaces[1]);
  });

  test('a workspace renamed changes its heading only, on its own site', () => {
    const after = withRenamed(listing(), { orgId: 2, siteUrl: 'https://acme.example.com', workspaceId: 20 }, 'Sales 2027');
    expect(names(after)[2]).toBe('a1 Acme: Sales 2027 [Plan]');
    expect(names(after)[0]).toBe('a1 Personal: Home [Budget, Notes] Archive []');
  });

  test('a document removed leaves every account’s listing, the others untouched', () => {
    const after = withoutDocument(listing(), BUDGET_REF);
    expect(names(after)).toEqual(['a1 Personal: Home [Notes] Archive []', 'a2 Personal: Home [Notes] Archive []', 'a1 Acme: Sales [Plan]']);
  });

  test('the edits kept over refreshes name the row they change', () => {
    expect(renamedTo(BUDGET_REF, 'B').key).toBe(removedDocument(BUDGET_REF).key);
    expect(names(renamedTo(BUDGET_REF, 'B').change(listing()))[0]).toBe('a1 Personal: Home [B, Notes] Archive []');
    expect(names(removedDocument(BUDGET_REF).change(listing()))[0]).toBe('a1 Personal: Home [Notes] Archive []');
  });
});

describe('moving, adding, pinning', () => {
  test('a document moved within its site goes to its new workspace under each account, keeping its urlId', () => {
    const after = withMoved(listing(), BUDGET_REF, placeIn(personalSiteEntry([]), ARCHIVE));
    expect(names(after)).toEqual(['a1 Personal: Home [Notes] Archive [Budget]', 'a2 Personal: Home [Notes] Archive [Budget]', 'a1 Acme: Sales [Plan]']);
    expect(after.sites[0]!.workspaces[1]!.documents[0]!.urlId).toBe(BUDGET.urlId);
  });

  test('a document moved to another site is reached by its id there (Grist drops its urlId)', () => {
    const after = withMoved(listing(), BUDGET_REF, placeIn(siteEntry(2, 'Acme'), SALES));
    expect(names(after)[2]).toBe('a1 Acme: Sales [Plan, Budget]');
    expect(after.sites[2]!.workspaces[0]!.documents[1]!.urlId).toBe(BUDGET.id);
  });

  test('a listing without the document is left as it is', () => {
    const before = listing();
    expect(withMoved(before, { ...BUDGET_REF, docId: 'gone' }, placeIn(personalSiteEntry([]), ARCHIVE))).toBe(before);
  });

  test('a document added lists once, under the account named', () => {
    const added = doc('copyDoc00000000000000', 'Budget (copy)');
    const once = withAdded(listing(), placeIn(personalSiteEntry([]), ARCHIVE), added, 'a2');
    expect(names(once)).toEqual(['a1 Personal: Home [Budget, Notes] Archive []', 'a2 Personal: Home [Budget, Notes] Archive [Budget (copy)]', 'a1 Acme: Sales [Plan]']);
    expect(withAdded(once, placeIn(personalSiteEntry([]), ARCHIVE), added, 'a2')).toEqual(once);
  });

  test('a document pinned is pinned under every account that lists it', () => {
    const after = withPinned(listing(), BUDGET_REF, true);
    expect(after.sites.slice(0, 2).map((site) => site.workspaces[0]!.documents[0]!.isPinned)).toEqual([true, true]);
  });

  test('where a document is: its site and workspace', () => {
    expect(placeOf(listing(), BUDGET_REF)).toEqual(placeIn(personalSiteEntry([]), HOME));
    expect(placeOf(listing(), { ...BUDGET_REF, docId: 'gone' })).toBeUndefined();
  });
});

describe('a history entry undone', () => {
  const site = { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' };
  const entry = (overrides: Record<string, unknown>): ChangeEntry =>
    ({ id: 'e1', at: 1, kind: 'rename', source: 'popup', account: 'a1', site, target: { kind: 'document', id: BUDGET.id }, name: 'Budget', ...overrides }) as unknown as ChangeEntry;
  /** `listing` as the History's undo of `entry` shows it, by the entry's kind (registry.ts), Grist answering `restored`. */
  const withUndone = (listing: Listing, undone: ChangeEntry, restored = entryName(undone)) => undoneEdit(undone, restored)?.change(listing) ?? listing;

  test('a rename undone shows the name Grist put back, a document’s or a workspace’s', () => {
    expect(names(withUndone(listing(), entry({ oldName: 'Budget 2026', newName: 'Budget' }), 'Budget 2026'))[1]).toBe('a2 Personal: Home [Budget 2026, Notes] Archive []');
    const workspace = entry({ target: { kind: 'workspace', id: 11 }, workspace: { id: 11, name: 'Archive' }, oldName: 'Old archive', newName: 'Archive' });
    expect(names(withUndone(listing(), workspace, 'Old archive'))[0]).toBe('a1 Personal: Home [Budget, Notes] Old archive []');
  });

  test('a trash undone brings the document back; a copy undone takes it out; a pin undone flips it back', () => {
    const trashed = withoutDocument(listing(), BUDGET_REF);
    expect(names(withUndone(trashed, entry({ kind: 'remove', workspace: { id: 10, name: 'Home' } })))[0]).toBe('a1 Personal: Home [Notes, Budget] Archive []');
    expect(names(withUndone(listing(), entry({ kind: 'copy' })))[0]).toBe('a1 Personal: Home [Notes] Archive []');
    const pinned = withPinned(listing(), BUDGET_REF, true);
    expect(withUndone(pinned, entry({ kind: 'pin', pinned: true })).sites[0]!.workspaces[0]!.documents[0]!.isPinned).toBe(false);
  });

  test('a public link switched on, undone from the history, takes the public mark away; other access changes leave it', () => {
    const publicMarks = (shown: Listing) => shown.sites.slice(0, 2).map((each) => each.workspaces[0]!.documents[0]!.isPublic);
    const madePublic = withPublic(listing(), BUDGET_REF, true);
    expect(publicMarks(madePublic)).toEqual([true, true]);
    const access = (users: Record<string, 'viewers' | null>, before: Record<string, 'viewers' | null>) => entry({ kind: 'access', access: { delta: { users }, before: { users: before } } });
    expect(publicMarks(withUndone(madePublic, access({ 'everyone@getgrist.com': 'viewers' }, { 'everyone@getgrist.com': null })))).toEqual([undefined, undefined]);
    expect(withUndone(madePublic, access({ 'ann@example.com': 'viewers' }, { 'ann@example.com': null }))).toBe(madePublic);
  });

  test('a move undone puts the document back where it was', () => {
    const moved = withMoved(listing(), BUDGET_REF, placeIn(personalSiteEntry([]), ARCHIVE));
    const undone = withUndone(moved, entry({ kind: 'move', workspace: { id: 10, name: 'Home' }, to: { site, workspace: { id: 11, name: 'Archive' } } }));
    expect(names(undone)[0]).toBe('a1 Personal: Home [Notes, Budget] Archive []');
  });

  test('a workspace’s trash undone brings the workspace back; a new workspace’s or a restore’s undone takes it out; no document is made of it', () => {
    const workspace = (kind: ChangeEntry['kind']) => entry({ kind, target: { kind: 'workspace', id: 11 }, workspace: { id: 11, name: 'Archive' }, name: 'Archive' });
    const trashed = withoutWorkspace(listing(), { orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 11 });
    expect(names(trashed).slice(0, 2)).toEqual(['a1 Personal: Home [Budget, Notes]', 'a2 Personal: Home [Budget, Notes]']);
    // Brought back for the account that made the change; its documents come with the next refresh.
    expect(names(withUndone(trashed, workspace('remove'))).slice(0, 2)).toEqual(['a1 Personal: Home [Budget, Notes] Archive []', 'a2 Personal: Home [Budget, Notes]']);
    for (const kind of ['create', 'restore'] as const) expect(names(withUndone(listing(), workspace(kind))).slice(0, 2)).toEqual(['a1 Personal: Home [Budget, Notes]', 'a2 Personal: Home [Budget, Notes]']);
  });
});
