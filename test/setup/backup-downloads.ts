/**
 * A `browser.downloads` for the backup run's unit tests (@webext-core/fake-browser has none), which
 * outlives a restart of the worker's modules as the browser's downloads do. Two ways to end a
 * download: `fetching` (the default) fetches its URL from the fake Grist server with the headers
 * the download was given, as Chromium does (tried against grist-core, docs/grist-api.md "Downloads
 * and exports"): a 2xx completes it with the body's size, 401/403 interrupt it SERVER_FORBIDDEN,
 * 404 SERVER_BAD_CONTENT, any other error SERVER_FAILED; with `fetching` false, the test ends each
 * (`complete`, `interrupt`), but for a `data:` URL's, saved at once. `onChanged` tells state changes only (the browser sends no bytes).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { Downloads } from 'webextension-polyfill';
import { beforeEach, vi } from 'vitest';
import { forgetKeptRuns } from '../../src/background/downloads/backup-operation.ts';

type Listener = (delta: Downloads.OnChangedDownloadDeltaType) => void;

export interface BackupDownloads {
  /** What each `download` call asked, in order; the n-th download's id is n (from 1). */
  started: Downloads.DownloadOptionsType[];
  items: Map<number, Downloads.DownloadItem>;
  listeners: Set<Listener>;
  /** True: each download fetches its URL (see above); false: the test ends it. */
  fetching: boolean;
  /**
   * False: `download` answers no id (the server has not answered yet: Chromium gives the id only
   * then), though the browser has the download, its file named; true (the default): the id at once.
   */
  answersIds: boolean;
  /** The files saved: path -> bytes (a download into a path saved before replaces it). */
  files: Map<string, number>;
  /** `downloads.search`, spied. */
  search: ReturnType<typeof vi.fn>;
  receive(id: number, bytes: number, totalBytes?: number): void;
  complete(id: number, bytes: number): void;
  interrupt(id: number, error: string): void;
  /** A worker stopped: its listeners and its pending calls are gone with it (the browser's downloads go on). */
  stopWorker(): void;
  /** The text of a file whose download was started from a `data:` URL (backup.json), by its path; the last one. */
  written(path: string): string | undefined;
}

export let downloads: BackupDownloads;

/** Chromium's interrupt reason for an HTTP error status. */
const reasonOf = (status: number) => (status === 401 || status === 403 ? 'SERVER_FORBIDDEN' : status === 404 ? 'SERVER_BAD_CONTENT' : 'SERVER_FAILED');

