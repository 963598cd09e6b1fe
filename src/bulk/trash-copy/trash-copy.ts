/**
 * The Bulk changes page's runs besides renaming and moving: the picked documents to the trash, or
 * a copy of each to one workspace (each named as Grist names a copy). Neither is sent on the first
 * click: **Move selected to trash**, or a copy's destination chosen, makes it the change the
 * preview shows, with a question that names the count; only its answer starts the run. Both are
 * runs of the worker, watched, stopped, retried and undone as a batch like the others
 * (runs/runner.ts). Deleting forever is never offered in bulk.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Listing } from '../../shared/protocol/listing.ts';
import { copyDestinations, type MoveDestination } from '../../shared/rules/move.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import { copyRun } from '../runs/copy.ts';
import type { Runner } from '../runs/runner.ts';
import { trashRun } from '../runs/trash.ts';

/** A trash or copy run asked for and not sent yet: the preview shows it and asks. */
export type PendingChange = { kind: 'trash' } | { kind: 'copy'; to: MoveDestination };

/** The trash and copy runs as the page's views see them. */
export interface TrashCopyView {
  /** True while the copy's destination picker is open. */
  readonly choosingCopy: ReadonlySignal<boolean>;
  /** Where the picked documents can be copied: every workspace the first one's account may add documents to, on its server, their own included. */
  readonly copyDestinations: ReadonlySignal<readonly MoveDestination[]>;
  /** The trash or copy run the preview asks about; null: none is asked for. */
  readonly pendingChange: ReadonlySignal<PendingChange | null>;
  /** Opens (true) or closes the copy's destination picker. */
  chooseCopy(open: boolean): void;
  /** Asks (in the preview) before moving the picked documents to the trash: nothing is sent. */
  trashSelected(): void;
  /** Asks (in the preview) before copying the picked documents to `to`, and closes the picker: nothing is sent. */
  copySelected(to: MoveDestination): void;
  /** The answer yes: starts the run asked about, of the documents picked now, and follows it. */
  confirmPendingChange(): Promise<void>;
  /** The answer no: nothing is sent, and the preview shows what it showed before. */
  cancelPendingChange(): void;
}

/** What the trash and copy runs need of the page's store. */
export interface TrashCopyDependencies {
  listing: ReadonlySignal<Listing | null>;
  picked: ReadonlySignal<{ documents: readonly PickedDocument[] }>;
  runner: Pick<Runner, 'begin'>;
}

/** Creates the page's trash and copy runs. */
export function createTrashCopy({ listing, picked, runner }: TrashCopyDependencies): TrashCopyView {
  const choosingCopy = signal(false);
  const pendingChange = signal<PendingChange | null>(null);
  return {
    choosingCopy,
    pendingChange,
    copyDestinations: computed(() => {
      const [first] = picked.value.documents;
      return listing.value && first ? copyDestinations(listing.value, first) : [];
    }),
    chooseCopy: (open) => (choosingCopy.value = open),
    trashSelected() {
      if (picked.value.documents.length > 0) pendingChange.value = { kind: 'trash' };
    },
    copySelected(to) {
      batch(() => {
        choosingCopy.value = false;
        if (picked.value.documents.length > 0) pendingChange.value = { kind: 'copy', to };
      });
    },
    async confirmPendingChange() {
      const pending = pendingChange.value;
      const documents = picked.value.documents;
      if (!pending || documents.length === 0) return;
      pendingChange.value = null;
      await (pending.kind === 'trash' ? runner.begin(trashRun, { picked: documents }) : runner.begin(copyRun, { picked: documents, to: pending.to }));
    },
    cancelPendingChange: () => (pendingChange.value = null),
  };
}
