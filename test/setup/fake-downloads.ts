/**
 * An in-memory `browser.downloads` for the worker's unit tests (@webext-core/fake-browser has none):
 * `download` records what it was asked and answers a new id, the download stays `in_progress`
 * until the test ends it (`complete`, `interrupt`), which fires `onChanged` as the browser does
 * (a state delta, no bytes); `search` answers by `id` or `state`. `useFakeDownloads()` installs a
 * fresh one before each test of the calling file, with the `downloads` permission granted.
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
  /** `permissions.contains`: true for `downloads` unless a test sets `granted` to false. */
  granted: boolean;
}

export let downloads: FakeDownloads;

function createFakeDownloads(): FakeDownloads {
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
  Object.assign(fakeBrowser, { downloads: api });
  const hostsGranted = fakeBrowser.permissions.contains;
  fakeBrowser.permissions.contains = (async (permissions: { permissions?: string[]; origins?: string[] }) => {
    if (permissions.permissions?.includes('downloads') && !fake.granted) return false;
    if (permissions.origins?.length) return hostsGranted(permissions as never);
    return true;
  }) as never;
  return fake;
}

/** Before each test of the calling file (after the file's other beforeEach hooks that come first): a fresh fake `browser.downloads`. */
export function useFakeDownloads(): void {
  beforeEach(() => {
    downloads = createFakeDownloads();
  });
}

/** Takes `browser.downloads` away, as Chrome does until the optional permission is granted. */
export function removeDownloadsApi(): void {
  Object.assign(fakeBrowser, { downloads: undefined });
}
