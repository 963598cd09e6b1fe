/**
 * The Bulk rename page's runs besides renaming and moving: the picked documents to the trash, or a
 * copy of each to one workspace (each named as Grist names a copy). Both are runs of the worker,
 * watched, stopped, retried and undone as a batch like the others (run-control.ts). Deleting
 * forever is never offered in bulk.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../shared/backend-client.ts';
import type { Listing } from '../shared/listing.ts';
import { copyDestinations, type MoveDestination } from '../shared/move.ts';
import type { PickedDocument } from './rename-preview.ts';
import type { RunControl } from './run-control.ts';

/** The trash and copy runs as the page's views see them. */
export interface TrashCopyView {
  /** True while the copy's destination picker is open. */
  readonly choosingCopy: ReadonlySignal<boolean>;
  /** Where the picked documents can be copied: every workspace the first one's account may add documents to, on its server, their own included. */
  readonly copyDestinations: ReadonlySignal<readonly MoveDestination[]>;
  /** Opens (true) or closes the copy's destination picker. */
  chooseCopy(open: boolean): void;
  /** Starts the run that moves the picked documents to the trash, and follows it. */
  trashSelected(): Promise<void>;
  /** Starts the run that copies the picked documents to `to`, and follows it. */
  copySelected(to: MoveDestination): Promise<void>;
}

/** What the trash and copy runs need of the page's store. */
export interface TrashCopyDependencies {
  backend: Pick<Backend, 'startBulkTrash' | 'startBulkCopy'>;
  listing: ReadonlySignal<Listing | null>;
  picked: ReadonlySignal<{ documents: readonly PickedDocument[] }>;
  startRun: RunControl['startRun'];
}

/** Creates the page's trash and copy runs. */
export function createTrashCopy({ backend, listing, picked, startRun }: TrashCopyDependencies): TrashCopyView {
  const choosingCopy = signal(false);
  const items = () => picked.value.documents.map((entry) => ({ orgId: entry.orgId, siteUrl: entry.siteUrl, docId: entry.document.id }));
  return {
    choosingCopy,
    copyDestinations: computed(() => {
      const [first] = picked.value.documents;
      return listing.value && first ? copyDestinations(listing.value, first) : [];
    }),
    chooseCopy: (open) => (choosingCopy.value = open),
    async trashSelected() {
      if (picked.value.documents.length === 0) return;
      await startRun(() => backend.startBulkTrash({ items: items() }));
    },
    async copySelected(to) {
      if (picked.value.documents.length === 0) return;
      choosingCopy.value = false;
      await startRun(() => backend.startBulkCopy({ items: items(), to: { orgId: to.site.orgId, siteUrl: to.site.siteUrl, workspaceId: to.workspace.id } }));
    },
  };
}
