/**
 * The targets of a bulk copy run: each document checked as a single copy is (checkCopy), named as
 * Grist names a copy, with what its destination held before (read once per account as the run
 * starts), so a copy whose answer was lost claims only a copy it can prove its own
 * (changes/created-document.ts). A copy is not idempotent: it is never sent twice blindly.
 */
import type { BulkCopyRequest, BulkRunSnapshot } from '../../../shared/protocol/bulk.ts';
import { copyName } from '../../../shared/rules/document-rules.ts';
import { checkCopy } from '../../changes/kinds/copy.ts';
import { readDestination, type DestinationRead } from '../../changes/created-document.ts';
import { startCheckedRun } from './checked-items.ts';

/**
 * The `startBulkCopy` message. In: the documents and the one workspace their copies all go to (as
 * the page's listing names them); each copy is named as Grist names one, `<name> (copy)`, and
 * checked as a single copy is (checkCopy): nothing is sent for one that fails the check. What the
 * destination holds is read once per account as the run starts, shared by its copies: none is sent
 * before it answered (created-document.ts says why; a copy reads for itself when it failed). A copy whose
 * answer did not say whether Grist made it, and that the read-back did not find, fails; Retry
 * failed reads the destination again first and sends it only when the copy is not there. Out and
 * throws: as startBulkMove (move.ts).
 */
export function startBulkCopy(request: BulkCopyRequest): Promise<BulkRunSnapshot> {
  const reads = new Map<string, DestinationRead>();
  return startCheckedRun('copy', request, (found, destination, client) => {
    const target = checkCopy(found, destination, copyName(found?.document.name ?? ''), false);
    let read = reads.get(target.account);
    if (!read) reads.set(target.account, (read = readDestination(() => client(target.account), target.making.place)));
    target.making.before = read;
    return { target };
  });
}
