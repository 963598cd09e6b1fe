/**
 * The browser's downloads, as the worker follows them: whether the optional permission is
 * granted, the end of one download, the bytes of many, and a file shown in its folder. The
 * downloads are started by the Grist client (grist-client.ts `download`), which adds the key.
 * Facts (tried in Chromium, docs/grist-api.md "Downloads and exports"): an error answer ends a
 * download `interrupted` with an `error` reason (SERVER_FORBIDDEN, SERVER_BAD_CONTENT,
 * SERVER_FAILED...); `downloads.onChanged` reports state changes but not the bytes received, so
 * progress is read with `downloads.search`. Firefox (checked in Firefox ESR, docs/develop.md
 * "Downloads in Firefox"): a complete download's `bytesReceived` can stay below its size for good
 * (its `fileSize` is right; Chrome has it too); `downloads.onChanged` does not wake a suspended event
 * page (suspended after ~30 s idle), so a wait also polls; a refused connection ends `CRASH`.
 */
import browser, { type Downloads } from 'webextension-polyfill';
import { t } from '../../shared/i18n.ts';
import { DOWNLOADS_PERMISSION } from '../../shared/protocol/downloads.ts';
import { ApiError } from '../grist/api-error.ts';

/**
 * How a download ended: saved at `path` (the full path) with `bytes`, or interrupted for the
 * browser's `error` reason, with the full `path` it was saving to once it had chosen one (a retry
 * goes into that same file).
 */
export type DownloadOutcome = { state: 'complete'; path: string; bytes: number } | { state: 'interrupted'; error: string; path?: string };

/** A download's bytes so far, and its size when the server said it (null: unknown). */
export interface DownloadProgress {
  bytes: number;
  totalBytes: number | null;
}

/**
 * The reason given when the browser no longer knows a download (erased from its history while it
 * was followed): not one of the browser's own reasons, so it is never retried.
 */
export const DOWNLOAD_GONE = 'DOWNLOAD_GONE';

/**
 * How often a wait reads its download again (ms), besides `downloads.onChanged`: Firefox does not
 * wake a suspended event page for that event, and suspends one idle for ~30 s; a read each second
 * keeps the page awake while it waits and sees an end whose event was missed (one `search` by id: cheap).
 */
export const DOWNLOAD_POLL_MS = 1000;

/**
 * Whether a second try may get the whole file: the browser's reason says the connection failed
 * (`NETWORK_FAILED`, `NETWORK_TIMEOUT`, `NETWORK_DISCONNECTED`...), it ended before the length the
 * server announced (`SERVER_CONTENT_LENGTH_MISMATCH`: what Chromium reports for a file cut off
 * mid-way, after restarting it itself; tried against the fake Grist, test/e2e/downloads.test.ts),
 * the server failed (`SERVER_FAILED`: a 5xx, a 400 or a 429), or the connection was refused
 * (`CRASH`: Firefox's reason for it). Chrome's DownloadInterruptReason; Firefox reports the same
 * names. Not a refusal (SERVER_FORBIDDEN, SERVER_BAD_CONTENT), nor the user's cancelling.
 * The one rule of both the single download (download-document.ts) and a backup's (backup-operation.ts).
 */
export function mayRetryDownload(error: string): boolean {
  return error.startsWith('NETWORK_') || error === 'SERVER_CONTENT_LENGTH_MISMATCH' || error === 'SERVER_FAILED' || error === 'CRASH';
}

/** Whether the browser has granted the optional `downloads` permission (in Chrome the API is absent until then). */
export async function hasDownloadsPermission(): Promise<boolean> {
  if (!(browser.downloads as typeof browser.downloads | undefined)) return false;
  return browser.permissions.contains({ permissions: [DOWNLOADS_PERMISSION] });
}

/** `browser.downloads`, or ApiError `no-downloads-permission` when the browser has not granted it. */
function downloadsApi(): Downloads.Static {
  const downloads = browser.downloads as Downloads.Static | undefined;
  if (!downloads) throw new ApiError('no-downloads-permission', t('errorNoDownloadsPermission'));
  return downloads;
}

/**
 * The outcome a finished download item says; null while it is in progress. A complete one's size is
 * its `fileSize` (Firefox may leave `bytesReceived` short of it for good), `bytesReceived` only when
 * the browser does not know it (-1).
 */
