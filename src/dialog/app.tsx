/** The rename dialog's whole view: heading, the form or a message, the status region and buttons. */
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { UndoControls } from '../history/undo-controls.tsx';
import { t } from '../shared/i18n.ts';
import { plainTextName } from '../shared/plain-text-name.ts';
import { RenameForm } from './rename-form.tsx';
import type { DialogState, DialogStore } from './store.ts';

/** Grist answers 403 to anyone else (see `DocumentAtUrl.canRename`); said of a document or a workspace. */
export const NOT_OWNER_MESSAGE = { document: t('notOwner'), workspace: t('notOwnerWorkspace') } as const;

/** The text of the one live region, so each change of state is announced once. */
function statusText(state: DialogState, hasTab: boolean): string[] {
  switch (state.kind) {
    case 'loading':
      return [t('loading')];
    case 'not-owner':
      return [NOT_OWNER_MESSAGE[state.document.kind]];
    case 'editing':
      return state.saving ? [t('renaming')] : [];
    case 'renamed':
      return [t('renamedTo', state.name), ...(hasTab ? [t(state.document.kind === 'workspace' ? 'tabShowsOldNameWorkspace' : 'tabShowsOldName')] : [])];
    case 'undone':
      // The tab was not reloaded after the rename (that closes this window): it shows this name already.
      return [t('restoredName', plainTextName(state.name))];
    case 'unavailable':
      return [];
  }
}

/**
 * Marks where the name goes in the translated heading, so it can be put in its own element. A
 * private-use character: no name or translation holds one (a NUL would not do: it did not come
 * back whole from Chrome's getMessage).
 */
const NAME_MARK = '\uE000';

/** "Rename “name”" in the user's language, with the name isolated in a <bdi>. */
function NamedHeading({ name }: { name: string }) {
  const [before = '', after = ''] = t('dialogRenameNamed', NAME_MARK).split(NAME_MARK);
  return (
    <>
      {before}
      <bdi dir="auto">{name}</bdi>
      {after}
    </>
  );
}

/**
 * Undo for the rename just made, and what it came to: a rename made elsewhere since is said,
 * with "Restore … anyway".
 */
function UndoRow({ store, state }: { store: DialogStore; state: Extract<DialogState, { kind: 'renamed' }> }) {
  if (!state.entryId) return null;
  return (
    <div class="undo-row">
      <UndoControls oldName={state.document.name} undo={state.undo} onUndo={(force) => void store.undo(force)} buttonClass="button" />
    </div>
  );
}

/** The buttons shown once there is nothing left to type; the primary one takes focus. */
function Actions({ store, offerReload, offerOptions }: { store: DialogStore; offerReload: boolean; offerOptions: boolean }) {
  const primaryRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    primaryRef.current?.focus();
  }, []);
  // The primary button comes last, as Rename does in the form.
  return (
    <div class="actions">
      <button type="button" class="button" ref={offerReload || offerOptions ? undefined : primaryRef} onClick={() => store.close()}>
        {t('close')}
      </button>
      {offerOptions && (
        <button type="button" class="button primary" ref={primaryRef} onClick={() => store.openOptions()}>
          {t('openOptions')}
        </button>
      )}
      {offerReload && (
        <button type="button" class="button primary" ref={primaryRef} onClick={() => void store.reloadTab()}>
          {t('reloadTab')}
        </button>
      )}
    </div>
  );
}

/** Renders the dialog from `store` and keeps the window title in step; call `store.start()` to load. */
export function DialogApp({ store }: { store: DialogStore }) {
  const state = store.state.value;
  const title = store.title.value;
  const hasTab = store.tabId !== null;
  const inProgress = state.kind === 'loading' || (state.kind === 'editing' && state.saving);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // On the document rather than the field, so Escape also works from the buttons.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape also abandons an IME composition; that one is not ours.
      if (event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      store.cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);

  return (
    <main class="dialog">
      {/* Names come from Grist and may contain markup: always text, never HTML. The name is
          isolated in a <bdi> so right-to-left text or bidi override characters in it cannot
          reorder the words around it. Same text as `title`. */}
      {'document' in state ? (
        <h1 title={state.document.name}>
          <NamedHeading name={state.document.name} />
        </h1>
      ) : (
        <h1>{title}</h1>
      )}
      {state.kind === 'editing' && <RenameForm store={store} state={state} />}
      {state.kind === 'unavailable' && (
        <p class="message message-error" role="alert">
          {state.message}
        </p>
      )}
      <div class={inProgress ? 'status in-progress' : 'status'} role="status">
        {statusText(state, hasTab).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {state.kind === 'renamed' && state.reloadError && (
        <p class="message message-error" role="alert">
          {state.reloadError}
        </p>
      )}
      {state.kind === 'renamed' && <UndoRow store={store} state={state} />}
      {/* Keyed by state, so the first button takes focus each time this row appears. */}
      {(state.kind === 'unavailable' || state.kind === 'not-owner' || state.kind === 'renamed' || state.kind === 'undone') && (
        <Actions
          key={state.kind}
          store={store}
          offerReload={state.kind === 'renamed' && hasTab}
          offerOptions={state.kind === 'unavailable' && state.fixInOptions}
        />
      )}
    </main>
  );
}
