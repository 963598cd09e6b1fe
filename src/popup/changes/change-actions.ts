/**
 * The popup's changes once asked for: starting a rename, checking and sending it and showing what Grist
 * answered, moving a document and showing it in the listing, undoing the last change, and making
 * the history's store. Loaded on demand with the first of them (store.ts): most
 * popups make none.
 */
import { batch, type ReadonlySignal, type Signal } from '@preact/signals';
import { createHistoryStore, type HistoryBackend, type HistoryStore } from '../../history/history-store.ts';
import type { Backend } from '../../shared/backend-client.ts';
import { checkDocumentName } from '../../shared/document-name.ts';
import { settle, type Result } from '../../shared/errors.ts';
import { undoResult, workspaceKey } from '../../shared/change-log.ts';
import { t } from '../../shared/i18n.ts';
import type { DocumentPlace, Listing } from '../../shared/listing.ts';
import type { RenamedDocument } from '../../shared/messages.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import { documentKey, type DocumentRef } from '../../listing-view/row-identity.ts';
import { movedBackText, movedText } from '../../move-view/moved-text.ts';
import { placeOf, withMoved, withRenamed, withUndone } from './listing-edits.ts';
import { RESULT_LINK, rowElement } from '../list/row-element.ts';
import { renameKey, type LastChange, type MoveState, type RenameRef, type RenameState } from './row-ref.ts';
import { renameSubject, rowDocument } from './listing-lookups.ts';

/**
 * The undo offer takes its text from here, not from moved-text.ts: importing these actions with the
 * offer has them loaded before its Undo is pressed, in the offer's own chunk (moved-text.ts alone
 * would be one more file for the popup).
 */
export { movedText };

/** The store's state the actions read and change (the store itself), and how they show a changed listing. */
export interface ActionContext {
  listing: ReadonlySignal<Listing | null>;
  moving: Signal<MoveState | null>;
  lastChange: Signal<LastChange | null>;
  /** See PopupStore.undone. */
  undone: Signal<number>;
  announcement: Signal<string>;
  /** The last document taken out because Grist said it is gone: the view moves the focus it held. */
  removedDocument: Signal<DocumentRef | null>;
  backend: Pick<Backend, 'renameDocument' | 'renameWorkspace' | 'moveDocument' | 'undoChange'> & HistoryBackend;
  /** Documents and workspaces in edit mode or saving, by renameKey. */
  renames: Signal<ReadonlyMap<string, RenameState>>;
  edit: (change: (shown: Listing) => Listing) => void;
  /** Shows a change Grist confirmed, now and over any refresh already under way; `key`: what it changes (renameKey). */
  confirm: (key: string, change: (shown: Listing) => Listing) => void;
}

/** Shows a name Grist confirmed for a document or workspace, now and over any refresh already under way. */
function showName({ confirm }: ActionContext, ref: RenameRef, name: string): void {
  confirm(renameKey(ref), (shown) => withRenamed(shown, ref, name));
}

/**
 * Takes out a document Grist said is gone (a rename or move answered 404): the background already
 * took it out of the cached listing; here too, and over any refresh under way, rather than offer
 * a retry that cannot work. `message` names the document, so the user knows which row went; the
 * view moves the focus it held (removedDocument).
 */
function forgetGone({ confirm, removedDocument, announcement }: ActionContext, ref: DocumentRef, message: string): void {
  confirm(renameKey(ref), (shown) => withRenamed(shown, ref, null));
  removedDocument.value = ref;
  announcement.value = message;
}

/** Puts a document or workspace in a rename state, or (null) out of it. */
function setRename({ renames }: ActionContext, ref: RenameRef, state: RenameState | null): void {
  const next = new Map(renames.value);
  if (state) next.set(renameKey(ref), state);
  else next.delete(renameKey(ref));
  renames.value = next;
}

/**
 * Puts `ref` in edit mode, its field holding its name; not one the user may not rename, nor one
 * whose rename is on its way.
 */
export function beginRename(context: ActionContext, ref: RenameRef): void {
  const { listing, renames, announcement } = context;
  const subject = renameSubject(listing.value, ref);
  if (!subject?.renamable || renames.value.get(renameKey(ref))?.saving) return;
  batch(() => {
    setRename(context, ref, { draft: subject.name, saving: false, error: null });
    // The last result is news no more once the user moves on to another rename; the last
    // rename's Undo stays until another rename replaces it.
    announcement.value = '';
  });
}

/** The rename of `ref` while in edit mode, not saving; undefined otherwise. */
function editing({ renames }: ActionContext, ref: RenameRef): RenameState | undefined {
  const state = renames.value.get(renameKey(ref));
  return state && !state.saving ? state : undefined;
}

