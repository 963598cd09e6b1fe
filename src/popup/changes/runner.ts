/**
 * The one way every kind of popup change (change-descriptor.ts) runs: the pages' one lifecycle
 * (page-shared/change-lifecycle.ts, TanStack Query's mutations) with the list's own steps around
 * it: onMutate shows it at once and answers what puts it back; the worker is asked; onError puts it
 * back and says why, or onSuccess offers its undo; onSettled then shows the listing as it now
 * stands, over any refresh already under way (the listing sync's confirm).
 */
import { runPageChange } from '../../page-shared/change-lifecycle.ts';
import type { ErrorValue, Result } from '../../shared/protocol/errors.ts';
import type { ChangeContext, ChangeDescriptor, ListingEdit, UndoOffered } from './change-descriptor.ts';

/**
 * Runs change `kind` asked with `vars` (whose checks, if any, were made: runChange sends). The
 * list changes in the same task as the call (onMutate), and again, with the status, in one render
 * once the worker answers. Out: the worker's answer, or its error.
 */
export function runChange<V, A extends { entryId: string | null }, M extends { putBack?: ListingEdit }>(
  context: ChangeContext,
  kind: ChangeDescriptor<V, A, M>,
  vars: V,
): Promise<Result<A>> {
  return runPageChange(context, {
    // A kind with nothing to show at once has nothing to put back (M is then its default).
    onMutate: (changes, asked) => kind.onMutate?.(changes, asked) ?? ({} as M),
    send: (backend, asked) => kind.send(backend, asked),
    onError: (changes, error, asked, mutated) => onSettled(changes, kind.onError ? kind.onError(changes, error, asked, mutated) : sayRefusal(changes, error, mutated)),
    onSuccess(changes, answer, asked, mutated) {
      const { shown, offer } = kind.onSuccess(changes, answer, asked, mutated);
      onSettled(changes, shown ?? null);
      offerUndo(changes, answer.entryId, offer);
    },
  }, vars);
}

/** The default onError: the status says why, and what was shown at once is put back. Out: what puts it back, if anything. */
export function sayRefusal(context: Pick<ChangeContext, 'announcement'>, error: ErrorValue, { putBack }: { putBack?: ListingEdit }): ListingEdit | null {
  context.announcement.value = error.message;
  return putBack ?? null;
}

/** Shows the listing as `shown` makes it: kept over refreshes under way when it names its row (see ListingEdit). */
export function onSettled({ edit, confirm }: Pick<ChangeContext, 'edit' | 'confirm'>, shown: ListingEdit | null): void {
  if (!shown) return;
  if (shown.key === undefined) edit(shown.change);
  else confirm(shown.key, shown.change);
}

/**
 * A change Grist confirmed, offered for undo in the status until another replaces it; without its
 * change-log entry (the log could not be written) there is nothing to undo, and the status just
 * says what was done.
 */
export function offerUndo({ lastChange, announcement }: Pick<ChangeContext, 'lastChange' | 'announcement'>, entryId: string | null, offer: UndoOffered): void {
  lastChange.value = entryId ? { ...offer, entryId, undo: { kind: 'offered' } } : null;
  announcement.value = entryId ? '' : offer.words.message;
}
