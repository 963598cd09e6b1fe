// @vitest-environment jsdom
/**
 * The one runner every popup change goes through (src/popup/changes/runner.ts), with a kind made up
 * for the test and the real trash kind: what the listing and the status show at once, after a
 * refusal, after Grist confirmed it, and once it is undone.
 */
import { signal } from '@preact/signals';
import { describe, expect, test } from 'vitest';
import type { ChangeContext, ChangeDescriptor, LastChange } from '../../../src/popup/changes/change-descriptor.ts';
import type { MoveState, RenameState } from '../../../src/popup/changes/edit-states.ts';
import { renamedTo } from '../../../src/popup/changes/listing-edits.ts';
import { runChange } from '../../../src/popup/changes/runner.ts';
import { trashDocument } from '../../../src/popup/changes/trash.ts';
import { undoLast } from '../../../src/popup/changes/undo.ts';
import type { ChangeBackend } from '../../../src/popup/changes/registry.ts';
import type { DocumentRef } from '../../../src/listing-view/row-identity.ts';
import type { Backend } from '../../../src/shared/backend-client.ts';
import type { ErrorValue, Result } from '../../../src/shared/errors.ts';
import type { Listing } from '../../../src/shared/listing.ts';
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