/** What the field of `ref` holds becomes `draft`, while in edit mode. */
export function setDraft(context: ActionContext, ref: RenameRef, draft: string): void {
  const state = editing(context, ref);
  if (state) setRename(context, ref, { ...state, draft });
}

/** `ref` leaves edit mode, nothing sent; not while its rename is on its way. */
export function cancelRename(context: ActionContext, ref: RenameRef): void {
  if (editing(context, ref)) setRename(context, ref, null);
}

/**
 * Renames `ref` to the name typed in its field, which it shows at once (put back in the field
 * if refused); not a second time while the first is on its way (a second Enter).
 */
export async function commitRename(context: ActionContext, ref: RenameRef): Promise<void> {
  const state = editing(context, ref);
  if (!state) return;
  batch(() => {
    setRename(context, ref, { ...state, saving: true, error: null });
    context.announcement.value = t('savingNewName');
  });
  await sendRename(context, ref, state);
}

/**
 * Sends the rename of `ref` to the name typed in `state` (the field's state before it was marked
 * saving), checked first: an empty or too long name goes back to the field with why; an unchanged
 * one just leaves edit mode. Then shows what Grist answered (renameAnswered).
 */
async function sendRename(context: ActionContext, ref: RenameRef, state: RenameState): Promise<void> {
  const { announcement, backend, listing } = context;
  const subject = renameSubject(listing.value, ref);
  const check = subject ? checkDocumentName(state.draft, subject.name) : { kind: 'unchanged' as const };
  if (!subject || check.kind !== 'ok') {
    batch(() => {
      setRename(context, ref, check.kind === 'invalid' ? { ...state, saving: false, error: t('nameRefusedKeepHint', check.message) } : null);
      announcement.value = '';
    });
    return;
  }
  const { name } = check;
  // The worker renames with the first account that owns it: the row's account is not sent.
  const reply = await settle(
    'docId' in ref
      ? backend.renameDocument({ orgId: ref.orgId, siteUrl: ref.siteUrl, docId: ref.docId, name })
      : backend.renameWorkspace({ orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: ref.workspaceId, name }),
  );
  renameAnswered(context, ref, state.draft, subject.name, reply);
}

/**
 * Shows what Grist answered to the rename of `ref` from `oldName` to the name typed (`draft`):
 * the name it stored, offered for undo; a document it no longer has, taken out; any other
 * failure, back in the field with the typed text, so the user can fix it and retry.
 */
export function renameAnswered(context: ActionContext, ref: RenameRef, draft: string, oldName: string, reply: Result<RenamedDocument>): void {
  const { announcement } = context;
  batch(() => {
    if (reply.ok) {
      // Grist may store the name differently from what was typed; show what it stored.
      const stored = reply.value.name;
      showName(context, ref, stored);
      setRename(context, ref, null);
      // The message says it with its Undo (status-area.tsx), until another rename replaces it.
      offerUndo(context, reply.value.entryId, { ref, oldName, newName: stored }, t('renamedFromTo', plainTextName(oldName), plainTextName(stored)));
    } else if (reply.error.kind === 'not-found' && 'docId' in ref) {
      setRename(context, ref, null);
      forgetGone(context, ref, reply.error.message);
    } else {
      setRename(context, ref, { draft, saving: false, error: reply.error.message });
      announcement.value = '';
    }
  });
}

/**
 * A change Grist confirmed, offered for undo in the status until another replaces it; without its
 * change-log entry (the log could not be written) there is nothing to undo, and `said` says it.
 */
export function offerUndo(context: ActionContext, entryId: string | null, last: Omit<LastChange, 'entryId' | 'undo'>, said: string): void {
  context.lastChange.value = entryId ? { ...last, entryId, undo: { kind: 'offered' } } : null;
  context.announcement.value = entryId ? '' : said;
}

/**
 * Moves the document of the open picker (`moving`) to `to` through the worker. Once Grist
 * confirms, the listing shows it there in the same frame as the status ("Moved … to …", with
 * Undo); a refusal stays in the picker, in Grist's words as the worker put them.
 */
