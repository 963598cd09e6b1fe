/**
 * The popup's actions of a document's More actions menu, a workspace's New document field and the
 * Trash view: move to trash, pin or unpin, copy, create, restore and delete forever, each through
 * the worker's change pipeline. The listing shows a trash or pin at once (the row goes, or moves
 * among the pinned, in the same frame as the key or click), and takes it back if Grist refuses;
 * a copy or new document shows once Grist made it. Each done change is offered for undo in the
 * status, as a rename is (change-actions.ts undoes it). Loaded with the popup's on-demand parts
 * (on-demand.ts), when idle or at the first menu: most popups make none of these.
 */
import { batch } from '@preact/signals';
import type { Backend } from '../../shared/backend-client.ts';
import { addedEntry } from '../../shared/document-rules.ts';
import { checkNewName } from '../../shared/document-name.ts';
import { settle } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { type DocumentEntry, documentPageUrl, type DocumentPlace, type Listing } from '../../shared/listing.ts';
import { placeIn, placeName } from '../../shared/move.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import type { TrashedDocument, TrashSite } from '../../shared/trash.ts';
import type { DocumentRef, WorkspaceRef } from '../../listing-view/row-identity.ts';
import { focusDocumentLink, focusOnceDrawn, offerUndo, type ActionContext } from './change-actions.ts';
import { placeOf, withAdded, withPinned, withRenamed } from './listing-edits.ts';
import { renameKey, type LastChange } from './row-ref.ts';
import { rowDocument, rowWorkspace } from './listing-lookups.ts';
import { RESULT_LINK } from '../list/row-element.ts';

/** What these actions need besides the rename and move actions' context: the worker's new messages. */
export interface DocumentActionContext extends ActionContext {
  backend: ActionContext['backend'] & Pick<Backend, 'removeDocument' | 'pinDocument' | 'copyDocument' | 'createDocument' | 'readTrash' | 'restoreDocument' | 'deleteDocument'>;
}

/** A change to document `ref` that keeps its `name`, with words of its own (`other`), offered for undo (offerUndo). */
function offer(context: DocumentActionContext, entryId: string | null, ref: DocumentRef, name: string, other: NonNullable<LastChange['other']>): void {
  offerUndo(context, entryId, { ref, oldName: name, newName: name, other }, other.message);
}

/** The element of row `key`, when it holds the focus (its link, a button, its open menu); otherwise null. */
function rowHoldingFocus(key: string): Element | null {
  const row = globalThis.document.activeElement?.closest('[data-row-key]');
  return row?.getAttribute('data-row-key') === key ? row : null;
}

/**
 * The link of the document row after `row` (before it, for the last), if any: where the focus goes
 * when that row leaves the list, so Ctrl+Z and the arrow keys go on working from there (the search
 * box would take Ctrl+Z as its own).
 */
function neighbourLink(row: Element): HTMLElement | null {
  // In the order they are shown (the windowed list keeps its elements in no set order).
  const top = (element: HTMLElement) => element.getBoundingClientRect().top;
  const links = [...globalThis.document.querySelectorAll<HTMLElement>(RESULT_LINK)].sort((a, b) => top(a) - top(b));
  const at = links.findIndex((link) => row.contains(link));
  return links[at + 1] ?? links[at - 1] ?? null;
}

/**
 * Shows a document Grist added (a copy, a new document, one restored) in `place` of `account`'s
 * listing (any account's, when absent), and offers its undo, which takes it out again; with
 * `open`, its page is offered too. `words`: what the status says of it and of its undo.
 */
function showAdded(
  context: DocumentActionContext,
  entryId: string | null,
  document: DocumentEntry,
  place: DocumentPlace,
  account: string | undefined,
  words: { message: string; undoLabel: string; undoneMessage: string },
  open: boolean,
): void {
  const ref = { orgId: place.site.orgId, siteUrl: place.site.url, docId: document.id, ...(account === undefined ? {} : { account }) };
  context.edit((shown) => withAdded(shown, place, document, account));
  offer(context, entryId, ref, document.name, { ...words, undone: (shown) => withRenamed(shown, ref, null), ...(open ? { open: documentPageUrl(place.site.url, document) } : {}) });
}

