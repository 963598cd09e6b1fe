// @vitest-environment jsdom
/**
 * The one runner every popup change goes through (src/popup/changes/runner.ts), with a kind made up
 * for the test, the real trash kind, the Share panel's changes, the People view's removal and Delete
 * forever: what the listing and the status show at once, after a
 * refusal, after Grist confirmed it, and once it is undone.
 */
import { signal } from '@preact/signals';
import { describe, expect, test } from 'vitest';
import type { ChangeContext, ChangeDescriptor, LastChange } from '../../../src/popup/changes/change-descriptor.ts';
import type { MoveState, RenameState } from '../../../src/popup/changes/edit-states.ts';
import { renamedTo } from '../../../src/popup/changes/listing-edits.ts';
import { runChange } from '../../../src/popup/changes/runner.ts';
import { trashDocument } from '../../../src/popup/changes/kinds/trash.ts';
import { undoLast } from '../../../src/popup/changes/undo.ts';
import { changeShare, removeFromSite, type SharePanelList } from '../../../src/popup/changes/kinds/share.ts';
import { deleteForever } from '../../../src/popup/changes/kinds/from-trash.ts';
import { removePerson } from '../../../src/popup/changes/kinds/people.ts';
import type { ShareTarget } from '../../../src/popup/changes/edit-states.ts';
import type { AccessList } from '../../../src/shared/protocol/sharing.ts';
import type { PersonGrants } from '../../../src/shared/protocol/people.ts';
import type { TrashSite } from '../../../src/shared/protocol/trash.ts';
import type { ChangeBackend } from '../../../src/popup/changes/registry.ts';
import type { DocumentRef } from '../../../src/listing-view/row-identity.ts';
import type { Backend } from '../../../src/page-shared/backend-client.ts';
import type { ErrorValue, Result } from '../../../src/shared/protocol/errors.ts';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc, listingOf, personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

const BUDGET = doc('budgetDoc000000000000', 'Budget');
const REF = { orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id };
const REFUSED: ErrorValue = { kind: 'forbidden', status: 403, message: 'Grist refused: access denied.' };

/** A change context over a listing of Budget alone, with the keys the listing sync was asked to keep over refreshes. */
function context(backend = popupBackendMocks()) {
  const listing = signal<Listing | null>(listingOf([personalSiteEntry([workspaceEntry(10, 'Home', [BUDGET], { access: 'owners' })])]));
  const kept: string[] = [];
  const edit = (change: (shown: Listing) => Listing) => void (listing.value = change(listing.value!));
  const changes: ChangeContext = {
    listing,
    edit,
    confirm: (key, change) => {
      kept.push(key);
      edit(change);
    },
    announcement: signal(''),
    lastChange: signal<LastChange | null>(null),
    undone: signal(0),
    removedDocument: signal<DocumentRef | null>(null),
    renames: signal<ReadonlyMap<string, RenameState>>(new Map()),
    moving: signal<MoveState | null>(null),
    // The fake answers what the changes ask (registry.ts ChangeBackend), as the store's backend does.
    backend: backend satisfies ChangeBackend as Partial<Backend> as Backend,
  };
  return { changes, kept, backend };
}

/** The names the listing shows. */
const shownNames = (changes: ChangeContext) => changes.listing.value!.sites[0]!.workspaces[0]!.documents.map((document) => document.name);

/** A made-up kind: Budget shown as "Draft" at once, its answer `reply`, "Final" once confirmed. */
function renameKind(reply: Promise<Result<{ entryId: string | null }>>): ChangeDescriptor<null, { entryId: string | null }> {
  return {
    onMutate: ({ confirm }) => {
      const shown = renamedTo(REF, 'Draft');
      confirm(shown.key!, shown.change);
      return { putBack: renamedTo(REF, 'Budget') };
    },
    send: () => reply,
    onSuccess: () => ({
      shown: renamedTo(REF, 'Final'),
      offer: { row: REF, oldName: 'Budget', words: { message: 'Named Final.', undoLabel: 'Undo naming', undoneMessage: (name) => `Back to ${name}.` }, undone: (name) => renamedTo(REF, name) },
    }),
  };
}

