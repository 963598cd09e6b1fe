/**
 * The Bulk changes page's state and actions: the listing (cached at once, refreshed behind), and
 * the page put together from its parts: the choice of documents (document-choice.ts), the change
 * prepared (the rename rules here, a move's destination in move-change.ts, a trash or copy run
 * asked about in trash-copy.ts, an access change in share-change.ts, a backup's format in
 * backup/backup-change.ts), the preview of it, and the run the worker does (runs/runner.ts,
 * which every kind goes through). The views only read these signals and call these actions; all
 * talk with the background goes through the `Backend` interface, so tests hand in a fake.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../page-shared/backend-client.ts';
import { settle, type ErrorValue } from '../shared/protocol/errors.ts';
import type { Listing } from '../shared/protocol/listing.ts';
import type { MoveDestination } from '../shared/rules/move.ts';
import { createBackupChange, type BackupView } from './backup/backup-change.ts';
import { createDocumentChoice, type DocumentChoiceView } from './documents/document-choice.ts';
import { createMoveChange, type MoveView } from './move/move-change.ts';
import { previewRenames, type Preview } from './rename/rename-preview.ts';
import type { PickedDocument } from './documents/picked-document.ts';
import { compileRules, NO_RULES, type CompiledRules, type RenameRules } from './rename/rename-rules.ts';
import { renameRun } from './runs/rename.ts';
import { createRunner, type RunnerBackend, type RunView } from './runs/runner.ts';
import { createShareChange, type ShareView } from './share/share-change.ts';
import { createTrashCopy, type TrashCopyView } from './trash-copy/trash-copy.ts';

export type { PickerChoice, PickerRow } from './documents/document-choice.ts';

/** What the preview shows, and what its button or question sends: one kind of change at a time. */
export type PreviewKind = 'rename' | 'move' | 'trash' | 'copy' | 'share' | 'backup';

export type BulkBackend = Pick<Backend, 'refreshListing' | 'readAccess' | 'getSettings' | 'showDownload'> & RunnerBackend;

export interface BulkStoreDependencies {
  backend: BulkBackend;
  /** The cached listing from storage (`listingItem.get` in the extension). */
  readCachedListing: () => Promise<Listing | null>;
  /** Resolves after `ms` (a timer in the page): the pause between two looks at a run under way. */
  wait?: (ms: number) => Promise<void>;
  /**
   * Asks the browser for the optional `downloads` permission, called from a click with nothing
   * awaited before it (backup-change.ts): `browser.permissions.request` in the extension.
   */
  requestDownloadsPermission: () => Promise<boolean>;
  /** The time now: the backup's folder is named by it. */
  now?: () => Date;
}

/** The page's state: the listing, the choice of documents, the rules and their preview, a move, a trash or copy asked about, and the run. */
export interface BulkStore extends DocumentChoiceView, MoveView, RunView, TrashCopyView, ShareView, BackupView {
  readonly listing: ReadonlySignal<Listing | null>;
  /** True once the cache was read or a fresh listing arrived. */
  readonly loaded: ReadonlySignal<boolean>;
  /** Why the listing could not be refreshed; null after a good refresh. */
  readonly listingError: ReadonlySignal<ErrorValue | null>;
  /** The picked documents in listing order, with where each lives. */
  readonly picked: ReadonlySignal<readonly PickedDocument[]>;
  /**
   * The change the preview shows: a backup's form open (backupAsked), else an access change asked
   * about (sharingChange), else a trash or copy run asked about (pendingChange), else a move once a
   * destination is chosen, else the rename.
   */
  readonly previewKind: ReadonlySignal<PreviewKind>;
  readonly rules: ReadonlySignal<RenameRules>;
  /** The rules checked: an invalid regular expression is an error here. */
  readonly compiled: ReadonlySignal<CompiledRules>;
  /** The picked documents in listing order, each with its new name and verdict; null while the rules are invalid. */
  readonly preview: ReadonlySignal<Preview | null>;

  /** Shows the cached listing and the latest run, then fetches a fresh listing. */
  start(): Promise<void>;
  setRules(change: Partial<RenameRules>): void;
  /** Sets the destination of the picked documents (null: they are not moved), and closes the picker; a trash or copy asked about is no longer. */
  setDestination(destination: MoveDestination | null): void;
  /** Starts the run of the preview's will-rename documents, and follows it. */
  rename(): Promise<void>;
  /** Leaves the run's results for a new choice, on a fresh listing. */
  newBulkChange(): Promise<void>;
  /** Shows a file the run downloaded (a backup's backup.json: its folder) in its folder; the browser refusing (the file moved or deleted since) is said. */
  showInFolder(downloadId: number): Promise<void>;
}

