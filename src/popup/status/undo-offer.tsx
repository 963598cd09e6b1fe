/** The popup's offer to undo its last change, in its status region (status-area.tsx), with Open for a document it made. */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { UndoControls } from '../../history/undo-controls.tsx';
import { t } from '../../shared/i18n.ts';
import type { PopupStore } from '../store-types.ts';
import { isUndoKey } from './undo-key.ts';


/**
 * The last change's Undo, and what it came to: a rename made elsewhere since is said, with
 * "Restore … anyway" (for a move: where it is now, "Move … back anyway"). While it is offered,
 * Ctrl+Z (Cmd+Z on macOS) anywhere in the popup does the same, except in a text field, whose
 * own undo it is.
 */
export function UndoOffer({ store }: { store: PopupStore }) {
  const last = store.lastChange.value;
  const offerRef = useRef<HTMLDivElement>(null);
  // A change whose row held the focus, with no other row left to take it: the Undo button takes
  // it (Enter and Ctrl+Z undo there), unless the user put it somewhere meanwhile.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (last?.undoTakesFocus && (!active || active === document.body || !active.isConnected)) offerRef.current?.querySelector<HTMLElement>('button[aria-keyshortcuts]')?.focus();
  }, [last?.entryId]);
  // Listening from the frame the offer is drawn in (a layout effect), not after it as useEffect
  // would: a Ctrl+Z pressed as soon as "Moved … to trash." shows was lost on a loaded machine.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isUndoKey(event) || !store.lastChange.value) return;
      event.preventDefault();
      void store.undoLastChange();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);
  if (!last) return null;
  // The button goes with the undo: the undo puts the focus it held somewhere (changes/undo.ts undoLast).
  const undoLast = (force: boolean) => void store.undoLastChange(force);
  // A person's grant changed since, put back on its own (never all at once with `force`).
  const putBack = (grant: string) => void store.undoLastChange(false, [grant]);
  return (
    <div class="undo-offer" ref={offerRef}>
      <p class="undo-message">
        {last.words.message}
      </p>
      {last.open ? (
        <a class="link-button" href={last.open.url} target="_blank" rel="noopener noreferrer" aria-label={t('openDocument', last.open.name)}>
          {t('open')}
        </a>
      ) : null}
      <UndoControls
        oldName={last.oldName}
        undo={last.undo}
        onUndo={undoLast}
        onPutBack={putBack}
        move={Boolean(last.move)}
        access={Boolean(last.access)}
        label={last.words.undoLabel}
        keyshortcuts="Control+Z Meta+Z"
        buttonClass="link-button"
      />
    </div>
  );
}