function create(): BackupDownloads {
  const items = new Map<number, Downloads.DownloadItem>();
  const listeners = new Set<Listener>();
  const started: Downloads.DownloadOptionsType[] = [];
  const files = new Map<string, number>();
  const tell = (delta: Downloads.OnChangedDownloadDeltaType) => [...listeners].forEach((listener) => listener(delta));
  const end = (id: number, change: Partial<Downloads.DownloadItem>) => {
    const item = items.get(id)!;
    items.set(id, { ...item, ...change });
    tell({ id, state: { previous: item.state, current: change.state! } });
  };
  const search = vi.fn(async (query: Downloads.DownloadQuery) => {
    const found = [...items.values()]
      .filter((item) => (query.id === undefined || item.id === query.id) && (query.state === undefined || item.state === query.state))
      .filter((item) => query.startedAfter === undefined || Date.parse(item.startTime) > new Date(query.startedAfter).getTime())
      .map((item) => ({ ...item }));
    // `-startTime`: the latest first (ids grow as downloads start).
    return query.orderBy?.[0] === '-startTime' ? found.toSorted((a, b) => b.id - a.id) : found;
  });
  const fake: BackupDownloads = {
    started,
    items,
    listeners,
    fetching: true,
    answersIds: true,
    files,
    search,
    receive: (id, bytes, totalBytes = -1) => items.set(id, { ...items.get(id)!, bytesReceived: bytes, totalBytes }),
    complete(id, bytes) {
      const path = started[id - 1]!.filename!;
      files.set(path, bytes);
      end(id, { state: 'complete', filename: `/home/user/Downloads/${path}`, bytesReceived: bytes, totalBytes: bytes, fileSize: bytes });
    },
    interrupt: (id, error) => end(id, { state: 'interrupted', error: error as Downloads.InterruptReason }),
    stopWorker: () => undefined,
    written(path) {
      const options = started.findLast((asked) => asked.filename === path);
      if (!options?.url.startsWith('data:')) return undefined;
      const base64 = options.url.slice(options.url.indexOf(',') + 1);
      return new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    },
  };
  async function fetchIt(id: number, options: Downloads.DownloadOptionsType): Promise<void> {
    if (options.url.startsWith('data:')) {
      fake.complete(id, options.url.length);
      return;
    }
    const headers = Object.fromEntries((options.headers ?? []).map(({ name, value }) => [name, value ?? '']));
    try {
      const response = await fetch(options.url, { headers });
      const body = await response.arrayBuffer();
      if (response.ok) fake.complete(id, body.byteLength);
      else fake.interrupt(id, reasonOf(response.status));
    } catch {
      fake.interrupt(id, 'NETWORK_FAILED');
    }
  }
  /**
   * The `browser.downloads` one life of the worker sees: once that worker is stopped (stopWorker)
   * its calls never answer, as a stopped worker's timers (a wait's once-a-second read) run no more.
   */
  const api = () => {
    let alive = true;
    const live =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        alive ? call(...args) : new Promise<R>(() => undefined);
    return {
      stop: () => void (alive = false),
      downloads: {
        download: vi.fn(live(async (options: Downloads.DownloadOptionsType) => {
          started.push(options);
          const id = started.length;
          items.set(id, { id, url: options.url, filename: '', state: 'in_progress', bytesReceived: 0, totalBytes: -1, fileSize: -1, paused: false, canResume: false, incognito: false, exists: false, danger: 'safe', mime: '', startTime: new Date().toISOString() } as Downloads.DownloadItem);
          // A file the extension wrote itself (backup.json) is saved at once, as the browser does.
          if (fake.fetching || options.url.startsWith('data:')) void fetchIt(id, options);
          if (!fake.answersIds) {
            items.set(id, { ...items.get(id)!, filename: `/home/user/Downloads/${options.filename}` });
            return new Promise<number>(() => undefined);
          }
          return id;
        })),
        search: live(search),
        show: vi.fn(async () => true),
        onChanged: {
          addListener: (listener: Listener) => listeners.add(listener),
          removeListener: (listener: Listener) => listeners.delete(listener),
          hasListener: (listener: Listener) => listeners.has(listener),
        },
      },
    };
  };
  let life = api();
  Object.assign(fakeBrowser, { downloads: life.downloads });
  fake.stopWorker = () => {
    listeners.clear();
    life.stop();
    life = api();
    Object.assign(fakeBrowser, { downloads: life.downloads });
  };
  return fake;
}

/** Before each test of the calling file: a fresh fake `browser.downloads` (the permission: as useBulkGrist grants every one). */
export function useBackupDownloads(): void {
  beforeEach(() => {
    downloads = create();
    forgetKeptRuns();
    // As in Chrome's service worker: no blob URLs, so backup.json goes as a data: URL.
    const { createObjectURL } = URL;
    Object.assign(URL, { createObjectURL: undefined });
    return () => void Object.assign(URL, { createObjectURL });
  });
}

/**
 * The worker as it starts again after a stop: its modules afresh, the browser's storage and
 * downloads as they were. Out: the fresh modules' getBulkRun, retryFailedBulk and resumeBackupRuns.
 */
export async function restartedWorker() {
  downloads.stopWorker();
  vi.resetModules();
  const [engine, backup] = await Promise.all([import('../../src/background/bulk/run-engine.ts'), import('../../src/background/bulk/targets/backup.ts')]);
  return { getBulkRun: engine.getBulkRun, retryFailedBulk: engine.retryFailedBulk, resumeBackupRuns: backup.resumeBackupRuns };
}
