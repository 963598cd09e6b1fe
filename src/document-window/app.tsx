/** The document window's whole view: heading, the form or a message, the status region and buttons. */
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { UndoControls } from '../history/undo-controls.tsx';
import { movedBackText, movedText } from '../move-view/moved-text.ts';
import { t } from '../shared/i18n.ts';
import { plainTextName } from '../shared/rules/plain-text-name.ts';
import { IsolatedNames, NAME_MARKS } from './isolated-names.tsx';
import { DocumentForm } from './document-form.tsx';
import type { DocumentWindowState, DocumentWindowStore } from './store.ts';
import type { MoveState } from './window-move.ts';
import type { TrashState } from './window-trash.ts';

/** Grist answers 403 to anyone else (see `DocumentAtUrl.canRename`); said of a document or a workspace. */
export const NOT_OWNER_MESSAGE = { document: t('notOwner'), workspace: t('notOwnerWorkspace') } as const;

/** What the status region says of a move while the name can still be changed: on its way, done, undone. */
function moveStatusText(name: string, move: MoveState | null): string[] {
  if (move?.picker === 'moving') return [t('moving')];
  const outcome = move?.outcome;
  if (outcome?.kind === 'moved') return [movedText('movedTo', name, outcome.to)];
  if (outcome?.kind === 'moved-back') return [movedBackText(outcome, name)];
  return [];
}

/** The text of the one live region, so each change of state is announced once. */
function statusText(state: DocumentWindowState, hasTab: boolean, move: MoveState | null, trash: TrashState): string[] {
  if (state.kind === 'editing' && trash.kind === 'trashed') return [t('movedToTrash', plainTextName(state.document.name))];
  if (state.kind === 'editing' && trash.kind === 'restored' && !state.saving && !move?.outcome) return [t('restoredFromTrash', plainTextName(state.document.name))];
  switch (state.kind) {
    case 'loading':
      return [t('loading')];
    case 'not-owner':
      return [NOT_OWNER_MESSAGE[state.document.kind]];
    case 'editing':
      return state.saving ? [t('renaming')] : moveStatusText(state.document.name, move);
    case 'renamed':
      return [t('renamedTo', state.name), ...(hasTab ? [t(state.document.kind === 'workspace' ? 'tabShowsOldNameWorkspace' : 'tabShowsOldName')] : [])];
    case 'undone':
      // The tab was not reloaded after the rename (that closes this window): it shows this name already.
      return [t('renamedBack', plainTextName(state.name))];
    case 'unavailable':
      return [];
  }
}

/** "Rename “name”" in the user's language, with the name isolated in a <bdi>. */
function NamedHeading({ name }: { name: string }) {
  return <IsolatedNames text={t('documentWindowRenameNamed', NAME_MARKS[0])} names={[name]} />;
}

/**
 * Undo for the rename just made, and what it came to: a rename made elsewhere since is said,
 * with "Restore … anyway".
 */
function UndoRow({ store, state }: { store: DocumentWindowStore; state: Extract<DocumentWindowState, { kind: 'renamed' }> }) {
  if (!state.entryId) return null;
  return (
    <div class="undo-row">
      <UndoControls oldName={state.document.name} undo={state.undo} onUndo={(force) => void store.undo(force)} buttonClass="button" />
    </div>
  );
}

/**
 * Undo for the move just made (the window stays open: the name can still be changed), and what it
 * came to: moved elsewhere since is said, with "Move … back anyway".
 */
function MoveUndoRow({ store, name, move }: { store: DocumentWindowStore; name: string; move: MoveState | null }) {
  const outcome = move?.outcome;
  if (outcome?.kind !== 'moved' || !outcome.entryId || move?.picker === 'moving') return null;
  return (
    <div class="undo-row">
      <UndoControls oldName={name} undo={outcome.undo} onUndo={(force) => void store.undoMove(force)} move label={t('undoMoveOf', name)} buttonClass="button" />
    </div>
  );
}

/** The buttons shown once there is nothing left to type; the primary one takes focus. */
function Actions({ store, offerReload, offerOptions }: { store: DocumentWindowStore; offerReload: boolean; offerOptions: boolean }) {
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

/** Renders the document window from `store` and keeps the window title in step; call `store.start()` to load. */
export function DocumentWindowApp({ store }: { store: DocumentWindowStore }) {
  const state = store.state.value;
  const title = store.title.value;
  const move = store.move.value;
  const hasTab = store.canReloadTab.value;
  const trash = store.trash.value;
  // In the trash: nothing left to rename or move, until it is taken back (Undo).
  const trashed = state.kind === 'editing' && trash.kind === 'trashed';
  const inProgress = state.kind === 'loading' || (state.kind === 'editing' && (state.saving || move?.picker === 'moving'));

  useEffect(() => {
    document.title = title;
  }, [title]);

  // On the document rather than the field, so Escape also works from the buttons.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape also abandons an IME composition; that one is not ours.
      if (event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      // The destination picker takes its own Escape (and stops it); from elsewhere, an open picker closes first.
      store.dismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);

  return (
    <main class={state.kind === 'editing' && move?.picker === 'open' ? 'document-window picking' : 'document-window'}>
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
      {state.kind === 'editing' && !trashed && <DocumentForm store={store} state={state} />}
      {state.kind === 'unavailable' && (
        <p class="message message-error" role="alert">
          {state.message}
        </p>
      )}
      <div class={inProgress ? 'status in-progress' : 'status'} role="status">
        {statusText(state, hasTab, move, trash).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {state.kind === 'renamed' && state.reloadError && (
        <p class="message message-error" role="alert">
          {state.reloadError}
        </p>
      )}
      {state.kind === 'renamed' && <UndoRow store={store} state={state} />}
      {state.kind === 'editing' && !state.saving && !trashed && <MoveUndoRow store={store} name={state.document.name} move={move} />}
      {state.kind === 'editing' && trash.kind === 'trashed' && trash.entryId && (
        <div class="undo-row">
          <UndoControls
            oldName={state.document.name}
            undo={trash.undo}
            onUndo={(force) => void store.undoTrash(state.document, force)}
            label={t('undoTrashOf', state.document.name)}
            buttonClass="button"
          />
        </div>
      )}
      {trashed && <Actions key="trashed" store={store} offerReload={false} offerOptions={false} />}
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
