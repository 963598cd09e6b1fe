/**
 * The popup's rarer actions: moving a document (issue 18) and showing it (or its undo) in the
 * listing, undoing the last rename or move, and making the history's store. Loaded with the
 * first of them (store.ts), not with every popup.
 */
import { batch, type Signal } from '@preact/signals';
import { createHistoryStore, type HistoryBackend, type HistoryStore } from '../history/history-store.ts';
import type { Backend } from '../shared/backend-client.ts';
import { settle } from '../shared/errors.ts';
import { undoResult, workspaceKey, type HistoryEntry } from '../shared/history.ts';
import { t } from '../shared/i18n.ts';
import type { Listing, WorkspaceEntry } from '../shared/listing.ts';
import type { MovePlace } from '../shared/move.ts';
import { plainTextName } from '../shared/plain-text-name.ts';
import { documentKey, type DocumentRef } from '../listing-view/listing-rows.ts';
import { movedBackText, movedText } from '../move-view/moved-text.ts';
import { findDocument, type LastRename, type MoveState, type RenameRef } from './popup-state.ts';

/**
 * The undo offer takes its text from here, not from moved-text.ts: importing these actions with the
 * offer has them loaded before its Undo is pressed, in the offer's own chunk (moved-text.ts alone
 * would be one more file for the popup).
 */
export { movedText };

/**
 * The listing with document `ref` moved to `to` (its site and workspace), every other site kept as
 * the same object; moved to another site, it is reached by its id from then on (Grist drops its
 * urlId, grist-api.md "Moving a document"). Unchanged when the listing does not have it.
 */
export function withMoved(listing: Listing, ref: DocumentRef, to: MovePlace): Listing {
  const document = findDocument(listing, ref);
  if (!document) return listing;
  const moved = to.site.orgId === ref.orgId ? document : { ...document, urlId: document.id };
  const change = (orgId: number, workspaces: (workspace: WorkspaceEntry) => WorkspaceEntry) => (site: Listing['sites'][number]) =>
    site.orgId === orgId ? { ...site, workspaces: site.workspaces.map(workspaces) } : site;
  const sites = listing.sites
    .map(change(ref.orgId, (workspace) => (workspace.documents.includes(document) ? { ...workspace, documents: workspace.documents.filter((entry) => entry !== document) } : workspace)))
    .map(change(to.site.orgId, (workspace) => (workspace.id === to.workspace.id ? { ...workspace, documents: [...workspace.documents, moved] } : workspace)));
  return { ...listing, sites };
}

/** The listing with the move of history `entry` undone (the document back where it was). */
function withMovedBack(listing: Listing, entry: HistoryEntry): Listing {
  return entry.to && entry.workspace ? withMoved(listing, { orgId: entry.to.site.orgId, docId: entry.docId }, { site: entry.site, workspace: entry.workspace }) : listing;
}

/** Where document `ref` is in the listing: its site and workspace. */
function placeOf(listing: Listing | null, ref: DocumentRef): MovePlace | undefined {
  const site = listing?.sites.find((entry) => entry.orgId === ref.orgId);
  const workspace = site?.workspaces.find((entry) => entry.documents.some((document) => document.id === ref.docId));
  return site && workspace && { site: { orgId: site.orgId, name: site.name, url: site.siteUrl }, workspace: { id: workspace.id, name: workspace.name } };
}

/** The store's state the actions read and change, and how they show a changed listing or name. */
export interface ActionContext {
  listing: Signal<Listing | null>;
  moving: Signal<MoveState | null>;
  lastRename: Signal<LastRename | null>;
  announcement: Signal<string>;
  backend: Pick<Backend, 'moveDocument' | 'undoRename'> & HistoryBackend;
  edit: (change: (shown: Listing) => Listing) => void;
  /** Shows a name Grist confirmed, now and over any refresh already under way. */
  showName: (ref: RenameRef, name: string) => void;
  /** Takes out a document Grist said is gone, saying `message` (as a rename's 404 does). */
  forgetGone: (ref: DocumentRef, message: string) => void;
}

