/**
 * The one lifecycle of a change a page of the extension makes (the popup's list, its Share panel,
 * People and Trash views, the document window), written once: TanStack Query's mutations
 * ("Optimistic Updates"): `onMutate` shows it at once and answers what puts it back; the worker
 * is asked (`send`); `onError` puts it back and says why, or `onSuccess` shows what Grist
 * confirmed; `onSettled` then re-syncs what the page shows, either way. Each page hands its own
 * context (its signals, or a panel's own state, and its backend); the popup's list wraps this
 * with its listing and status line (popup/changes/runner.ts). Imports no page, so every page may.
 */
import { batch } from '@preact/signals';
import { settle, type ErrorValue, type Result } from '../shared/protocol/errors.ts';

/**
 * A kind of change a page makes, in context `C` (what it writes, and the backend it sends with),
 * asked with `V`, answered `A` by the worker, `M` what its onMutate answers (what puts back what it
 * showed at once). Every hook but send runs in one batch, so the page changes in one render.
 */
export interface PageChange<C extends { backend: unknown }, V, A, M = unknown> {
  /** Shows the change at once (nothing, for a change shown once made). Out: what puts it back. */
  onMutate?(context: C, vars: V): M;
  /** Asks the worker for it. Out: its answer, or its error (a rejection: no worker, NO_WORKER_ERROR). */
  send(backend: C['backend'], vars: V): Promise<Result<A>>;
  /** Grist refused, or no answer came: puts back what onMutate showed (`mutated`) and says why. */
  onError(context: C, error: ErrorValue, vars: V, mutated: M): void;
  /** Grist confirmed it: shows what it answered (a name Grist stored as it does), and its undo. */
  onSuccess(context: C, answer: A, vars: V, mutated: M): void;
  /** After either: shows what the page shows as it now stands (a panel reads its list again). */
  onSettled?(context: C, reply: Result<A>, vars: V, mutated: M): void;
}

/**
 * Runs `change` asked with `vars` in `context`: onMutate in the same task as the call, then, once
 * the worker answers, onError or onSuccess and onSettled in one batch. Never rejects. Out: the
 * worker's answer, or its error.
 */
export async function runPageChange<C extends { backend: unknown }, V, A, M>(context: C, change: PageChange<C, V, A, M>, vars: V): Promise<Result<A>> {
  // A change with nothing to show at once has nothing to put back (M is then its default).
  const mutated = batch(() => change.onMutate?.(context, vars) ?? ({} as M));
  const reply = await settle(change.send(context.backend, vars));
  batch(() => {
    if (reply.ok) change.onSuccess(context, reply.value, vars, mutated);
    else change.onError(context, reply.error, vars, mutated);
    change.onSettled?.(context, reply, vars, mutated);
  });
  return reply;
}
