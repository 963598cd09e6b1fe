/**
 * The popup's downloads (issue 51): a row's Download ▸ (one document as a file), the tables its CSV
 * ▸ lists, Show in folder, and a heading's Back up… (a bulk run of the worker: `startBulkBackup`)
 * followed while the popup is open. None changes anything in Grist: nothing is logged, nothing is
 * offered for Undo. What they come to is the status line's (status/download-line.tsx), through the
 * store's `download` and `backup` signals.
 *
 * The optional `downloads` permission is asked by the store in the click itself, before anything
 * here runs (store.ts askDownloads), and the start is sent in that click too, marked to wait for
 * the grant (Chromium's prompt closes the popup: store.ts downloadDocument): each action takes the
 * browser's answer and the worker's, two promises. Refused in a popup still open, the worker is
 * told to drop the start it holds (`dropWaitingDownloads`), so nothing refused is ever downloaded.
 */
import type { Signal } from '@preact/signals';
import type { Backend } from '../../page-shared/backend-client.ts';
import { t } from '../../shared/i18n.ts';
import { settle } from '../../shared/protocol/errors.ts';
import type { BulkRunSnapshot } from '../../shared/protocol/bulk.ts';
import type { Reply } from '../../shared/protocol/messages.ts';
import type { DocumentRef } from '../../listing-view/row-identity.ts';

/** What the status line says of the last download: on its way, saved (where, its size), or why not. */
export type DownloadLine =
  | { state: 'downloading'; name: string }
  | { state: 'saved'; file: string; bytes: number; downloadId: number }
  | { state: 'failed'; message: string };

/** The worker's messages the downloads send. */
export type DownloadsBackend = Pick<Backend, 'downloadDocument' | 'readDocumentTables' | 'showDownload' | 'startBulkBackup' | 'getBulkRun' | 'dropWaitingDownloads'>;

/** What the downloads read and write: the worker, and the status line's signals. */
export interface DownloadsContext {
  backend: DownloadsBackend;
  download: Signal<DownloadLine | null>;
  backup: Signal<BulkRunSnapshot | null>;
  /** The status line's sentence (a Show in folder the browser refused). */
  announcement: Signal<string>;
  /** How long between two reads of a backup run under way, in ms. */
  pollMs: number;
}

/** A document of the listing as the worker's messages name it (no account: the worker knows it by site). */
const documentOf = ({ orgId, siteUrl, docId }: DocumentRef) => ({ orgId, siteUrl, docId });

/** The file name of a path the browser saved to (after its last `/` or `\`). */
export const fileName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

/**
 * The download of a document named `name`, sent already (`sent`: the worker's answer, once the
 * browser has the file), once `permitted` says the browser has the permission; refused, the worker
 * is told to drop the start it holds, and the status line says what the permission is for.
 * Out: settles once the status line says what the download came to.
 */
export async function downloadDocument(context: DownloadsContext, permitted: Promise<boolean>, sent: Promise<Reply<'downloadDocument'>>, name: string): Promise<void> {
  const { download } = context;
  if (!(await permitted.catch(() => false))) {
    refused(context);
    return;
  }
  const line: DownloadLine = { state: 'downloading', name };
  download.value = line;
  const reply = await settle(sent);
  // A later download's line is that download's.
  if (download.peek() !== line) return;
  if (reply.ok) download.value = { state: 'saved', file: fileName(reply.value.path), bytes: reply.value.bytes, downloadId: reply.value.downloadId };
  else if (reply.error.kind === 'no-downloads-permission') download.value = { state: 'failed', message: t('downloadsPermissionNeeded') };
  else download.value = { state: 'failed', message: t('downloadFailed', name, reply.error.message) };
}

/** The permission refused: the start the worker holds is dropped (nothing refused is downloaded), and the status line says what it is for. */
function refused({ backend, download }: Pick<DownloadsContext, 'backend' | 'download'>): void {
  void settle(backend.dropWaitingDownloads(null));
  download.value = { state: 'failed', message: t('downloadsPermissionNeeded') };
}

/** The tables of `ref`, in Grist's order (one `readDocumentTables`). Out: their ids, or why they could not be read, in words. */
export async function readDocumentTables({ backend }: Pick<DownloadsContext, 'backend'>, ref: DocumentRef): Promise<string[] | { error: string }> {
  const reply = await settle(backend.readDocumentTables(documentOf(ref)));
  return reply.ok ? reply.value : { error: t('tablesReadFailed', reply.error.message) };
}

/** Shows a saved download in its folder; the browser refusing (the file moved or deleted since) is said. */
export async function showDownload({ backend, announcement }: Pick<DownloadsContext, 'backend' | 'announcement'>, downloadId: number): Promise<void> {
  const reply = await settle(backend.showDownload({ downloadId }));
  if (!reply.ok) announcement.value = reply.error.message;
}

/**
 * A heading's backup (its documents as `.grist` files without history), sent already (`sent`: the
 * run as it starts), once `permitted` says the browser has the permission (refused: the worker
 * drops the start it holds, and it is said), then follows the run while the popup is open.
 * Out: settles once the run is started (or refused).
 */
export async function backUp(context: DownloadsContext, permitted: Promise<boolean>, sent: Promise<Reply<'startBulkBackup'>>): Promise<void> {
  const { download } = context;
  if (!(await permitted.catch(() => false))) {
    refused(context);
    return;
  }
  const reply = await settle(sent);
  if (!reply.ok) {
    download.value = reply.error.kind === 'no-downloads-permission' ? { state: 'failed', message: t('downloadsPermissionNeeded') } : { state: 'failed', message: t('backupFailed', reply.error.message) };
    return;
  }
  download.value = null;
  follow(context, reply.value);
}

/** A popup opened while a backup runs: shows the latest run if it is a backup not done yet, and follows it. */
export async function followLatestBackup(context: DownloadsContext): Promise<void> {
  const reply = await settle(context.backend.getBulkRun({ runId: null }));
  if (reply.ok && reply.value?.kind === 'backup' && !reply.value.done && !context.backup.peek()) follow(context, reply.value);
}

/**
 * Shows `run` in the status line and reads it again every `pollMs` until it is done (the browser
 * reports a download's bytes only when asked: docs/grist-api.md "Downloads and exports"); a read
 * that fails is tried again at the next turn. Ends with the popup (its timers go with the page), or
 * once another run is shown in its place.
 */
function follow(context: DownloadsContext, run: BulkRunSnapshot): void {
  const { backend, backup, pollMs } = context;
  backup.value = run;
  if (run.done) return;
  setTimeout(async () => {
    const reply = await settle(backend.getBulkRun({ runId: run.id }));
    if (backup.peek()?.id !== run.id) return;
    follow(context, reply.ok && reply.value ? reply.value : run);
  }, pollMs);
}

/** What a backup run has come to: documents finished (saved or not), saved, failed (or not sent), and the bytes so far. */
export function backupProgress(run: BulkRunSnapshot): { finished: number; saved: number; failed: number; total: number; bytes: number } {
  let saved = 0;
  let failed = 0;
  let bytes = 0;
  for (const item of run.items) {
    if (item.state === 'saved') saved++;
    else if (item.state === 'failed' || item.state === 'not-sent') failed++;
    bytes += item.bytes ?? 0;
  }
  return { finished: saved + failed, saved, failed, total: run.items.length, bytes };
}
