/**
 * The rename field a document row or a workspace heading turns into: what it is called now (with
 * a character count near the limit), the field (Enter saves, Escape cancels), Save and Cancel,
 * and Grist's or the checks' error under it. And where focus goes as the rename moves on.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { MAX_DOCUMENT_NAME_LENGTH } from '../shared/document-name.ts';
import { t } from '../shared/i18n.ts';
import type { PopupStore, RenameRef, RenameState } from './store.ts';

/** Past this many characters, the rename field counts them against the limit. */
export const COUNT_FROM = 200;

type RenameMode = 'view' | 'editing' | 'saving';

/** Where a row's rename stands: not renaming, in the field, or waiting for Grist. */
function renameMode(rename: RenameState | undefined): RenameMode {
  return !rename ? 'view' : rename.saving ? 'saving' : 'editing';
}

/**
 * A renamable row's state (a document row, a workspace heading): where its rename stands, the name
 * it shows (while saving, already the new one: it is put back if Grist refuses it), and the refs
 * of its element, field and Rename button. Moves focus as the rename moves on: into the field
 * (name selected) when it opens; back to the Rename button when it is saved or cancelled from the
 * field; back into the field when Grist refused the name, but only if focus is still in this row
 * or was lost with the field (an answer that comes late must not pull focus away from where the
 * user went meanwhile).
 */
export function useRenameRow<T extends HTMLElement>(rename: RenameState | undefined, name: string) {
  const mode = renameMode(rename);
  const row = useRef<T>(null);
  const input = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
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
  return { mode, shownName: rename?.saving ? rename.draft.trim() : name, rowRef: row, inputRef: input, renameButtonRef: renameButton };
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
  store: PopupStore;
  /** What is renamed: its draft, save and cancel go to the store. */
  subject: RenameRef;
}

/** The field and what goes with it; the caller gives the row element around it. */
export function RenameField({ currentName, label, rename, idBase, inputRef, store, subject }: RenameFieldProps) {
  const onCommit = () => void store.commitRename(subject);
  const onCancel = () => store.cancelRename(subject);
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
          onInput={(event) => store.setDraft(subject, event.currentTarget.value)}
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
