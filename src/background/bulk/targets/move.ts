/**
 * The targets of a bulk move run: each document checked as a single move is (checkMove), and
 * checked again just before it is sent, so a move of it confirmed meanwhile elsewhere is not
 * overridden.
 */
import type { BulkMoveRequest, BulkRunSnapshot } from '../../../shared/protocol/bulk.ts';
import { t } from '../../../shared/i18n.ts';
import { ApiError } from '../../grist/api-error.ts';
import { checkMove, destinationOf, type MoveTarget } from '../../changes/kinds/move.ts';
import { confirmedMoveSince } from '../../listing/confirmed-changes.ts';
import type { RunChange } from '../run-state.ts';
import { startCheckedRun } from './checked-items.ts';

/**
 * The `startBulkMove` message. In: the documents and the one workspace they all go to (as the
 * page's listing names them). Each move is checked against the worker's listing as a single move
 * is (checkMove): a document it does not list or the user does not own, a destination it does not
 * list or the user may not add documents to (or on another Grist server), or the workspace the
 * document is in already, makes the item `not-sent` with the reason, and nothing is sent for it.
 * Each move that Grist confirms is recorded in the change log with the run's batch (source `bulk`),
 * so Undo this batch moves them back. Out: the run as it starts (`kind` `move`, `to` the
 * destination when listed). Throws ApiError `no-key` when no key is saved.
 */
export function startBulkMove(request: BulkMoveRequest): Promise<BulkRunSnapshot> {
  return startCheckedRun('move', request, (found, destination) => moveChange(checkMove(found, destination)));
}

/**
 * The move of `target` (checked already) as a run sends it. A move of the document confirmed after
 * the check (in the popup, the document window, another run) is not overridden: to the run's
 * destination, nothing is sent; elsewhere, it fails with the reason, nothing sent.
 */
function moveChange(target: MoveTarget): RunChange {
  const checkedAt = Date.now();
  return {
    target,
    due: () => {
      const since = confirmedMoveSince(target.key, checkedAt);
      if (!since) return true;
      const there = destinationOf(target);
      if (since.siteUrl === there.siteUrl && since.workspaceId === there.workspaceId) return false;
      throw new ApiError('invalid-input', t('errorMovedSinceRun', target.name));
    },
  };
}
