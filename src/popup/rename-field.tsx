/**
 * The rename field a document row or a workspace heading turns into: what it is called now (with
 * a character count near the limit), the field (Enter saves, Escape cancels), Save and Cancel,
 * and Grist's or the checks' error under it. And where focus goes as the rename moves on.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { MAX_DOCUMENT_NAME_LENGTH } from '../shared/document-name.ts';
import { t } from '../shared/i18n.ts';
import type { RenameState } from './store.ts';

/** Past this many characters, the rename field counts them against the limit. */
export const COUNT_FROM = 200;

export type RenameMode = 'view' | 'editing' | 'saving';

/** Where a row's rename stands: not renaming, in the field, or waiting for Grist. */
export function renameMode(rename: RenameState | undefined): RenameMode {
  return !rename ? 'view' : rename.saving ? 'saving' : 'editing';
}

/**
 * Moves focus as a rename moves on: into the field (name selected) when it opens; back to the
 * Rename button when it is saved or cancelled from the field; back into the field when Grist
 * refused the name, but only if focus is still in this row or was lost with the field (an answer
 * that comes late must not pull focus away from where the user went meanwhile).
 */
export function useRenameFocus(mode: RenameMode, row: RefObject<HTMLElement | null>, input: RefObject<HTMLInputElement | null>, renameButton: RefObject<HTMLButtonElement | null>): void {
  const previousMode = useRef<RenameMode>(mode);
  useLayoutEffect(() => {
    const previous = previousMode.current;
    previousMode.current = mode;
    if (previous === mode) return;
    if (previous === 'view' && mode === 'editing') {
      input.current?.focus();
      input.current?.select();
    } else if (previous === 'editing') {
      renameButton.current?.focus();
    } else if (mode === 'editing') {
      const active = globalThis.document.activeElement;
      if (!active || active === globalThis.document.body || row.current?.contains(active)) input.current?.focus();
    }
  }, [mode]);
}

interface RenameFieldProps {
  /** What it is called now. */
  currentName: string;
  /** The field's accessible name ("New name for …"). */
  label: string;
  rename: RenameState;
  /** Unique in the page: the ids of the error and of the current name derive from it. */
  idBase: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onDraft: (text: string) => void;
  onCommit: () => void;
  onCancel: () => void;
}

/** The field and what goes with it; the caller gives the row element around it. */
export function RenameField({ currentName, label, rename, idBase, inputRef, onDraft, onCommit, onCancel }: RenameFieldProps) {
  const errorId = `rename-error-${idBase}`;
  const currentId = `rename-current-${idBase}`;
  const length = [...rename.draft.trim()].length;
  return (
    <>
      {/* What it is called now, kept in sight while the field holds the new name. */}
      <p class="rename-context" id={currentId}>
        <span class="rename-current" title={currentName}>
          {t('currentName')} <bdi dir="auto">{currentName}</bdi>
        </span>
        {length > COUNT_FROM && (
          // Part of the field's description, read when asked; not a live region, which would speak at every key.
          <span class={length > MAX_DOCUMENT_NAME_LENGTH ? 'counter counter-over' : 'counter'}>
            {t('characterCount', String(length), String(MAX_DOCUMENT_NAME_LENGTH))}
          </span>
        )}
      </p>
      <div class="rename-field">
        <input
          ref={inputRef}
          class="rename-input"
          type="text"
          dir="auto"
          aria-label={label}
          aria-invalid={rename.error ? 'true' : undefined}
          aria-describedby={rename.error ? `${errorId} ${currentId}` : currentId}
          value={rename.draft}
          spellcheck={false}
          onInput={(event) => onDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter and Escape also confirm or abandon an IME composition; those are not ours.
            if (event.isComposing) return;
            if (event.key === 'Enter') {
              event.preventDefault();
              onCommit();
            } else if (event.key === 'Escape') {
              // preventDefault keeps Chrome from closing the whole popup on this Escape.
              event.preventDefault();
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        <button type="button" class="icon-button save" title={t('saveShortcut')} onClick={onCommit}>
          {t('save')}
        </button>
        <button type="button" class="icon-button cancel" title={t('cancelShortcut')} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
      {rename.error && (
        <p class="row-error" role="alert" id={errorId}>
          {rename.error}
        </p>
      )}
    </>
  );
}