describe('the lifecycle', () => {
  test('onMutate shows the change at once, before the worker answers', async () => {
    const { changes } = context();
    const reply = deferred<Result<{ entryId: string | null }>>();
    const run = runChange(changes, renameKind(reply.promise), null);
    expect(shownNames(changes)).toEqual(['Draft']);
    reply.resolve({ ok: true, value: { entryId: 'e1' } });
    await run;
  });

  test('a refusal puts back what was shown and the status says why; nothing is offered', async () => {
    const { changes } = context();
    const answer = await runChange(changes, renameKind(Promise.resolve({ ok: false, error: REFUSED })), null);
    expect(answer.ok).toBe(false);
    expect(shownNames(changes)).toEqual(['Budget']);
    expect(changes.announcement.value).toBe(REFUSED.message);
    expect(changes.lastChange.value).toBeNull();
  });

  test('no worker to answer reads as a refusal: put back, and said', async () => {
    const { changes } = context();
    await runChange(changes, renameKind(Promise.reject(new Error('gone'))), null);
    expect(shownNames(changes)).toEqual(['Budget']);
    expect(changes.announcement.value).not.toBe('');
  });

  test('once confirmed, the listing shows it over refreshes under way, and the status offers its undo', async () => {
    const { changes, kept } = context();
    await runChange(changes, renameKind(Promise.resolve({ ok: true, value: { entryId: 'e1' } })), null);
    expect(shownNames(changes)).toEqual(['Final']);
    expect(kept.at(-1)).toBe(renamedTo(REF, 'Final').key);
    expect(changes.lastChange.value).toMatchObject({ entryId: 'e1', undo: { kind: 'offered' }, words: { message: 'Named Final.', undoLabel: 'Undo naming' } });
    expect(changes.announcement.value).toBe('');
  });

  test('confirmed without a change-log entry: nothing to undo, the status just says it', async () => {
    const { changes } = context();
    await runChange(changes, renameKind(Promise.resolve({ ok: true, value: { entryId: null } })), null);
    expect(changes.lastChange.value).toBeNull();
    expect(changes.announcement.value).toBe('Named Final.');
  });

  test('its undo shows what the offer says once Grist confirmed it', async () => {
    const { changes, backend } = context();
    await runChange(changes, renameKind(Promise.resolve({ ok: true, value: { entryId: 'e1' } })), null);
    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget' } });
    await undoLast(changes, false);
    expect(shownNames(changes)).toEqual(['Budget']);
    expect(changes.announcement.value).toBe('Back to Budget.');
    expect(changes.undone.value).toBe(1);
  });
});

describe('a trash through the runner', () => {
  test('the row goes at once; refused, it comes back and the status says why', async () => {
    const { changes, backend } = context();
    const reply = deferred<Result<{ entryId: string | null }>>();
    backend.removeDocument.mockReturnValue(reply.promise);
    const run = trashDocument(changes, REF);
    expect(shownNames(changes)).toEqual([]);
    reply.resolve({ ok: false, error: REFUSED });
    await run;
    expect(shownNames(changes)).toEqual(['Budget']);
    expect(changes.announcement.value).toBe(REFUSED.message);
  });

  test('a document Grist no longer has does not come back', async () => {
    const { changes, backend } = context();
    backend.removeDocument.mockResolvedValue({ ok: false, error: { kind: 'not-found', status: 404, message: 'Budget no longer exists.' } });
    await trashDocument(changes, REF);
    expect(shownNames(changes)).toEqual([]);
  });

  test('confirmed, it is offered for undo in its own words; undone, the row is back', async () => {
    const { changes, backend } = context();
    backend.removeDocument.mockResolvedValue({ ok: true, value: { entryId: 'e2' } });
    await trashDocument(changes, REF);
    expect(changes.lastChange.value?.words.undoLabel).toContain('Budget');
    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget' } });
    await undoLast(changes, false);
    expect(shownNames(changes)).toEqual(['Budget']);
    expect(changes.lastChange.value).toBeNull();
  });
});