function outcomeOf(item: Downloads.DownloadItem | undefined): DownloadOutcome | null {
  if (!item) return { state: 'interrupted', error: DOWNLOAD_GONE };
  if (item.state === 'complete') return { state: 'complete', path: item.filename, bytes: item.fileSize >= 0 ? item.fileSize : item.bytesReceived };
  if (item.state === 'interrupted') return item.filename ? { state: 'interrupted', error: item.error ?? 'FAILED', path: item.filename } : { state: 'interrupted', error: item.error ?? 'FAILED' };
  return null;
}

/**
 * In: a download id (from the Grist client's `download`), and a signal that ends the wait. Out: how
 * the download ended. The listener of `downloads.onChanged` is added before a first
 * `downloads.search({id})`, so a download that ended before the wait began is seen, and one that
 * ends while that search is under way is not missed; it is removed once the wait ends, however it
 * ends. On each state change the item is read again (a change carries no size), and every
 * DOWNLOAD_POLL_MS besides (Firefox: a suspended event page misses the event; the reads keep it awake).
 * Throws ApiError `no-downloads-permission`; the signal's reason when it is aborted.
 */
export function waitForDownload(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<DownloadOutcome> {
  return new Promise((resolve, reject) => {
    let downloads: Downloads.Static;
    try {
      downloads = downloadsApi();
      signal?.throwIfAborted();
    } catch (error) {
      reject(error);
      return;
    }
    let ended = false;
    // Read again each DOWNLOAD_POLL_MS besides the events (Firefox: see DOWNLOAD_POLL_MS).
    const poll = setInterval(() => read(), DOWNLOAD_POLL_MS);
    const end = (settle: () => void) => {
      if (ended) return;
      ended = true;
      downloads.onChanged.removeListener(onChanged);
      clearInterval(poll);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const read = () => {
      downloads.search({ id }).then(
        ([item]) => {
          const outcome = outcomeOf(item);
          if (outcome) end(() => resolve(outcome));
        },
        (error: unknown) => end(() => reject(error)),
      );
    };
    const onChanged = (delta: Downloads.OnChangedDownloadDeltaType) => {
      if (delta.id === id && delta.state?.current !== undefined && delta.state.current !== 'in_progress') read();
    };
    const onAbort = () => end(() => reject(signal!.reason));
    downloads.onChanged.addListener(onChanged);
    signal?.addEventListener('abort', onAbort);
    read();
  });
}

/**
 * In: download ids. Out: the bytes of each the browser still knows. One `downloads.search` for
 * every download in progress (the usual case: the ids are those a run follows); each id not among
 * them (it has just ended) is read alone. Throws ApiError `no-downloads-permission`.
 */
export async function progressOf(ids: readonly number[]): Promise<Map<number, DownloadProgress>> {
  const progress = new Map<number, DownloadProgress>();
  if (ids.length === 0) return progress;
  const downloads = downloadsApi();
  const wanted = new Set(ids);
  const add = (item: Downloads.DownloadItem) => {
    if (wanted.has(item.id)) progress.set(item.id, { bytes: item.bytesReceived, totalBytes: item.totalBytes >= 0 ? item.totalBytes : null });
  };
  (await downloads.search({ state: 'in_progress' })).forEach(add);
  const ended = ids.filter((id) => !progress.has(id));
  (await Promise.all(ended.map((id) => downloads.search({ id })))).flat().forEach(add);
  return progress;
}

/**
 * In: the end of a download's URL (its path and query), the end of the file's path relative to the
 * download folder, and a time before it was started (ms). Out: the id of the latest download the
 * browser started since from such a URL into such a file and not interrupted, or null. What a
 * worker stopped before the browser gave a download's id uses to follow that download rather than
 * start a second: Chromium gives the id only once the server has answered (seen: 3 s for a server
 * answering after 3 s). The browser's `filename` is the full path, with `\` on Windows.
 * Throws ApiError `no-downloads-permission`.
 */
export async function findDownload({ urlEnd, pathEnd, startedAfter }: { urlEnd: string; pathEnd: string; startedAfter: number }): Promise<number | null> {
  // A millisecond before: `startedAfter` is strict, and a download may start in the run's first millisecond.
  const items = await downloadsApi().search({ startedAfter: new Date(startedAfter - 1).toISOString(), orderBy: ['-startTime'] });
  const found = items.find((item) => item.url.endsWith(urlEnd) && item.filename.replaceAll('\\', '/').endsWith(`/${pathEnd}`) && item.state !== 'interrupted');
  return found?.id ?? null;
}

/** Shows a downloaded file in its folder (the system's file manager). Throws ApiError `no-downloads-permission`. */
export async function showDownload(id: number): Promise<void> {
  await downloadsApi().show(id);
}
