/** The change history's view state, as the popup shows it (its History view), and what its undos show in the listing. */
import { createHistoryStore, type HistoryStore } from '../../history/history-store.ts';
import type { ChangeContext } from './change-descriptor.ts';
import { renamedTo, withUndone } from './listing-edits.ts';
import { onSettled } from './runner.ts';

/**
 * The history's store; an undo there shows the old name (or place) in the listing at once, and
 * takes back the status line's offer when it was of that change: its Undo and Ctrl+Z would
 * otherwise still offer a change undone already. What the status line said before goes too (a
 * grant an earlier undo kept, put back since by "Put back anyway"): the History says what its
 * undo came to in its own status.
 */
export function historyStore(context: ChangeContext): HistoryStore {
  return createHistoryStore(context.backend, (entry, name) => {
    if (context.lastChange.value?.entryId === entry.id) context.lastChange.value = null;
    context.announcement.value = '';
    if (entry.kind !== 'rename') return context.edit((shown) => withUndone(shown, entry));
    const ref =
      entry.target.kind === 'workspace'
        ? { orgId: entry.site.orgId, siteUrl: entry.site.url, workspaceId: entry.target.id }
        : { orgId: entry.site.orgId, siteUrl: entry.site.url, docId: entry.target.id };
    onSettled(context, renamedTo(ref, name));
  });
}
