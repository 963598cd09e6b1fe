/**
 * What undoing a change-log entry comes to (change-log.ts): the worker's answer (UndoOutcome, with
 * a person's grants changed since: UndoConflict) and where an undo offered on a page stands
 * (UndoState, undoResult).
 */
import type { Result } from './errors.ts';

/**
 * A grant of a person's removal that its undo did not put back, as the person has another role
 * there since (lowered, raised, or the same role given by someone else): which (`grant`: its
 * personStepKey and the role it has now, `document:<id>=viewers`, for "Put back anyway", which
 * puts it back only while it still has that role) and what it is now, in words.
 */
export interface UndoConflict {
  grant: string;
  current: string;
}

/** What undoing a change came to (errors travel as error values). */
export type UndoOutcome =
  /**
   * Grist has it as it was again, named `name`; `entryId` is the undo's own log entry. `leftOut`:
   * what it could not put back, in words (a person's grants on what Grist says is gone since).
   * `kept`: a person's grants changed since, not sent (the entry stays to be undone: each may be
   * put back anyway); what was still as the removal left it was put back.
   */
  | { outcome: 'restored'; name: string; entryId: string | null; leftOut?: string; kept?: UndoConflict[] }
  /**
   * It was changed elsewhere since: nothing was sent. For a rename, `current` is its name now; for
   * a move, the workspace it is in now, unless `renamed`: the move's undo found it where the move
   * put it, but renamed, and `current` is that name. For a person's removal, `conflicts`: each
   * grant changed since (`current` says them all).
   */
  | { outcome: 'changed-elsewhere'; current: string; renamed?: true; conflicts?: UndoConflict[] };

/** Where an undo offered on a page stands (the popup's last change, the document window, a log entry). */
export type UndoState =
  | { kind: 'offered' }
  | { kind: 'undoing' }
  /**
   * Renamed elsewhere since, now `current`: nothing was sent; "Restore … anyway" is offered. For a
   * move: moved elsewhere, to the workspace `current`, or (`renamed`) renamed `current` since.
   * For a person's removal: each grant changed since (`conflicts`), each with its own "Put back
   * anyway"; what was still absent may have been put back already.
   */
  | { kind: 'conflict'; current: string; renamed?: true; conflicts?: UndoConflict[] }
  | { kind: 'failed'; message: string };

/**
 * What the reply to `undoChange` comes to for a page: the name restored (what it could not put
 * back, and a person's grants kept as changed since), or the state to show.
 */
export function undoResult(reply: Result<UndoOutcome>): { restored: string; leftOut?: string; kept?: UndoConflict[] } | UndoState {
  if (!reply.ok) return { kind: 'failed', message: reply.error.message };
  const value = reply.value;
  if (value.outcome === 'restored') return { restored: value.name, ...(value.leftOut ? { leftOut: value.leftOut } : {}), ...(value.kept?.length ? { kept: value.kept } : {}) };
  return { kind: 'conflict', current: value.current, ...(value.renamed ? { renamed: true as const } : {}), ...(value.conflicts?.length ? { conflicts: value.conflicts } : {}) };
}
