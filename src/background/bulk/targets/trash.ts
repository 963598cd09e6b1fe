/** The targets of a bulk run to the trash: each document checked as a single one is (checkTrash). */
import type { BulkRunSnapshot } from '../../../shared/protocol/bulk.ts';
import type { RequestOf } from '../../../shared/protocol/messages.ts';
import { checkTrash } from '../../changes/kinds/trash.ts';
import { startCheckedRun } from './checked-items.ts';

/**
 * The `startBulkTrash` message. In: the documents to move to the trash (as the page's listing names
 * them), each checked as a single one is (checkTrash): one the listing does not have or the user
 * does not own is `not-sent` with the reason. Each that Grist confirms is logged with the run's
 * batch, so Undo this batch restores them. Out and throws: as startBulkRename (rename.ts).
 */
export function startBulkTrash(request: RequestOf<'startBulkTrash'>): Promise<BulkRunSnapshot> {
  return startCheckedRun('trash', request, (found) => ({ target: checkTrash(found) }));
}