test('nothing runs for a document the listing does not have', async () => {
  const { changes, backend } = context();
  await trashDocument(changes, { ...REF, docId: 'gone' });
  expect(backend.removeDocument).not.toHaveBeenCalled();
});

// --- The Share panel's, the People view's and the Trash view's changes through the runner ---------

const RESOURCE = { kind: 'document' as const, orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id };
const TARGET: ShareTarget = { resource: RESOURCE, row: REF, name: 'Budget', url: 'https://docs.getgrist.com/budgetDoc', opener: { key: 'row', selector: 'button' } } as ShareTarget;

/** The Share panel's list as its owner reads it: Ann an editor given here. */
const ACCESS: AccessList = {
  resource: RESOURCE,
  account: 'account-1',
  ownEmail: 'me@example.com',
  canChange: true,
  onlySelf: false,
  people: [{ email: 'ann@example.com', name: 'Ann', role: 'editors', inherited: null, isMember: false }],
  publicRole: null,
  maxInheritedRole: 'owners',
} as AccessList;

/** A panel holding `list`, as the Share panel keeps it in its state: what it shows and says. */
function panelOf(list: AccessList) {
  const shown = { list, problem: '', rereads: 0, taken: 0 };
  const panel: SharePanelList = {
    list,
    edit: (change) => void (shown.list = change(shown.list)),
    refused(message) {
      shown.problem = message;
      shown.rereads += 1;
    },
    taken: () => void (shown.taken += 1),
  };
  return { panel, shown };
}

/** An earlier change the status offers to undo. */
const EARLIER = { entryId: 'earlier', undo: { kind: 'offered' } } as LastChange;

describe('the Share panel through the runner', () => {
  test('a role change shows in the panel at once; refused, the panel and the status say why and the panel reads its list again', async () => {
    const { changes, backend } = context();
    const { panel, shown } = panelOf(ACCESS);
    const reply = deferred<Result<{ entryId: string | null }>>();
    backend.changeAccess.mockReturnValue(reply.promise);
    const run = changeShare(changes, TARGET, { users: { 'ann@example.com': 'viewers' } }, panel);
    expect(backend.changeAccess).toHaveBeenCalledWith({ resource: RESOURCE, account: 'account-1', delta: { users: { 'ann@example.com': 'viewers' } } });
    expect(shown.list.people[0]!.role).toBe('viewers');
    reply.resolve({ ok: false, error: REFUSED });
    await run;
    expect(shown).toMatchObject({ problem: REFUSED.message, rereads: 1, taken: 0 });
    expect(changes.announcement.value).toBe(REFUSED.message);
    expect(changes.lastChange.value).toBeNull();
  });

  test('a public link refused puts the row’s public mark back, as the panel reads its list again', async () => {
    const { changes, backend } = context();
    const { panel, shown } = panelOf(ACCESS);
    const reply = deferred<Result<{ entryId: string | null }>>();
    backend.changeAccess.mockReturnValue(reply.promise);
    const run = changeShare(changes, TARGET, { users: { 'everyone@getgrist.com': 'viewers' } }, panel);
    expect(changes.listing.value!.sites[0]!.workspaces[0]!.documents[0]!.isPublic).toBe(true);
    reply.resolve({ ok: false, error: REFUSED });
    await run;
    expect(changes.listing.value!.sites[0]!.workspaces[0]!.documents[0]!.isPublic).toBeFalsy();
    expect(shown.rereads).toBe(1);
  });

  test('confirmed, the panel keeps it and is told, and the status offers its undo', async () => {
    const { changes, backend } = context();
    const { panel, shown } = panelOf(ACCESS);
    backend.changeAccess.mockResolvedValue({ ok: true, value: { entryId: 'share-1' } });
    await changeShare(changes, TARGET, { users: { 'bo@example.com': 'viewers' } }, panel);
    expect(shown.list.people.map((person) => person.email)).toContain('bo@example.com');
    expect(shown).toMatchObject({ problem: '', rereads: 0, taken: 1 });
    expect(changes.lastChange.value).toMatchObject({ entryId: 'share-1', access: true });
  });

  test('a removal from a site leaves the panel’s list only once Grist took it', async () => {
    const { changes, backend } = context();
    const site = { kind: 'site' as const, orgId: 2, siteUrl: 'https://acme.getgrist.com' };
    const { panel, shown } = panelOf({ ...ACCESS, resource: site });
    const run = deferred<Result<{ batchId: string; sites: []; done: boolean }>>();
    backend.removePerson.mockReturnValue(run.promise);
    const removal = removeFromSite(changes, { ...TARGET, resource: site, row: null }, { email: 'ann@example.com', previewId: 'p1', sites: [], unread: [] }, panel);
    expect(shown.list.people).toHaveLength(1);
    run.resolve({ ok: true, value: { batchId: 'b1', sites: [], done: true } });
    await removal;
    expect(shown.list.people).toHaveLength(0);
    expect(shown.taken).toBe(1);
  });
});

