/**
 * A backup's `backup.json`: what it saved, so a backup can be checked or restored by a script
 * (backupManifest), written into the backup's folder by the browser's downloads (writeManifest),
 * at the run's end and again after each Retry failed (overwriting the one before).
 */
import browser from 'webextension-polyfill';
import type { BulkItemStatus } from '../../shared/protocol/bulk.ts';
import type { DownloadFormat } from '../../shared/protocol/downloads.ts';
import type { StoredBackupRun } from '../../shared/storage/backup-run-items.ts';
import { logFailure } from '../log-failure.ts';
import { waitForDownload } from './browser-downloads.ts';

/** The manifest's own shape version: a script reading it checks it. */
export const MANIFEST_VERSION = 1;

/** The manifest's file name in the backup's folder. */
export const MANIFEST_NAME = 'backup.json';

/** Where a document was, as the manifest names it. */
interface ManifestPlace {
  /** The document's id in Grist (what its API and a restore address it by). */
  id: string;
  site: { name: string; url: string };
  workspace: string;
  name: string;
  format: DownloadFormat;
}

/** A document saved: its file(s), relative to the backup's folder (`/` between names), their size in all and when. */
export interface ManifestSaved extends ManifestPlace {
  paths: string[];
  bytes: number;
  /** ISO 8601, UTC. */
  savedAt: string;
}

/** A document not saved, and why (Grist's words, such as "Document is deleted", or the extension's). */
export interface ManifestFailed extends ManifestPlace {
  reason: string;
}

/** `backup.json`. */
export interface BackupManifest {
  version: typeof MANIFEST_VERSION;
  /** The backup's folder name (`Grist backup <YYYY-MM-DD HH.MM>`). */
  folder: string;
  format: DownloadFormat;
  /** ISO 8601, UTC. */
  startedAt: string;
  writtenAt: string;
  saved: ManifestSaved[];
  failed: ManifestFailed[];
}

/** `path` (relative to the download folder) relative to the backup's `folder`. */
const withinFolder = (folder: string, path: string) => (path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path);

/**
 * In: a backup run as stored, and the time now. Out: its manifest: each document saved, in the
 * run's order, with its files' paths, their bytes added up and when it was saved; each failed or
 * not saved (stopped, not in the listing) with its reason. Documents still queued or on their way
 * are in neither list (the manifest is written again once they are done).
 */
export function backupManifest(run: StoredBackupRun, now: number): BackupManifest {
  const saved: ManifestSaved[] = [];
  const failed: ManifestFailed[] = [];
  run.items.forEach((item: BulkItemStatus, index) => {
    const entry = run.entries[index] ?? null;
    const place: ManifestPlace = {
      id: item.docId,
      site: { name: entry?.siteName ?? item.siteName, url: entry?.siteUrl ?? item.siteUrl ?? '' },
      workspace: entry?.workspaceName ?? item.workspaceName,
      name: entry?.name ?? item.oldName,
      format: run.format,
    };
    if (item.state === 'saved' && entry) {
      const bytes = entry.files.reduce((sum, file) => sum + (file.bytes ?? 0), 0);
      saved.push({ ...place, paths: entry.files.map((file) => withinFolder(run.folder, file.path)), bytes, savedAt: new Date(entry.savedAt ?? now).toISOString() });
    } else if (item.state === 'failed' || item.state === 'not-sent') {
      failed.push({ ...place, reason: item.message ?? '' });
    }
  });
  return { version: MANIFEST_VERSION, folder: run.folder, format: run.format, startedAt: new Date(run.startedAt).toISOString(), writtenAt: new Date(now).toISOString(), saved, failed };
}

/**
 * The URL the browser downloads `text` from. Chrome's service worker has no URL.createObjectURL,
 * so a `data:` URL there; Firefox's background is an event page, where a blob URL works, and its
 * downloads.download refuses `data:` URLs ("Access denied for URL data:…": mdn/webextensions-examples
 * issue 202, gesiscss/WebBot issue 75 for Manifest V3). Out: the URL, and what lets it go once the
 * download is done.
 */
function fileUrl(text: string): { url: string; release(): void } {
  if (typeof URL.createObjectURL === 'function') {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    return { url, release: () => URL.revokeObjectURL(url) };
  }
  // Base64 of the UTF-8 bytes: names may hold any character.
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return { url: `data:application/json;base64,${btoa(binary)}`, release: () => undefined };
}

/**
 * Writes `manifest` as `<folder>/backup.json` in the browser's download folder, replacing one
 * there (conflictAction `overwrite`: written again after a Retry failed). Resolves once the
 * browser has it (or could not save it). Out: its download id (Show in folder opens the backup's
 * folder with it), null when the browser could not save it. Never rejects: a manifest that cannot
 * be written leaves the files saved as they are; the failure is logged.
 */
export async function writeManifest(manifest: BackupManifest): Promise<number | null> {
  const { url, release } = fileUrl(`${JSON.stringify(manifest, null, 2)}\n`);
  try {
    const id = await browser.downloads.download({ url, filename: `${manifest.folder}/${MANIFEST_NAME}`, conflictAction: 'overwrite', saveAs: false });
    const saved = await waitForDownload(id);
    if (saved.state === 'complete') return id;
    logFailure("writing a backup's backup.json")(new Error(saved.error));
    return null;
  } catch (error) {
    logFailure("writing a backup's backup.json")(error);
    return null;
  } finally {
    release();
  }
}
