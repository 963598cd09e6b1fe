/**
 * A bulk sharing run on the Bulk changes page: started with the documents the preview found
 * something to change on (not those unchanged, not read, or not the user's to change) and the one
 * change; the worker reads each document's access again just before its PATCH. Its batch undo puts
 * each document's access back as it was, unless it was changed elsewhere since.
 */
import type { SharingChange } from '../../shared/protocol/sharing.ts';
import { pickedKeys, type PickedDocument } from '../documents/picked-document.ts';
import { defineRunKind } from './run-kind.ts';

/** What a sharing run starts from: the documents to change, and the change. */
export interface SharePrepared {
  documents: readonly PickedDocument[];
  change: SharingChange;
}

/** The sharing run: each document with something to change, by the one change. */
export const shareRun = defineRunKind(
  'share',
  ({ documents, change }: SharePrepared) => (documents.length === 0 ? null : { items: pickedKeys(documents), change }),
  // An access undo stops only at access changed since (the conflict an undo of any kind reports as `renamed-since`).
  { restored: 'bulkShareUndone', 'renamed-since': 'bulkShareNotUndoneChanged', failed: 'bulkShareNotUndoneFailed' },
);