const TRASH_SITE = { account: 'a1', orgId: 1, name: 'Personal', siteUrl: 'https://docs.getgrist.com', documents: [], workspaces: [] } as unknown as TrashSite;
const TRASHED = { id: 'oldDoc', name: 'Old plan', removedAt: '2026-01-01T00:00:00Z', access: 'owners', workspace: { id: 10, name: 'Home' } };

describe('Delete forever through the runner', () => {
  test('refused: the Trash view is told why, the status says nothing, and the last change’s Undo stays', async () => {
    const { changes, backend } = context();
    changes.lastChange.value = EARLIER;
    backend.deleteDocument.mockResolvedValue({ ok: false, error: REFUSED });
    expect(await deleteForever(changes, TRASH_SITE, TRASHED)).toBe(REFUSED.message);
    expect(changes.announcement.value).toBe('');
    expect(changes.lastChange.value).toBe(EARLIER);
  });

  test('confirmed: the status says it is gone, with no Undo of its own; the last change’s stays', async () => {
    const { changes, backend } = context();
    changes.lastChange.value = EARLIER;
    backend.deleteDocument.mockResolvedValue({ ok: true, value: { entryId: 'delete-1' } });
    expect(await deleteForever(changes, TRASH_SITE, TRASHED)).toBeNull();
    expect(changes.announcement.value).toContain('Old plan');
    expect(changes.lastChange.value).toBe(EARLIER);
  });
});

describe('the People view’s removal through the runner', () => {
  const grants: PersonGrants = { email: 'ann@example.com', previewId: 'p1', sites: [], unread: [] };

  test('not started: the view is told why; the status and its offer stay', async () => {
    const { changes, backend } = context();
    changes.lastChange.value = EARLIER;
    changes.announcement.value = 'Renamed.';
    backend.removePerson.mockResolvedValue({ ok: false, error: REFUSED });
    expect(await removePerson(changes, grants)).toBe(REFUSED.message);
    expect(changes.announcement.value).toBe('Renamed.');
    expect(changes.lastChange.value).toBe(EARLIER);
  });

  test('done: its words are the view’s; the status says nothing and its offer of an earlier change goes', async () => {
    const { changes, backend } = context();
    changes.lastChange.value = EARLIER;
    changes.announcement.value = 'Renamed.';
    backend.removePerson.mockResolvedValue({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 1, siteUrl: 'https://docs.getgrist.com', outcome: 'removed', entryId: 'r1' }], done: true } });
    const answer = await removePerson(changes, grants);
    expect(answer).toMatchObject({ removed: { batchId: 'b1' } });
    expect(changes.announcement.value).toBe('');
    expect(changes.lastChange.value).toBeNull();
  });
});
