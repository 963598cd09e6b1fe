/**
 * The document window's Move to trash (issue 29), under the name field of a document the user owns:
 * sent through the worker's change pipeline (`removeDocument`, with how the window was opened), then
 * the window says so with Undo (the document back from the trash, read first by the worker). While
 * the document is in the trash, there is nothing left to rename.
 */
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { runPageChange, type PageChange } from '../page-shared/change-lifecycle.ts';
import type { Backend } from '../page-shared/backend-client.ts';
import { keyTarget, type WindowSource } from '../shared/protocol/change-log.ts';
import { undoResult, type UndoState } from '../shared/protocol/undo-outcome.ts';
import { settle } from '../shared/protocol/errors.ts';
import type { DocumentAtUrl, DocumentKey, LoggedChange } from '../shared/protocol/messages.ts';

/** Where the window's Move to trash stands: not asked, on its way, refused (why), done (with its undo), or undone. */
export type TrashState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'failed'; message: string }
  | { kind: 'trashed'; entryId: string | null; undo: UndoState }
  | { kind: 'restored' };

export interface WindowTrash {
  readonly trash: ReadonlySignal<TrashState>;
  /** Moves the window's document to the trash. */
  moveToTrash(document: DocumentAtUrl): Promise<void>;
  /** Takes it back from the trash (`force`: even though it was renamed elsewhere since). */
  undoTrash(document: DocumentAtUrl, force?: boolean): Promise<void>;
}

/** What the window's Move to trash writes: its state, and the backend it sends with. */
interface WindowTrashContext {
  backend: Pick<Backend, 'removeDocument'>;
  trash: Signal<TrashState>;
}

/**
 * The window's Move to trash of the document where it is now, in the pages' one lifecycle
 * (page-shared/change-lifecycle.ts): Moving to trash… at once; a refusal is said under the
 * button, the form kept; once Grist confirms, the window says so with Undo.
 */
const trashChange: PageChange<WindowTrashContext, DocumentKey & { source: WindowSource }, LoggedChange> = {
  onMutate({ trash }) {
    trash.value = { kind: 'sending' };
  },
  send: (backend, request) => backend.removeDocument(request),
  onError({ trash }, error) {
    trash.value = { kind: 'failed', message: error.message };
  },
  onSuccess({ trash }, { entryId }) {
    trash.value = { kind: 'trashed', entryId, undo: { kind: 'offered' } };
  },
};

/**
 * Creates the window's Move to trash. In: the backend, how the window was opened (for the change
 * log), and where the document is now (`whereNow`: a move from the window may have taken it to
 * another site).
 */
export function createWindowTrash({ backend, source, whereNow }: { backend: Pick<Backend, 'removeDocument' | 'undoChange'>; source: WindowSource; whereNow: (document: DocumentAtUrl) => DocumentKey }): WindowTrash {
  const trash = signal<TrashState>({ kind: 'idle' });
  return {
    trash,
    async moveToTrash(document) {
      if (trash.value.kind === 'sending') return;
      await runPageChange({ backend, trash }, trashChange, { ...whereNow(document), source });
    },
    async undoTrash(document, force = false) {
      const current = trash.value;
      if (current.kind !== 'trashed' || !current.entryId || current.undo.kind === 'undoing') return;
      trash.value = { ...current, undo: { kind: 'undoing' } };
      const result = undoResult(await settle(backend.undoChange({ entryId: current.entryId, target: keyTarget(document.docId), force })));
      trash.value = 'restored' in result ? { kind: 'restored' } : { ...current, undo: result };
    },
  };
}
