/**
 * The controls of one undo, the same wherever an undo is offered (the popup's last rename, the
 * document window, a history entry): its button, or, when the document was renamed elsewhere since,
 * what it is called now and "Restore … anyway" (for an access change: who changed since, and "Put
 * back … anyway"); a failure's reason. Names are isolated text.
 */
import type { UndoState } from '../shared/protocol/undo-outcome.ts';
import { t } from '../shared/i18n.ts';
import { plainTextName } from '../shared/rules/plain-text-name.ts';

export interface UndoControlsProps {
  /** The name the undo puts back. */
  oldName: string;
  undo: UndoState;
  /** Called with `force` true for "Restore … anyway". */
  onUndo: (force: boolean) => void;
  /**
   * For a person's removal: called with a grant kept as changed since, for its "Put back anyway".
   * Without it such grants are named with no button: never the whole entry's "Put back … anyway",
   * which would force every grant at once, raising each role a colleague lowered since.
   */
  onPutBack?: (grant: string) => void;
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
  /**
   * True when a later change made here (the History lists it) changed it since: its conflict says
   * so, never "elsewhere".
   */
  changedHere?: boolean;
}

export function UndoControls({ oldName, undo, onUndo, onPutBack, label, keyshortcuts, buttonClass, move = false, access = false, changedHere = false }: UndoControlsProps) {
  if (undo.kind === 'conflict' && undo.conflicts) {
    // A person's grants changed since: each named (the worker's words: emails and names are text), each put back on its own.
    return (
      <>
        <p class="undo-message" role="alert">
          {t('personKeptSince')}
        </p>
        <ul class="undo-conflicts">
          {undo.conflicts.map(({ grant, current }) => (
            <li key={grant}>
              <bdi dir="auto">{current}</bdi>{' '}
              {onPutBack ? (
                <button type="button" class={buttonClass} aria-label={t('putBackAnywayOf', current)} onClick={() => onPutBack(grant)}>
                  {t('putBackAnyway')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (undo.kind === 'conflict') {
    const old = plainTextName(oldName);
    // An access change's `current` says what changed (the worker's words), not a name.
    const said = access
      ? t(changedHere ? 'accessChangedHereSince' : 'accessChangedElsewhere', old, undo.current)
      : t(move && !undo.renamed ? 'movedElsewhere' : changedHere ? 'renamedHereSince' : 'renamedElsewhere', old, plainTextName(undo.current));
    return (
      <>
        <p class="undo-message" role="alert">
          {said}
        </p>
        <button type="button" class={buttonClass} onClick={() => onUndo(true)}>
          {t(access ? 'accessBackAnyway' : move ? 'moveBackAnyway' : 'restoreAnyway', old)}
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
