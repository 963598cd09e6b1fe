/**
 * A bulk copy run on the Bulk changes page: started with every picked document and the workspace
 * their copies go to; nothing starts with none picked. Its batch undo moves the copies to the trash,
 * and says so: the documents copied are not "restored", and a copy renamed since is the copy's doing.
 */
import type { MoveDestination } from '../../shared/rules/move.ts';
import { pickedKeys, type PickedDocument } from '../documents/picked-document.ts';
import { defineRunKind } from './run-kind.ts';

/** What a copy run starts from: the picked documents, and where their copies go. */
export interface CopyPrepared {
  picked: readonly PickedDocument[];
  to: MoveDestination;
}

/** The copy run: every picked document, copied to `to`. */
export const copyRun = defineRunKind(
  'copy',
  ({ picked, to }: CopyPrepared) => (picked.length === 0 ? null : { items: pickedKeys(picked), to: { orgId: to.site.orgId, siteUrl: to.site.siteUrl, workspaceId: to.workspace.id } }),
  // A copy's undo stops only at a copy renamed since (never `moved-since`: that is a move's).
  { restored: 'bulkTrashed', 'renamed-since': 'bulkCopyNotTrashedRenamed', failed: 'bulkCopyNotTrashedFailed' },
);
