/** The change history's view state, as the popup shows it (its History view), and what its undos show in the listing. */
import { createHistoryStore, type HistoryStore } from '../../history/history-store.ts';
import type { ChangeContext } from './change-descriptor.ts';
import type { OpenedMap } from '../../shared/protocol/pages.ts';
import { undoneEdit } from './registry.ts';
import { onSettled } from './runner.ts';

/**
 * The history's store; an undo there shows the old name (or place) in the listing at once, as the
 * entry's kind says (registry.ts undoneEdit), and takes back the status line's offer when it was
 * of that change: its Undo and Ctrl+Z would otherwise still offer a change undone already. What
 * the status line said before goes too (a grant an earlier undo kept, put back since by "Put back
 * anyway"): the History says what its undo came to in its own status. `readOpened`: the popup's
 * (what was opened from the extension, which the History's Clear forgets too); `onCleared`: told
 * once it has.
 */
export function historyStore(context: ChangeContext, readOpened?: () => Promise<OpenedMap>, onCleared?: () => void): HistoryStore {
  return createHistoryStore(context.backend, {
    onRestored: (entry, name) => {
      if (context.lastChange.value?.entryId === entry.id) context.lastChange.value = null;
      context.announcement.value = '';
      onSettled(context, undoneEdit(entry, name));
    },
    readOpened,
    ...(onCleared && { onCleared }),
  });
}
