/**
 * The one way every kind of popup change (change-descriptor.ts) runs, the lifecycle of TanStack Query's
 * mutations: onMutate shows it at once and answers what puts it back; the worker is asked; onError
 * puts it back and says why, or onSuccess offers its undo; onSettled then shows the listing as it
 * now stands, over any refresh already under way (the listing sync's confirm).
 */
import { batch } from '@preact/signals';
import { settle, type ErrorValue, type Result } from '../../shared/errors.ts';
import type { ChangeContext, ChangeDescriptor, ListingEdit, UndoOffered } from './change-descriptor.ts';

/**
 * Runs change `kind` asked with `vars` (whose checks, if any, were made: runChange sends). The
 * list changes in the same task as the call (onMutate), and again, with the status, in one render
 * once the worker answers. Out: the worker's answer, or its error.
 */
export async function runChange<V, A extends { entryId: string | null }, M extends { putBack?: ListingEdit }>(
  context: ChangeContext,
  kind: ChangeDescriptor<V, A, M>,
  vars: V,
): Promise<Result<A>> {
  // A kind with nothing to show at once has nothing to put back (M is then its default).
  const mutated = batch(() => kind.onMutate?.(context, vars) ?? ({} as M));
  const reply = await settle(kind.send(context.backend, vars));
  batch(() => {
    if (!reply.ok) {
      onSettled(context, kind.onError ? kind.onError(context, reply.error, vars, mutated) : sayRefusal(context, reply.error, mutated));
      return;
    }
    const { shown, offer } = kind.onSuccess(context, reply.value, vars, mutated);
    onSettled(context, shown ?? null);
    offerUndo(context, reply.value.entryId, offer);
  });
  return reply;
}

/** The default onError: the status says why, and what was shown at once is put back. */
function sayRefusal(context: ChangeContext, error: ErrorValue, { putBack }: { putBack?: ListingEdit }): ListingEdit | null {
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
