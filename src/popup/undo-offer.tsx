/** The popup's offer to undo its last change, in its status region (status-area.tsx), with Open for a document it made. */
import { UndoControls } from '../history/undo-controls.tsx';
import { t } from '../shared/i18n.ts';
import { plainTextName } from '../shared/plain-text-name.ts';
import { movedText } from './change-actions.ts';
import type { PopupStore } from './store-types.ts';

/**
 * The last change's Undo (Ctrl+Z or Cmd+Z does the same), and what it came to: a rename made
 * elsewhere since is said, with "Restore … anyway" (for a move: where it is now, "Move … back anyway").
 */
export function UndoOffer({ store }: { store: PopupStore }) {
  const last = store.lastChange.value;
  if (!last) return null;
  const undoLast = (force: boolean) =>
    void store.undoLastChange(force).then(() =>
      // Once drawn: the button went with the undo, and focus goes to the search box, not the top of the page.
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) document.getElementById('search-documents')?.focus();
      }, 0),
    );
  return (
    <div class="undo-offer">
      <p class="undo-message">
        {last.other?.message ?? (last.move ? movedText('movedTo', last.oldName, last.move.to) : t('renamedFromTo', plainTextName(last.oldName), plainTextName(last.newName)))}
      </p>
      {last.other?.open ? (
        <a class="link-button" href={last.other.open} target="_blank" rel="noopener noreferrer" aria-label={t('openDocument', last.newName)}>
          {t('open')}
        </a>
      ) : null}
      <UndoControls
        oldName={last.oldName}
        undo={last.undo}
        onUndo={undoLast}
        move={Boolean(last.move)}
        label={last.other?.undoLabel ?? t(last.move ? 'undoMoveOf' : 'undoRenameOf', last.newName)}
        keyshortcuts="Control+Z Meta+Z"
        buttonClass="link-button"
      />
    </div>
  );
}