export async function commitMove(context: ActionContext, to: DocumentPlace): Promise<void> {
  const { listing, moving, backend, edit } = context;
  const state = moving.value;
  const from = state && placeOf(listing.value, state.ref);
  const document = state && rowDocument(listing.value, state.ref);
  if (!state || state.saving || !from || !document) return;
  moving.value = { ...state, saving: true, error: null };
  // With the row's account, whose destinations the picker offered (with one account the ref has none).
  const account = state.ref.account === undefined ? {} : { account: state.ref.account };
  const reply = await settle(backend.moveDocument({ ...account, orgId: state.ref.orgId, siteUrl: state.ref.siteUrl, docId: state.ref.docId, to: { orgId: to.site.orgId, workspaceId: to.workspace.id } }));
  batch(() => {
    if (!reply.ok && reply.error.kind === 'not-found' && reply.error.status === 404) {
      // Rather than leave a picker whose every choice would fail the same way.
      moving.value = null;
      forgetGone(context, state.ref, reply.error.message);
      return;
    }
    if (!reply.ok) {
      moving.value = { ...state, error: reply.error.message };
      return;
    }
    const { to: there, entryId } = reply.value;
    moving.value = null;
    edit((shown) => withMoved(shown, state.ref, there));
    const ref = { ...state.ref, orgId: there.site.orgId, siteUrl: there.site.url };
    focusDocumentLink(ref);
    offerUndo(context, entryId, { ref, oldName: document.name, newName: document.name, move: { from, to: there } }, movedText('movedTo', document.name, there));
  });
}

/**
 * Once the list is drawn (after the next frame: its re-render may wait for one), the focus on what
 * `target` finds then, unless the user put it somewhere meanwhile: it moves from the body, from an
 * element that went, or from `from` (where it was when the change began: it moves from there too).
 */
export function focusOnceDrawn(target: () => HTMLElement | null | undefined, from?: Element | null): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const active = globalThis.document.activeElement;
      if (active && active !== globalThis.document.body && active.isConnected && active !== from) return;
      target()?.focus();
    }),
  );
}

/**
 * Once drawn, the focus a closing picker or form took with it (or, given, the focus on `from`):
 * the document's link where it is now if that is on screen, otherwise the search box (see
 * focusOnceDrawn).
 */
export function focusDocumentLink(ref: DocumentRef, from?: Element | null): void {
  focusOnceDrawn(() => rowElement(globalThis.document, documentKey(ref))?.querySelector<HTMLElement>(RESULT_LINK) ?? globalThis.document.getElementById('search-documents'), from);
}

/**
 * Undoes the last change (`force`: even though the document was changed elsewhere since). Grist's
 * answer is shown whatever the user did meanwhile (the old name, the old place, the document back
 * or gone); the offer then says what it came to, unless another change replaced it. A document
 * back from the trash takes the focus, on its link, from where the undo was asked (the Undo
 * button, which goes, or the row Ctrl+Z was pressed on); otherwise a focus the Undo button took
 * with it goes to the search box. Once Grist confirmed it, the History or Trash view shown reads
 * again (undone).
 */
export async function undoLast(context: ActionContext, force: boolean): Promise<void> {
  const { lastChange, announcement, backend, edit } = context;
  const last = lastChange.value;
  if (!last || last.undo.kind === 'undoing') return;
  lastChange.value = { ...last, undo: { kind: 'undoing' } };
  const from = globalThis.document.activeElement;
  const docId = 'docId' in last.ref ? last.ref.docId : workspaceKey(last.ref.workspaceId);
  const result = undoResult(await settle(backend.undoChange({ entryId: last.entryId, docId, force })));
  const { move, other } = last;
  if ('restored' in result && other?.bringsRowBack) focusDocumentLink(last.ref as DocumentRef, from);
  else focusOnceDrawn(() => globalThis.document.getElementById('search-documents'));
  batch(() => {
    if ('restored' in result) {
      context.undone.value++;
      if (move) edit((shown) => withMoved(shown, last.ref as DocumentRef, move.from));
      else if (other) context.confirm(renameKey(last.ref), other.undone);
      else showName(context, last.ref, result.restored);
    }
    if (lastChange.value?.entryId !== last.entryId) return;
    if (!('restored' in result)) {
      lastChange.value = { ...last, undo: result };
    } else {
      lastChange.value = null;
      announcement.value = move ? movedBackText(move, result.restored) : other ? other.undoneMessage : t('restoredName', plainTextName(result.restored));
    }
  });
}

/**
 * The change history's view state; an undo there shows the old name (or place) in the listing at
 * once, and takes back the status line's offer when it was of that change: its Undo and Ctrl+Z
 * would otherwise still offer a change undone already.
 */
export function historyStore(context: ActionContext): HistoryStore {
  return createHistoryStore(context.backend, (entry, name) => {
    if (context.lastChange.value?.entryId === entry.id) context.lastChange.value = null;
    return entry.kind === 'rename'
      ? showName(
          context,
          entry.target === 'workspace' && entry.workspace
            ? { orgId: entry.site.orgId, siteUrl: entry.site.url, workspaceId: entry.workspace.id }
            : { orgId: entry.site.orgId, siteUrl: entry.site.url, docId: entry.docId },
          name,
        )
      : context.edit((shown) => withUndone(shown, entry));
  });
}
