/**
 * The Bulk changes page's backup: **Download selected…** opens its form in the preview (the format,
 * then what the run will do: the count, the folder and its layout, the work), and only **Start**
 * sends anything. Start asks the browser for the optional `downloads` permission first, in the
 * click itself (DOWNLOADS_PERMISSION: asked at the first download, so that an update never
 * disables the installed extension); refused, the form says what the permission is for and nothing
 * else changes. Granted, the run is the worker's, watched, stopped and retried like the others
 * (runs/runner.ts), without Undo this batch: it changes nothing in Grist.
 */
import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { DownloadFormat } from '../../shared/protocol/downloads.ts';
import type { PickedDocument } from '../documents/picked-document.ts';
import { backupRun } from '../runs/backup.ts';
import type { Runner } from '../runs/runner.ts';
import { backupFolder } from '../../shared/rules/file-names.ts';


/** The backup as the page's views see it. */
export interface BackupView {
  /** True while the backup's form is open: the preview shows it. */
  readonly backupAsked: ReadonlySignal<boolean>;
  /** The format chosen: `.grist` without history unless the user picks another. */
  readonly backupFormat: ReadonlySignal<DownloadFormat>;
  /** The folder a backup started now saves into (`Grist backup <date>`): its minute follows the clock while the form is open. */
  readonly backupFolder: ReadonlySignal<string>;
  /** How many hosts the picked documents are on: each is paced on its own (shared/protocol/downloads.ts BACKUP_DOWNLOADS_PER_HOST). */
  readonly backupHosts: ReadonlySignal<number>;
  /** Set when the browser refused the `downloads` permission at the last Start (with what it threw, if anything); null otherwise. */
  readonly downloadsRefused: ReadonlySignal<{ reason?: string } | null>;
  /**
   * Opens the backup's form for the picked documents, even none: the picker then offers every
   * document, also those the user only views or edits. Nothing is sent.
   */
  downloadSelected(): void;
  setBackupFormat(format: DownloadFormat): void;
  /**
   * The user's Start, called from the click itself: asks for the `downloads` permission before
   * anything else, then, granted, starts the run of the documents picked at the click and follows
   * it. Out: once the run is followed to its end, or the refusal shown.
   */
  startBackup(): Promise<void>;
  /** Closes the form: nothing is sent. */
  cancelBackup(): void;
}

/** What the backup needs of the page's store. */
export interface BackupDependencies {
  /** Whether the form is open (the store's: the document picker offers every document meanwhile). */
  asked: Signal<boolean>;
  picked: ReadonlySignal<{ documents: readonly PickedDocument[] }>;
  runner: Pick<Runner, 'begin'>;
  /**
   * Asks the browser for the optional `downloads` permission (the real one:
   * `browser.permissions.request({ permissions: ['downloads'] })`); answers whether it is granted.
   * Granted already: true, without a prompt.
   */
  requestDownloadsPermission: () => Promise<boolean>;
  /** The time now (a clock in the page). */
  now: () => Date;
}

/** The host of a site's address, as the worker paces it (run-sending.ts: per host name). */
function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    return siteUrl;
  }
}

/** Creates the page's backup. */
export function createBackupChange({ asked: backupAsked, picked, runner, requestDownloadsPermission, now }: BackupDependencies): BackupView {
  const backupFormat = signal<DownloadFormat>('grist');
  const clock = signal(now());
  const downloadsRefused = signal<{ reason?: string } | null>(null);
  /** The timer that moves `clock` on at the next minute while the form is open. */
  let tick: ReturnType<typeof setTimeout> | undefined;

  function followClock(): void {
    clearTimeout(tick);
    const date = (clock.value = now());
    tick = setTimeout(followClock, 60_000 - (date.getSeconds() * 1000 + date.getMilliseconds()) + 50);
  }

  function close(): void {
    clearTimeout(tick);
    batch(() => {
      backupAsked.value = false;
      downloadsRefused.value = null;
    });
  }

  return {
    backupAsked,
    backupFormat,
    backupFolder: computed(() => backupFolder(clock.value)),
    backupHosts: computed(() => new Set(picked.value.documents.map(({ siteUrl }) => hostOf(siteUrl))).size),
    downloadsRefused,
    downloadSelected() {
      batch(() => {
        backupAsked.value = true;
        downloadsRefused.value = null;
        followClock();
      });
    },
    setBackupFormat: (format) => (backupFormat.value = format),
    startBackup() {
      const documents = picked.value.documents;
      if (!backupAsked.value || documents.length === 0) return Promise.resolve();
      // First, with nothing awaited before it: Chrome shows the prompt only while the click's user
      // activation lasts, and Firefox only inside the click's handler (an `await` before the
      // request loses it: pixiebrix-extension#3961, yomichan#1334).
      let asking: Promise<boolean>;
      try {
        asking = requestDownloadsPermission();
      } catch (error) {
        asking = Promise.reject(error);
      }
      const format = backupFormat.value;
      return asking.then(
        async (granted) => {
          if (!granted) {
            downloadsRefused.value = {};
            return;
          }
          close();
          await runner.begin(backupRun, { picked: documents, format });
        },
        (error: unknown) => {
          downloadsRefused.value = error instanceof Error && error.message ? { reason: error.message } : {};
        },
      );
    },
    cancelBackup: close,
  };
}