/**
 * Moves the document of the open picker (`moving`) to `to` through the worker. Once Grist
 * confirms, the listing shows it there in the same frame as the status ("Moved … to …", with
 * Undo); a refusal stays in the picker, in Grist's words as the worker put them.
 */
export async function commitMove({ listing, moving, lastRename, announcement, backend, edit, forgetGone }: ActionContext, to: MovePlace): Promise<void> {
  const state = moving.value;
  const from = state && placeOf(listing.value, state.ref);
  const document = state && findDocument(listing.value, state.ref);
  if (!state || state.saving || !from || !document) return;
  moving.value = { ...state, saving: true, error: null };
  const reply = await settle(backend.moveDocument({ ...state.ref, to: { orgId: to.site.orgId, workspaceId: to.workspace.id } }));
  batch(() => {
    if (!reply.ok && reply.error.kind === 'not-found' && reply.error.status === 404) {
      // Rather than leave a picker whose every choice would fail the same way.
      moving.value = null;
      forgetGone(state.ref, reply.error.message);
      return;
    }
    if (!reply.ok) {
      moving.value = { ...state, error: reply.error.message };
      return;
    }
    const { to: there, entryId } = reply.value;
    moving.value = null;
    edit((shown) => withMoved(shown, state.ref, there));
    const ref = { orgId: there.site.orgId, docId: state.ref.docId };
    focusAfterMove(ref);
    lastRename.value = entryId ? { ref, entryId, oldName: document.name, newName: document.name, undo: { kind: 'offered' }, move: { from, to: there } } : null;
    announcement.value = entryId ? '' : movedText('movedTo', document.name, there);
  });
}

/**
 * Once drawn, the focus the picker took with it (the row changed place): the document's link where
 * it is now if that is on screen, otherwise the search box. Left alone when the user put it
 * somewhere meanwhile.
 */
function focusAfterMove(ref: DocumentRef): void {
  setTimeout(() => {
    const active = globalThis.document.activeElement;
    if (active && active !== globalThis.document.body && active.isConnected) return;
    const key = documentKey(ref);
    const row = [...globalThis.document.querySelectorAll('[data-row-key]')].find((element) => element.getAttribute('data-row-key') === key);
    (row?.querySelector<HTMLElement>('a[data-result-link]') ?? globalThis.document.getElementById('search-documents'))?.focus();
  }, 0);
}

/**
 * Undoes the last rename or move (`force`: even though the document was changed elsewhere since).
 * Grist's answer is shown whatever the user did meanwhile (the old name, or the old place); the
 * offer then says what it came to, unless another rename replaced it.
 */
export async function undoLast({ lastRename, announcement, backend, edit, showName }: ActionContext, force: boolean): Promise<void> {
  const last = lastRename.value;
  if (!last || last.undo.kind === 'undoing') return;
  lastRename.value = { ...last, undo: { kind: 'undoing' } };
  const docId = 'docId' in last.ref ? last.ref.docId : workspaceKey(last.ref.workspaceId);
  const result = undoResult(await settle(backend.undoRename({ entryId: last.entryId, docId, force })));
  const { move } = last;
  batch(() => {
    if ('restored' in result) {
      if (move) edit((shown) => withMoved(shown, last.ref as DocumentRef, move.from));
      else showName(last.ref, result.restored);
    }
    if (lastRename.value?.entryId !== last.entryId) return;
    if (!('restored' in result)) {
      lastRename.value = { ...last, undo: result };
    } else {
      lastRename.value = null;
      announcement.value = move ? movedBackText(move, result.restored) : t('restoredName', plainTextName(result.restored));
    }
  });
}

/** The rename history's view state; an undo there shows the old name (or place) in the listing at once. */
export function historyStore({ backend, edit, showName }: ActionContext): HistoryStore {
  return createHistoryStore(backend, (entry, name) =>
    entry.kind === 'move'
      ? edit((shown) => withMovedBack(shown, entry))
      : showName(entry.kind === 'workspace' && entry.workspace ? { orgId: entry.site.orgId, workspaceId: entry.workspace.id } : { orgId: entry.site.orgId, docId: entry.docId }, name),
  );
}
