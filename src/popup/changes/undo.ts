/**
 * The status line's Undo (and Ctrl+Z) of the last change, whatever its kind: its offer
 * (change-descriptor.ts UndoOffered) says what the listing shows once undone and what the status says.
 */
import { batch } from '@preact/signals';
import { settle } from '../../shared/protocol/errors.ts';
import type { EntryTarget } from '../../shared/protocol/change-log.ts';
import { undoResult } from '../../shared/protocol/undo-outcome.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import type { ChangeContext } from './change-descriptor.ts';
import { focusDocumentLink, focusOnceDrawn } from '../focus/focus.ts';
import { onSettled } from './runner.ts';

/**
 * Undoes the last change (`force`: even though the document was changed elsewhere since; `grants`:
 * for a person's removal, the one grant changed since to put back all the same). Grist's
 * answer is shown whatever the user did meanwhile (the old name, the old place, the document back
 * or gone); the offer then says what it came to, unless another change replaced it. A document
 * back from the trash takes the focus, on its link, from where the undo was asked (the Undo
 * button, which goes, or the row Ctrl+Z was pressed on); otherwise a focus the Undo button took
 * with it goes to the search box. Once Grist confirmed it, the History or Trash view shown reads
 * again (undone). A person's grants changed since (kept, or all of them a conflict) stay offered,
 * each named with its own "Put back anyway", as the History offers them (history-store.ts undo).
 */
export async function undoLast(context: ChangeContext, force: boolean, grants?: string[]): Promise<void> {
  const { lastChange, announcement, backend } = context;
  const last = lastChange.value;
  if (!last || last.undo.kind === 'undoing') return;
  lastChange.value = { ...last, undo: { kind: 'undoing' } };
  const from = globalThis.document.activeElement;
  const target: EntryTarget = last.undoTarget ?? ('docId' in last.row! ? { kind: 'document', id: last.row.docId } : { kind: 'workspace', id: last.row!.workspaceId });
  const result = undoResult(await settle(backend.undoChange({ entryId: last.entryId, target, force, ...(grants ? { grants } : {}) })));
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
      const { kept } = result;
      const said = [last.words.undoneMessage(result.restored), result.leftOut ?? ''].join(' ').trim();
      // Grants kept as changed since stay offered under what was undone (a sentence of its own would
      // take the offer away: store.ts says one thing at a time).
      if (kept) {
        lastChange.value = { ...last, words: { ...last.words, message: said }, undo: { kind: 'conflict', current: kept.map(({ current }) => current).join('; '), conflicts: kept } };
      } else {
        lastChange.value = null;
        announcement.value = said;
      }
    }
  });
}
