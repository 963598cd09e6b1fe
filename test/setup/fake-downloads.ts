/**
 * An in-memory `browser.downloads` for the worker's unit tests (@webext-core/fake-browser has none):
 * `download` records what it was asked and answers a new id, the download stays `in_progress`
 * until the test ends it (`complete`, `interrupt`), which fires `onChanged` as the browser does
 * (a state delta, no bytes); `search` answers by `id` or `state`. `useFakeDownloads()` installs a
 * fresh one before each test of the calling file, with the `downloads` permission granted as the
 * test's `permissions.contains` stub says (`granted = false` refuses it).
 * With `{ fetchFiles: true }` each download is fetched (with its headers) as the browser would, and
 * ends as Chromium ends one (docs/grist-api.md "Downloads and exports"): saved in `files` under
 * `/downloads/<filename>` (`uniquify`: ` (1)` before the extension when taken), or interrupted with
 * SERVER_FORBIDDEN (401, 403), SERVER_BAD_CONTENT (404), SERVER_FAILED (other errors: nothing
 * saved), NETWORK_FAILED (a connection cut mid-file).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { Downloads } from 'webextension-polyfill';
import { beforeEach, vi } from 'vitest';

type Listener = (delta: Downloads.OnChangedDownloadDeltaType) => void;

export interface FakeDownloads {
  /** What each `download` call asked, in order; the n-th download's id is n (from 1). */
  started: Downloads.DownloadOptionsType[];
  /** The items as `search` answers them. */
  items: Map<number, Downloads.DownloadItem>;
  /** The `onChanged` listeners added and not removed. */
  listeners: Set<Listener>;
  /** Sets a download's bytes so far (no event: the browser sends none for bytes). */
  receive(id: number, bytes: number, totalBytes?: number): void;
  /** Ends a download saved at `path` with `bytes`, and tells the listeners. */
  complete(id: number, path: string, bytes: number): void;
  /** Ends a download interrupted for `error` (e.g. SERVER_BAD_CONTENT), and tells the listeners. */
  interrupt(id: number, error: string): void;
  /** `downloads.show`. */
  show: ReturnType<typeof vi.fn>;
  /** `downloads.search`, spied. */
  search: ReturnType<typeof vi.fn>;
  /** False: `permissions.contains` says `downloads` is not granted; true: it answers as the test's own stub does. */
  granted: boolean;
  /** With `fetchFiles`: the files saved, by full path. */
  files: Map<string, Buffer>;
}

/** The folder the fetched files are saved in. */
export const DOWNLOAD_FOLDER = '/downloads';

/** Chromium's reason for an error status of a download (docs/grist-api.md "Downloads and exports"). */
function interruptReason(status: number): string {
  if (status === 401 || status === 403) return 'SERVER_FORBIDDEN';
  if (status === 404) return 'SERVER_BAD_CONTENT';
  return 'SERVER_FAILED';
}

/** The path `filename` is saved at: taken already and `uniquify`, with ` (n)` before its extension, as Chromium does. */
function pathFor(files: Map<string, Buffer>, reserved: Set<string>, filename: string, conflictAction: string | undefined): string {
  const path = `${DOWNLOAD_FOLDER}/${filename}`;
  const taken = (candidate: string) => files.has(candidate) || reserved.has(candidate);
  if (conflictAction === 'overwrite' || !taken(path)) return path;
  const dot = path.lastIndexOf('.');
  const [stem, extension] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
  for (let n = 1; ; n++) if (!taken(`${stem} (${n})${extension}`)) return `${stem} (${n})${extension}`;
}

export let downloads: FakeDownloads;