/** A document's ref as the worker takes it: its site and id (the worker picks the account that owns it). */
const named = (ref: DocumentRef) => ({ orgId: ref.orgId, siteUrl: ref.siteUrl, docId: ref.docId });

/**
 * Moves document `ref` to the trash: its row goes at once, and comes back if Grist refuses (but
 * for a document Grist no longer has). Once Grist confirms, the status says so with Undo. A focus
 * the row held goes to the next row's link (the previous one's, for the last), or, with no other
 * row left, to the status's Undo once there (to the row put back, if refused).
 */
export async function trash(context: DocumentActionContext, ref: DocumentRef): Promise<void> {
  const { listing, confirm, backend, announcement } = context;
  const document = rowDocument(listing.value, ref);
  const place = placeOf(listing.value, ref);
  if (!document || !place) return;
  const key = renameKey(ref);
  const putBack = (shown: Listing) => withAdded(shown, place, document, ref.account);
  const row = rowHoldingFocus(key);
  const next = row && neighbourLink(row);
  batch(() => {
    confirm(key, (shown) => withRenamed(shown, ref, null));
    announcement.value = '';
  });
  // Once the list is drawn without the row.
  focusOnceDrawn(() => (next?.isConnected ? next : null));
  const reply = await settle(backend.removeDocument(named(ref)));
  batch(() => {
    if (!reply.ok) {
      if (reply.error.status !== 404) confirm(key, putBack);
      announcement.value = reply.error.message;
      if (row && !next) focusDocumentLink(ref);
      return;
    }
    const words = { message: t('movedToTrash', plainTextName(document.name)), undoLabel: t('undoTrashOf', document.name), undone: putBack, undoneMessage: t('restoredFromTrash', plainTextName(document.name)) };
    offer(context, reply.value.entryId, ref, document.name, { ...words, bringsRowBack: true, ...(row && !next ? { focusUndo: true as const } : {}) });
  });
}

/** Pins (or unpins) document `ref`: it takes its place among the pinned at once, back if Grist refuses; then Undo. */
export async function pin(context: DocumentActionContext, ref: DocumentRef, pinned: boolean): Promise<void> {
  const { listing, confirm, backend, announcement } = context;
  const document = rowDocument(listing.value, ref);
  if (!document) return;
  const key = renameKey(ref);
  const back = (shown: Listing) => withPinned(shown, ref, !pinned);
  batch(() => {
    confirm(key, (shown) => withPinned(shown, ref, pinned));
    announcement.value = '';
  });
  const reply = await settle(backend.pinDocument({ ...named(ref), pinned }));
  batch(() => {
    if (!reply.ok) {
      confirm(key, back);
      announcement.value = reply.error.message;
      return;
    }
    const name = plainTextName(document.name);
    offer(context, reply.value.entryId, ref, document.name, { message: t(pinned ? 'pinnedDocument' : 'unpinnedDocument', name), undoLabel: t(pinned ? 'undoPinOf' : 'undoUnpinOf', document.name), undone: back, undoneMessage: t('pinUndone', name) });
  });
}

/** Opens the copy form of document `ref` in place of its row (the move's destination picker, with a name and a template box). */
export function beginCopy({ moving }: DocumentActionContext, ref: DocumentRef): void {
  if (!moving.value?.saving) moving.value = { ref, saving: false, error: null, copy: true };
}

/**
 * Copies the document of the open copy form to `to`, named `name` (`asTemplate`: structure only).
 * Once Grist made it, the copy is listed there, the form closes and the status offers Open and
 * Undo (saying "as a template" for one); a refusal stays in the form in Grist's words; a lost
 * answer the worker could not confirm says so, and the form offers Copy again (`lost`) for as long
 * as the latest answer is such a one: an answer that nothing is kept to read for any more
 * (`cannot-tell`) leaves the form with Copy, which the worker sends after reading afresh.
 */
