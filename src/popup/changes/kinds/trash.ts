/**
 * A document's move to the trash, from its row (Delete, or its menu): its row goes at once, and
 * comes back if Grist refuses (but for a document Grist no longer has). Once Grist confirms, the
 * status says so with Undo. A focus the row held goes to the next row's link (the previous one's,
 * for the last), or, with no other row left, to the status's Undo once there (to the row put back,
 * if refused).
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import { addedEntry } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentEntry, DocumentPlace } from '../../../shared/protocol/listing.ts';
import type { LoggedChange } from '../../../shared/protocol/messages.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { DocumentRef } from '../../../listing-view/row-identity.ts';
import type { ChangeContext, ListingEdit, RegisteredChange } from '../change-descriptor.ts';
import { focusDocumentLink, focusOnceDrawn, neighbourLink, rowHoldingFocus } from '../../focus/focus.ts';
import { withAdded, withoutDocument } from '../listing-edits.ts';
import { placeOf, rowDocument } from '../../reads/listing-lookups.ts';
import { loggedDocument, loggedName, loggedPlace } from '../logged-rows.ts';
import { rowKey } from '../../reads/row-ref.ts';
import { runChange } from '../runner.ts';

/** A trash asked: of document `ref`, as listed (`document`, in `place`). */
interface TrashVars {
  ref: DocumentRef;
  document: DocumentEntry;
  place: DocumentPlace;
}

/** What a trash's onMutate answers: what puts the row back, and the row that held the focus and where it went. */
interface Trashed {
  putBack: ListingEdit;
  row: Element | null;
  next: HTMLElement | null;
}

/** The listing with the document of `vars` back in its place (a trash refused, or undone). */
const putBack = ({ ref, document, place }: TrashVars): ListingEdit => ({ key: rowKey(ref), change: (shown) => withAdded(shown, place, document, ref.account) });

/** A move to the trash, as the runner runs it: the row goes at once and the focus it held moves on; put back if Grist refuses (but after a 404). */
export const trash = {
  logged: [{ kind: 'remove', target: 'document' }],
  // Undone, the document is back in its workspace for the account that made the change (its
  // entry as Grist lists a new one, until the next refresh).
  undone: (entry) => {
    const place = loggedPlace(entry);
    const ref = { ...loggedDocument(entry), ...(entry.account === undefined ? {} : { account: entry.account }) };
    return place && putBack({ ref, place, document: addedEntry(ref.docId, loggedName(entry)) });
  },
  acts: { trashDocument },
  words: ['movedToTrash', 'undoTrashOf', 'restoredFromTrash'],
  onMutate({ confirm, announcement }, vars) {
    const key = rowKey(vars.ref);
    const row = rowHoldingFocus(key);
    const next = row && neighbourLink(row);
    confirm(key, (shown) => withoutDocument(shown, vars.ref));
    announcement.value = '';
    // Once the list is drawn without the row.
    focusOnceDrawn(() => (next?.isConnected ? next : null));
    return { putBack: putBack(vars), row, next };
  },
  send: (backend: Pick<Backend, 'removeDocument'>, { ref }) => backend.removeDocument({ orgId: ref.orgId, siteUrl: ref.siteUrl, docId: ref.docId }),
  onError({ announcement }, error, { ref }, { putBack: back, row, next }) {
    announcement.value = error.message;
    if (row && !next) focusDocumentLink(ref);
    // Gone from Grist: no row to put back.
    return error.status === 404 ? null : back;
  },
  onSuccess(_context, _answer, vars, { row, next }) {
    const { ref, document } = vars;
    const words = { message: t('movedToTrash', plainTextName(document.name)), undoLabel: t('undoTrashOf', document.name), undoneMessage: () => t('restoredFromTrash', plainTextName(document.name)) };
    return { offer: { row: ref, oldName: document.name, words, bringsRowBack: true, ...(row && !next ? { undoTakesFocus: true as const } : {}), undone: () => putBack(vars) } };
  },
} satisfies RegisteredChange<TrashVars, LoggedChange, Trashed>;

/** Moves document `ref` to the trash (see `trash`); nothing when the listing does not have it. */
export async function trashDocument(context: ChangeContext, ref: DocumentRef): Promise<void> {
  const document = rowDocument(context.listing.value, ref);
  const place = placeOf(context.listing.value, ref);
  if (document && place) await runChange(context, trash, { ref, document, place });
}