/** Creates the page's store. Nothing happens until `start()` is called. */
export function createBulkStore({ backend, readCachedListing, wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), requestDownloadsPermission, now = () => new Date() }: BulkStoreDependencies): BulkStore {
  const listing = signal<Listing | null>(null);
  const loaded = signal(false);
  const listingError = signal<ErrorValue | null>(null);
  const rules = signal<RenameRules>(NO_RULES);
  const runner = createRunner(backend, wait);
  const { run, undone, announcement, follow } = runner;
  /** The backup's form open: the picker offers every document then (a download needs no owner). */
  const backupAsked = signal(false);
  const choice = createDocumentChoice(listing, backupAsked);
  const { picked } = choice;
  const moveChange = createMoveChange({ listing, picked, runner });
  const trashCopy = createTrashCopy({ listing, picked, runner });
  const sharing = createShareChange({ backend, picked, runner });
  const backup = createBackupChange({ asked: backupAsked, picked, runner, requestDownloadsPermission, now });

  const compiled = computed(() => compileRules(rules.value));
  const preview = computed(() => {
    const rulesNow = compiled.value;
    return rulesNow.ok ? previewRenames(picked.value.documents, rulesNow, picked.value.otherNames) : null;
  });
  const previewKind = computed<PreviewKind>(() => (backup.backupAsked.value ? 'backup' : sharing.sharingChange.value ? 'share' : (trashCopy.pendingChange.value?.kind ?? (moveChange.movePlan.value ? 'move' : 'rename'))));

  async function refresh(): Promise<void> {
    const reply = await settle(backend.refreshListing(null));
    batch(() => {
      loaded.value = true;
      if (reply.ok) {
        listing.value = reply.value;
        listingError.value = null;
      } else {
        listingError.value = reply.error;
      }
    });
  }

  async function start(): Promise<void> {
    const refreshed = refresh();
    const cached = await readCachedListing().catch(() => null);
    // The cache is older than any fresh answer: it never replaces one.
    if (cached && !listing.value) {
      listing.value = cached;
      loaded.value = true;
    }
    const latest = await settle(backend.getBulkRun({ runId: null }));
    if (latest.ok && latest.value && !run.value) {
      runner.show(latest.value);
      void follow(latest.value.id);
    }
    await refreshed;
  }

  return {
    listing,
    loaded,
    listingError,
    ...choice,
    picked: computed(() => picked.value.documents),
    previewKind,
    rules,
    compiled,
    preview,
    run,
    undone,
    busy: runner.busy,
    announcement,
    ...moveChange,
    start,
    setDestination: (to) =>
      batch(() => {
        moveChange.setDestination(to);
        if (to) {
          trashCopy.cancelPendingChange();
          sharing.cancelSharing();
          backup.cancelBackup();
        }
      }),
    setRules: (change) => (rules.value = { ...rules.value, ...change }),
    rename: () => runner.begin(renameRun, { picked: picked.value.documents, preview: preview.value }),
    ...trashCopy,
    // One change asked about at a time: asking for one drops the other.
    trashSelected: () =>
      batch(() => {
        sharing.cancelSharing();
        backup.cancelBackup();
        trashCopy.trashSelected();
      }),
    copySelected: (to) =>
      batch(() => {
        sharing.cancelSharing();
        backup.cancelBackup();
        trashCopy.copySelected(to);
      }),
    ...sharing,
    openSharingForm: (form) =>
      batch(() => {
        trashCopy.cancelPendingChange();
        backup.cancelBackup();
        sharing.openSharingForm(form);
      }),
    makePublic: (on) =>
      batch(() => {
        trashCopy.cancelPendingChange();
        backup.cancelBackup();
        sharing.makePublic(on);
      }),
    ...backup,
    downloadSelected: () =>
      batch(() => {
        trashCopy.cancelPendingChange();
        sharing.cancelSharing();
        backup.downloadSelected();
      }),
    async showInFolder(downloadId) {
      const reply = await settle(backend.showDownload({ downloadId }));
      if (!reply.ok) announcement.value = reply.error.message;
    },
    stop: runner.stop,
    retryFailed: runner.retryFailed,
    undoBatch: runner.undoBatch,
    async newBulkChange() {
      batch(() => {
        run.value = null;
        undone.value = null;
        announcement.value = '';
        // The documents moved are elsewhere now: a new choice starts without a destination.
        moveChange.setDestination(null);
        trashCopy.cancelPendingChange();
        sharing.cancelSharing();
        backup.cancelBackup();
      });
      await refresh();
    },
  };
}