export async function commitCopy(context: DocumentActionContext, to: DocumentPlace, name: string, asTemplate: boolean): Promise<void> {
  const { moving, backend } = context;
  const state = moving.value;
  if (!state?.copy || state.saving) return;
  moving.value = { ...state, saving: true, error: null };
  const { ref } = state;
  // With the row's account, whose destinations the form offered (with one account the ref has none);
  // `again`: the copy whose answer was lost asked again (same destination, name and template
  // choice), which the worker reads for first.
  const account = ref.account === undefined ? {} : { account: ref.account };
  const { lost, ...form } = state;
  const same = lost && lost.to.site.url === to.site.url && lost.to.workspace.id === to.workspace.id && lost.name === name && lost.asTemplate === asTemplate;
  const again = same ? { again: true } : {};
  const reply = await settle(backend.copyDocument({ ...account, ...named(ref), to: { orgId: to.site.orgId, workspaceId: to.workspace.id }, name, asTemplate, ...again }));
  batch(() => {
    if (!reply.ok) {
      const stillLost = reply.error.kind === 'network' || reply.error.kind === 'timeout';
      moving.value = { ...form, error: reply.error.message, ...(stillLost ? { lost: { to, name, asTemplate } } : {}) };
      return;
    }
    // The name as the worker sent it (trimmed).
    const { id, name: made, entryId, to: there } = reply.value;
    moving.value = null;
    // The form took the focus with it: back to the document copied.
    focusDocumentLink(ref);
    const words = { message: t(asTemplate ? 'copiedAsTemplateTo' : 'copiedTo', plainTextName(made), placeName(there)), undoLabel: t('undoCopyOf', made), undoneMessage: t('copyUndone', plainTextName(made)) };
    showAdded(context, entryId, addedEntry(id, made), there, ref.account, words, true);
  });
}

/**
 * A new document named `typed` (trimmed) in workspace `ref`: once Grist made it, it is listed there
 * and the status offers Open and Undo. Out: null when made, otherwise why not (an empty or too long
 * name, or Grist's refusal in its words as the worker put them), which the status says too: a
 * heading's field has no room under it.
 */
export async function createIn(context: DocumentActionContext, ref: WorkspaceRef, typed: string): Promise<string | null> {
  const { listing, backend, announcement } = context;
  const workspace = rowWorkspace(listing.value, ref);
  const site = listing.value?.sites.find((entry) => entry.orgId === ref.orgId && entry.siteUrl === ref.siteUrl);
  const check = checkNewName(typed);
  const refused = (message: string) => (announcement.value = message);
  if (!workspace || !site) return refused(t('errorWorkspaceNotInList'));
  if (check.kind === 'invalid') return refused(check.message);
  announcement.value = t('creating');
  const reply = await settle(backend.createDocument({ orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: ref.workspaceId, name: check.name }));
  if (!reply.ok) return refused(reply.error.message);
  const { document, entryId } = reply.value;
  const place = placeIn(site, workspace);
  const name = plainTextName(document.name);
  const words = { message: t('createdIn', name, placeName(place)), undoLabel: t('undoCreateOf', document.name), undoneMessage: t('createUndone', name) };
  batch(() => showAdded(context, entryId, document, place, ref.account, words, true));
  return null;
}

/** Every listed site's trash, read afresh by the worker. Out: the sites, or why they could not be read. */
export async function readTrash({ backend }: DocumentActionContext): Promise<TrashSite[] | string> {
  const reply = await settle(backend.readTrash(null));
  return reply.ok ? reply.value : reply.error.message;
}

/**
 * Takes `document` of `site`'s trash back to its workspace: listed there again, the status says
 * so with Undo (back to the trash). Out: null when done, otherwise why not.
 */
export async function restore(context: DocumentActionContext, site: TrashSite, document: TrashedDocument): Promise<string | null> {
  const reply = await settle(context.backend.restoreDocument({ orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id }));
  if (!reply.ok) return reply.error.message;
  const place = placeIn(site, document.workspace);
  const name = plainTextName(document.name);
  const words = { message: t('restoredTo', name, placeName(place)), undoLabel: t('undoRestoreOf', document.name), undoneMessage: t('movedToTrash', name) };
  batch(() => showAdded(context, reply.value.entryId, addedEntry(document.id, document.name), place, site.account, words, false));
  return null;
}

/** Deletes `document` of `site`'s trash forever (asked in place first, trash-view.tsx). Out: null when done, otherwise why not. */
export async function deleteForever({ backend, announcement }: DocumentActionContext, site: TrashSite, document: TrashedDocument): Promise<string | null> {
  const reply = await settle(backend.deleteDocument({ orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id }));
  if (!reply.ok) return reply.error.message;
  announcement.value = t('deletedForever', plainTextName(document.name));
  return null;
}
