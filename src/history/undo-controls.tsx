/**
 * The controls of one undo, the same wherever an undo is offered (the popup's last rename, the
 * document window, a history entry): its button, or, when the document was renamed elsewhere since,
 * what it is called now and "Restore … anyway" (for an access change: who changed since, and "Put
 * back … anyway"); a failure's reason. Names are isolated text.
 */
import type { UndoState } from '../shared/change-log.ts';
import { t } from '../shared/i18n.ts';
import { plainTextName } from '../shared/plain-text-name.ts';

export interface UndoControlsProps {
  /** The name the undo puts back. */
  oldName: string;
  undo: UndoState;
  /** Called with `force` true for "Restore … anyway". */
  onUndo: (force: boolean) => void;
  /** The Undo button's accessible name, when "Undo" alone would not say which rename. */
  label?: string;
  /** The keys that do the same (`aria-keyshortcuts`). */
  keyshortcuts?: string;
  /** The page's class for its buttons. */
  buttonClass?: string;
  /** True for a move's undo: what it says of a change made elsewhere ("moved to …", "Move back anyway"). */
  move?: boolean;
  /** True for an access change's undo: what it says when who has access was changed elsewhere since. */
  access?: boolean;
}

export function UndoControls({ oldName, undo, onUndo, label, keyshortcuts, buttonClass, move = false, access = false }: UndoControlsProps) {
  if (undo.kind === 'conflict' && access) {
    return (
      <>
        <p class="undo-message" role="alert">
          {t('accessChangedElsewhere', plainTextName(oldName), undo.current)}
        </p>
        <button type="button" class={buttonClass} onClick={() => onUndo(true)}>
          {t('accessBackAnyway', plainTextName(oldName))}
        </button>
      </>
    );
  }
  if (undo.kind === 'conflict') {
    return (
      <>
        <p class="undo-message" role="alert">
          {t(move && !undo.renamed ? 'movedElsewhere' : 'renamedElsewhere', plainTextName(oldName), plainTextName(undo.current))}
        </p>
        <button type="button" class={buttonClass} onClick={() => onUndo(true)}>
          {t(move ? 'moveBackAnyway' : 'restoreAnyway', plainTextName(oldName))}
        </button>
      </>
    );
  }
  return (
    <>
      {undo.kind === 'failed' && (
        <p class="undo-message undo-failed" role="alert">
          {undo.message}
        </p>
      )}
      <button
        type="button"
        class={buttonClass}
        aria-label={label}
        aria-keyshortcuts={keyshortcuts}
        aria-disabled={undo.kind === 'undoing' ? 'true' : undefined}
        onClick={() => onUndo(false)}
      >
        {t('undo')}
      </button>
    </>
  );
}