function createFakeDownloads({ fetchFiles = false } = {}): FakeDownloads {
  const files = new Map<string, Buffer>();
  /** Paths of fetched downloads under way, so a second one beside it is uniquified. */
  const reserved = new Set<string>();
  const items = new Map<number, Downloads.DownloadItem>();
  const listeners = new Set<Listener>();
  const started: Downloads.DownloadOptionsType[] = [];
  const tell = (delta: Downloads.OnChangedDownloadDeltaType) => [...listeners].forEach((listener) => listener(delta));
  const end = (id: number, change: Partial<Downloads.DownloadItem>) => {
    const item = items.get(id)!;
    const before = item.state;
    items.set(id, { ...item, ...change });
    tell({ id, state: { previous: before, current: change.state! } });
  };
  const search = vi.fn(async (query: Downloads.DownloadQuery) =>
    [...items.values()].filter((item) => (query.id === undefined || item.id === query.id) && (query.state === undefined || item.state === query.state)).map((item) => ({ ...item })),
  );
  const fake: FakeDownloads = {
    started,
    items,
    listeners,
    granted: true,
    files,
    show: vi.fn(async () => true),
    search,
    receive: (id, bytes, totalBytes = -1) => items.set(id, { ...items.get(id)!, bytesReceived: bytes, totalBytes }),
    complete: (id, path, bytes) => end(id, { state: 'complete', filename: path, bytesReceived: bytes, totalBytes: bytes, fileSize: bytes }),
    interrupt: (id, error) => end(id, { state: 'interrupted', error: error as Downloads.InterruptReason }),
  };
  const api = {
    download: vi.fn(async (options: Downloads.DownloadOptionsType) => {
      started.push(options);
      const id = started.length;
      items.set(id, {
        id,
        url: options.url,
        filename: '',
        state: 'in_progress',
        bytesReceived: 0,
        totalBytes: -1,
        fileSize: -1,
        paused: false,
        canResume: false,
        incognito: false,
        exists: false,
        danger: 'safe',
        mime: '',
        startTime: new Date().toISOString(),
      } as Downloads.DownloadItem);
      if (fetchFiles) void fetchInto(id, options);
      return id;
    }),
    search,
    show: fake.show,
    onChanged: {
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      hasListener: (listener: Listener) => listeners.has(listener),
    },
  };
  /** Fetches a download as the browser would, then ends it as Chromium does. */
  async function fetchInto(id: number, options: Downloads.DownloadOptionsType): Promise<void> {
    const path = pathFor(files, reserved, options.filename ?? 'download', options.conflictAction);
    const headers = Object.fromEntries((options.headers ?? []).map(({ name, value }) => [name, value]));
    let response: Response;
    try {
      response = await fetch(options.url, { headers, redirect: 'error' });
    } catch {
      fake.interrupt(id, 'NETWORK_FAILED');
      return;
    }
    if (!response.ok) {
      await response.body?.cancel();
      fake.interrupt(id, interruptReason(response.status));
      return;
    }
    // Chromium names the file once the answer's headers are in.
    reserved.add(path);
    items.set(id, { ...items.get(id)!, filename: path });
    try {
      const body = Buffer.from(await response.arrayBuffer());
      files.set(path, body);
      fake.complete(id, path, body.length);
    } catch {
      fake.interrupt(id, response.headers.has('Content-Length') ? 'SERVER_CONTENT_LENGTH_MISMATCH' : 'NETWORK_FAILED');
    } finally {
      reserved.delete(path);
    }
  }
  Object.assign(fakeBrowser, { downloads: api });
  // The browser's own answer (a test's stub), but `downloads` refused while the test says so.
  const contains = fakeBrowser.permissions.contains.bind(fakeBrowser.permissions);
  fakeBrowser.permissions.contains = (async (permissions: { permissions?: string[]; origins?: string[] }) => {
    if (permissions.permissions?.includes('downloads') && !fake.granted) return false;
    return contains(permissions as never);
  }) as never;
  return fake;
}

/**
 * Before each test of the calling file (after the file's beforeEach hooks declared before it): a
 * fresh fake `browser.downloads`; with `fetchFiles`, one that fetches each download.
 */
export function useFakeDownloads(options: { fetchFiles?: boolean } = {}): void {
  beforeEach(() => {
    installFakeDownloads(options);
  });
}

/** Installs a fresh fake `browser.downloads` now (after the test's own `permissions.contains` stub, which it asks). */
export function installFakeDownloads(options: { fetchFiles?: boolean } = {}): FakeDownloads {
  return (downloads = createFakeDownloads(options));
}

/** Takes `browser.downloads` away, as Chrome does until the optional permission is granted. */
export function removeDownloadsApi(): void {
  Object.assign(fakeBrowser, { downloads: undefined });
}
