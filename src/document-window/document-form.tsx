/**
 * The document window's form: the New name field with its error, the document's place with Move to… (a
 * document the user owns), Move to trash, and the Rename and Cancel buttons.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import { MoveSection } from './move-section.tsx';
import type { DocumentAtUrl } from '../shared/protocol/messages.ts';
import type { DocumentWindowState, DocumentWindowStore } from './store.ts';

type EditingState = Extract<DocumentWindowState, { kind: 'editing' }>;

const FIELD_ID = 'new-name';
const ERROR_ID = 'new-name-error';

/** Move to trash, under the name field and the place (a document only: its owners, as renaming), and why it failed. */
function TrashRow({ store, document, disabled }: { store: DocumentWindowStore; document: DocumentAtUrl; disabled: boolean }) {
  const trash = store.trash.value;
  return (
    <div class="trash-row">
      <button type="button" class="button" disabled={disabled} aria-disabled={trash.kind === 'sending' ? 'true' : undefined} onClick={() => void store.moveToTrash(document)}>
        {trash.kind === 'sending' ? t('movingToTrash') : t('menuMoveToTrash')}
      </button>
      {trash.kind === 'failed' && (
        <p class="field-error" role="alert">
          {trash.message}
        </p>
      )}
    </div>
  );
}

/**
 * Prefilled with the current name, selected so typing replaces it. Enter (or Rename) submits;
 * Escape is handled for the whole window by the app. Focus comes back to the field with each error.
 */
export function DocumentForm({ store, state }: { store: DocumentWindowStore; state: EditingState }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const opened = useRef(false);

  // Runs for each new state object, i.e. after each submit, not on each keystroke (the draft is apart).
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (!opened.current) {
      opened.current = true;
      input.focus();
      input.select();
    } else if (!state.saving && (state.nameError || state.renameError)) {
      // The caret stays where it was: the user fixes the text rather than retyping it.
      input.focus();
    }
  }, [state]);

  const error = state.nameError ?? state.renameError;
  const move = store.move.value;
  const busy = state.saving || store.moveUnderway.value;
  return (
    <form
      class="document-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void store.submit();
      }}
    >
      <label for={FIELD_ID}>{t('newName')}</label>
      <input
        class="text-field"
        id={FIELD_ID}
        ref={inputRef}
        type="text"
        dir="auto"
        autocomplete="off"
        spellcheck={false}
        value={store.draft.value}
        readOnly={state.saving}
        aria-invalid={state.nameError ? 'true' : undefined}
        aria-describedby={error ? ERROR_ID : undefined}
        onInput={(event) => store.setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter also confirms an IME composition; that one is not ours.
          if (event.key !== 'Enter' || event.isComposing) return;
          // Submitted here rather than by the browser's implicit submission, so the
          // isComposing check above holds in every browser.
          event.preventDefault();
          void store.submit();
        }}
      />
      {error && (
        <p id={ERROR_ID} class="field-error" role="alert">
          {error}
        </p>
      )}
      {move && <MoveSection store={store} state={move} name={state.document.name} />}
      {state.document.kind === 'document' && move?.picker !== 'open' && <TrashRow store={store} document={state.document} disabled={busy} />}
      {/* The open picker takes their place: the window is small, and the picker has its own Cancel.
          Enter in the field still renames (and closes the picker). */}
      {move?.picker !== 'open' && (
        <div class="actions">
          <button type="button" class="button" disabled={busy} onClick={() => store.cancel()}>
            {t('cancel')}
          </button>
          <button type="submit" class="button primary" disabled={busy}>
            {t('rename')}
          </button>
        </div>
      )}
    </form>
  );
}
