/**
 * The status line's Undo (and Ctrl+Z) of the last change, whatever its kind: its offer
 * (change-descriptor.ts UndoOffered) says what the listing shows once undone and what the status says.
 */
import { batch } from '@preact/signals';
import { settle } from '../../shared/errors.ts';
import { undoResult, workspaceKey } from '../../shared/change-log.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import type { ChangeContext } from './change-descriptor.ts';
import { focusDocumentLink, focusOnceDrawn } from '../focus/focus.ts';
import { onSettled } from './runner.ts';

/**
 * Undoes the last change (`force`: even though the document was changed elsewhere since). Grist's
 * answer is shown whatever the user did meanwhile (the old name, the old place, the document back
 * or gone); the offer then says what it came to, unless another change replaced it. A document
 * back from the trash takes the focus, on its link, from where the undo was asked (the Undo
 * button, which goes, or the row Ctrl+Z was pressed on); otherwise a focus the Undo button took
 * with it goes to the search box. Once Grist confirmed it, the History or Trash view shown reads
 * again (undone).
 */
export async function undoLast(context: ChangeContext, force: boolean): Promise<void> {
  const { lastChange, announcement, backend } = context;
  const last = lastChange.value;
  if (!last || last.undo.kind === 'undoing') return;
  lastChange.value = { ...last, undo: { kind: 'undoing' } };
  const from = globalThis.document.activeElement;
  const docId = last.undoKey ?? ('docId' in last.row! ? last.row.docId : workspaceKey(last.row!.workspaceId));
  const result = undoResult(await settle(backend.undoChange({ entryId: last.entryId, docId, force })));
  if ('restored' in result && last.bringsRowBack) focusDocumentLink(last.row as DocumentRef, from);
  else focusOnceDrawn(() => globalThis.document.getElementById('search-documents'));
  batch(() => {
    if ('restored' in result) {
      context.undone.value++;
      onSettled(context, last.undone(result.restored));
    }
    if (lastChange.value?.entryId !== last.entryId) return;
    if (!('restored' in result)) {
      lastChange.value = { ...last, undo: result };
    } else {
      lastChange.value = null;
      announcement.value = [last.words.undoneMessage(result.restored), result.leftOut ?? ''].join(' ').trim();
    }
  });
}
