/**
 * The change history's state and actions, for the view in the popup and on the options page: read
 * only when shown, undo an entry (with "Restore … anyway" when the document was renamed elsewhere
 * since; for a person's removal, "Put back anyway" for each grant changed since) or a bulk run's batch, each saying what it came to in its kind's words, clear it all.
 * Talks to the background through the `Backend` interface only.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../page-shared/backend-client.ts';
import { settle } from '../shared/protocol/errors.ts';
import { targetKey, type ChangeLogItem } from '../shared/protocol/change-log.ts';
import { undoResult, type UndoState } from '../shared/protocol/undo-outcome.ts';
import { t, type MessageKey } from '../shared/i18n.ts';
import { plainTextName } from '../shared/rules/plain-text-name.ts';
import { movedBackText } from '../move-view/moved-text.ts';
import { batchUndone } from './batch-words.ts';
import type { OpenedMap } from '../shared/protocol/pages.ts';

export type HistoryBackend = Pick<Backend, 'readChangeLog' | 'clearChangeLog' | 'undoChange' | 'undoBatch'>;
export interface HistoryStore {
  /** Null until read. */
  readonly entries: ReadonlySignal<readonly ChangeLogItem[] | null>;
  /**
   * True when something opened from the extension is kept (openedItem): Clear forgets it too
   * (background/opened/clear-history.ts), so it is offered even with no change made.
   */
  readonly hasOpened: ReadonlySignal<boolean>;
  /** Why the history could not be read, or null. */
  readonly error: ReadonlySignal<string | null>;
  /** The last result worth announcing ("Restored …", "History cleared."). */
  readonly status: ReadonlySignal<string>;
  /** Per entry id (or batch id), where its undo stands, once one was tried (absent: offered). */
  readonly entryStates: ReadonlySignal<ReadonlyMap<string, UndoState>>;
  /** Reads the history (again). */
  load(): Promise<void>;
  /** Undoes an entry; `force` restores its old name even if it was renamed elsewhere since. */
  undo(entry: ChangeLogItem, force?: boolean): Promise<void>;
  /**
   * Puts back one grant (UndoConflict.grant) of a person's removal that its undo kept as changed
   * since ("Put back anyway"), and what is still absent with it.
   */
  putBack(entry: ChangeLogItem, grant: string): Promise<void>;
  /**
   * Undoes every change of a bulk run's batch not undone yet, each checked as a single undo is,
   * and says how many came back.
   */
  undoBatch(batchId: string): Promise<void>;
  /** Forgets the history. The view asks for confirmation first; Grist is not touched. */
  clear(): Promise<void>;
}

/** What an entry's undo says once done, by the entry's kind (a move's says where it went back to). */
const ENTRY_UNDONE: Partial<Record<ChangeLogItem['kind'], MessageKey>> = {
  remove: 'restoredFromTrash',
  restore: 'movedToTrash',
  pin: 'pinUndone',
  copy: 'copyUndone',
  create: 'createUndone',
  access: 'accessUndone',
  person: 'personPutBack',
};

/** What the store needs besides the backend; each may be left out. */
export interface HistoryStoreOptions {
  /** Told of each document an undo gave its old name back (the popup shows it in its listing at once). */
  onRestored?: (entry: ChangeLogItem, name: string) => void;
  /** Reads what was opened from the extension (`openedItem.get`), as the page reads storage. Absent: nothing. */
  readOpened?: () => Promise<OpenedMap>;
  /** Told once Clear forgot the history, the opens with it (the popup's Recently opened goes at once). */
  onCleared?: () => void;
}

/** Creates the store. In: the backend, and the options above. */
export function createHistoryStore(backend: HistoryBackend, { onRestored = () => undefined, readOpened, onCleared = () => undefined }: HistoryStoreOptions = {}): HistoryStore {
  const entries = signal<readonly ChangeLogItem[] | null>(null);
  const hasOpened = signal(false);
  const error = signal<string | null>(null);
  const status = signal('');
  const entryStates = signal<ReadonlyMap<string, UndoState>>(new Map());

  function setState(id: string, state: UndoState | null): void {
    const next = new Map(entryStates.value);
    if (state) next.set(id, state);
    else next.delete(id);
    entryStates.value = next;
  }

  async function load(): Promise<void> {
    // Storage that cannot be read offers no Clear for it: the change log's own reply still shows.
    const [reply, opened] = await Promise.all([settle(backend.readChangeLog(null)), readOpened?.().catch(() => ({})) ?? {}]);
    hasOpened.value = Object.keys(opened).length > 0;
    if (reply.ok) {
      entries.value = reply.value;
      error.value = null;
    } else {
      error.value = reply.error.message;
    }
  }

  async function undo(entry: ChangeLogItem, force = false, grants?: string[]): Promise<void> {
    if (entryStates.value.get(entry.id)?.kind === 'undoing') return;
    setState(entry.id, { kind: 'undoing' });
    status.value = '';
    const result = undoResult(await settle(backend.undoChange({ entryId: entry.id, target: entry.target, force, ...(grants ? { grants } : {}) })));
    if (!('restored' in result)) {
      setState(entry.id, result);
      return;
    }
    // A person's grants changed since stay offered, each with its own "Put back anyway".
    const { kept } = result;
    setState(entry.id, kept ? { kind: 'conflict', current: kept.map(({ current }) => current).join('; '), conflicts: kept } : null);
    onRestored(entry, result.restored);
    const { workspace } = entry;
    const undone =
      entry.kind === 'move' && workspace
        ? movedBackText({ from: { site: entry.site, workspace }, to: entry.to }, result.restored)
        : t(ENTRY_UNDONE[entry.kind] ?? 'renamedBack', plainTextName(result.restored));
    status.value = [undone, result.leftOut ?? ''].join(' ').trim();
    await load();
  }

  async function undoBatch(batchId: string): Promise<void> {
    if (entryStates.value.get(batchId)?.kind === 'undoing') return;
    setState(batchId, { kind: 'undoing' });
    status.value = '';
    const reply = await settle(backend.undoBatch({ batchId }));
    setState(batchId, reply.ok ? null : { kind: 'failed', message: reply.error.message });
    if (!reply.ok) return;
    const restored = reply.value.filter((result) => result.outcome === 'restored');
    for (const result of restored) {
      const entry = entries.value?.find((item) => item.batchId === batchId && targetKey(item.target) === result.docId);
      if (entry) onRestored(entry, result.oldName);
    }
    // A restored person's message says what could not be put back (gone from Grist since).
    const leftOut = restored.flatMap(({ message }) => (message ? [message] : []));
    status.value = [batchUndone(entries.value?.filter((item) => item.batchId === batchId) ?? [], restored.length, reply.value.length), ...leftOut].join(' ');
    await load();
  }

  async function clear(): Promise<void> {
    const reply = await settle(backend.clearChangeLog(null));
    if (!reply.ok) {
      status.value = reply.error.message;
      return;
    }
    entries.value = [];
    hasOpened.value = false;
    entryStates.value = new Map();
    status.value = t('historyCleared');
    onCleared();
  }

  const putBack = (entry: ChangeLogItem, grant: string) => undo(entry, false, [grant]);

  return { entries, hasOpened, error, status, entryStates, load, undo, putBack, undoBatch, clear };
}
