/**
 * downloads/browser-downloads.ts against an in-memory `browser.downloads` (test/setup/fake-downloads.ts):
 * the end of a download however early it came, without a listener left behind; the bytes of many
 * downloads; the permission.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DOWNLOAD_GONE,
  DOWNLOAD_POLL_MS,
  findDownload,
  hasDownloadsPermission,
  mayRetryDownload,
  progressOf,
  showDownload,
  waitForDownload,
} from '../../../../src/background/downloads/browser-downloads.ts';
import { downloads, removeDownloadsApi, useFakeDownloads } from '../../../setup/fake-downloads.ts';

beforeEach(() => {
  fakeBrowser.permissions.contains = (async () => true) as never;
});
useFakeDownloads();

/** Starts a download in the fake browser, as the Grist client does; its id. */
const start = () => fakeBrowser.downloads.download({ url: 'https://grist.example.com/api/docs/d/download', filename: 'D.grist' });

describe('waitForDownload', () => {
  it('answers where the file was saved and its size once the browser has it, and leaves no listener', async () => {
    const id = await start();
    const outcome = waitForDownload(id);
    await Promise.resolve();
    downloads.complete(id, '/home/me/Downloads/D.grist', 4096);
    expect(await outcome).toEqual({ state: 'complete', path: '/home/me/Downloads/D.grist', bytes: 4096 });
    expect(downloads.listeners.size).toBe(0);
  });

  it('sees a download that ended before the wait began', async () => {
    const id = await start();
    downloads.complete(id, '/home/me/Downloads/D.grist', 10);
    expect(await waitForDownload(id)).toEqual({ state: 'complete', path: '/home/me/Downloads/D.grist', bytes: 10 });
    expect(downloads.listeners.size).toBe(0);
  });

  it('sees a download that ends while its first search is under way', async () => {
    const id = await start();
    // The first search answers "in progress", and the download ends before that answer is read.
    downloads.search.mockImplementationOnce(async () => {
      const before = [{ ...downloads.items.get(id)! }];
      downloads.complete(id, '/d/D.grist', 3);
      return before;
    });
    expect(await waitForDownload(id)).toEqual({ state: 'complete', path: '/d/D.grist', bytes: 3 });
    expect(downloads.listeners.size).toBe(0);
  });

  it('answers the browser’s reason for an interrupted download', async () => {
    const id = await start();
    const outcome = waitForDownload(id);
    downloads.interrupt(id, 'SERVER_BAD_CONTENT');
    expect(await outcome).toEqual({ state: 'interrupted', error: 'SERVER_BAD_CONTENT' });
    expect(downloads.listeners.size).toBe(0);
  });

  it('ignores other downloads and changes that are not an end', async () => {
    const id = await start();
    const other = await start();
    let ended = false;
    const outcome = waitForDownload(id).then((value) => ((ended = true), value));
    downloads.complete(other, '/d/other', 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ended).toBe(false);
    downloads.complete(id, '/d/D.grist', 2);
    expect((await outcome).state).toBe('complete');
  });

  it('answers a complete download’s size as its fileSize: Firefox leaves bytesReceived short of it for good', async () => {
    const id = await start();
    downloads.complete(id, '/d/D.grist', 4096);
    downloads.items.set(id, { ...downloads.items.get(id)!, bytesReceived: 4000 });
    expect(await waitForDownload(id)).toEqual({ state: 'complete', path: '/d/D.grist', bytes: 4096 });
  });

  it('sees an end whose event never came (a suspended Firefox event page) by reading the download about once a second, and stops reading once it ended', async () => {
    vi.useFakeTimers();
    try {
      const id = await start();
      let outcome: unknown;
      void waitForDownload(id).then((value) => (outcome = value));
      await vi.advanceTimersByTimeAsync(0);
      // The download ends with no onChanged: the event page was asleep.
      downloads.items.set(id, { ...downloads.items.get(id)!, state: 'complete', filename: '/d/D.grist', fileSize: 8, bytesReceived: 8 });
      await vi.advanceTimersByTimeAsync(DOWNLOAD_POLL_MS - 1);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toEqual({ state: 'complete', path: '/d/D.grist', bytes: 8 });
      expect(DOWNLOAD_POLL_MS).toBeLessThanOrEqual(1000);
      const searches = downloads.search.mock.calls.length;
      await vi.advanceTimersByTimeAsync(5 * DOWNLOAD_POLL_MS);
      expect(downloads.search.mock.calls).toHaveLength(searches);
      expect(downloads.listeners.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a download the browser has forgotten is gone', async () => {
    expect(await waitForDownload(99)).toEqual({ state: 'interrupted', error: DOWNLOAD_GONE });
  });

  it('stops waiting when its signal is aborted, and removes its listener', async () => {
    const id = await start();
    const stop = new AbortController();
    const outcome = waitForDownload(id, { signal: stop.signal });
    stop.abort(new Error('stopped'));
    await expect(outcome).rejects.toThrow('stopped');
    expect(downloads.listeners.size).toBe(0);
  });

  it('throws no-downloads-permission without the downloads API', async () => {
    removeDownloadsApi();
    await expect(waitForDownload(1)).rejects.toMatchObject({ kind: 'no-downloads-permission' });
  });
});

describe('mayRetryDownload', () => {
  it.each([
    ['NETWORK_FAILED', true],
    ['NETWORK_DISCONNECTED', true],
    ['SERVER_CONTENT_LENGTH_MISMATCH', true],
    ['SERVER_FAILED', true],
    // Firefox's reason for a refused connection.
    ['CRASH', true],
    ['SERVER_FORBIDDEN', false],
    ['SERVER_BAD_CONTENT', false],
    ['USER_CANCELED', false],
    ['FILE_NO_SPACE', false],
    [DOWNLOAD_GONE, false],
  ])('%s: %s', (reason, retried) => {
    expect(mayRetryDownload(reason)).toBe(retried);
  });
});

describe('progressOf', () => {
  it('answers the bytes of each download asked for, those ended included, in one search for those in progress', async () => {
    const [a, b, c, notAsked] = [await start(), await start(), await start(), await start()];
    downloads.receive(a, 100, 1000);
    downloads.receive(b, 50);
    downloads.receive(notAsked, 7, 7);
    downloads.complete(c, '/d/c', 300);
    downloads.search.mockClear();
    const progress = await progressOf([a, b, c]);
    expect(progress).toEqual(
      new Map([
        [a, { bytes: 100, totalBytes: 1000 }],
        [b, { bytes: 50, totalBytes: null }],
        [c, { bytes: 300, totalBytes: 300 }],
      ]),
    );
    // One search of those in progress, one of the one that ended.
    expect(downloads.search.mock.calls).toEqual([[{ state: 'in_progress' }], [{ id: c }]]);
  });

  it('asks nothing for no ids', async () => {
    expect(await progressOf([])).toEqual(new Map());
    expect(downloads.search).not.toHaveBeenCalled();
  });
});

describe('findDownload', () => {
  it('finds the latest download of a URL into a file, started since, not interrupted; the full path may use \\', async () => {
    const url = 'https://grist.example.com/o/team/api/docs/d/download?nohistory=true';
    const since = Date.now() - 1000;
    const ids = [];
    for (const filename of ['B/D.grist', 'B/D.grist', 'B/E.grist']) ids.push(await fakeBrowser.downloads.download({ url, filename }));
    const [interrupted, wanted, other] = ids as [number, number, number];
    downloads.items.set(interrupted, { ...downloads.items.get(interrupted)!, filename: '/dl/B/D.grist', state: 'interrupted' });
    downloads.items.set(wanted, { ...downloads.items.get(wanted)!, filename: 'C:\\Users\\ana\\Downloads\\B\\D.grist' });
    downloads.items.set(other, { ...downloads.items.get(other)!, filename: '/dl/B/E.grist' });
    expect(await findDownload({ urlEnd: '/api/docs/d/download?nohistory=true', pathEnd: 'B/D.grist', startedAfter: since })).toBe(wanted);
    expect(await findDownload({ urlEnd: '/api/docs/d/download', pathEnd: 'B/D.grist', startedAfter: since })).toBeNull();
    expect(await findDownload({ urlEnd: '/api/docs/d/download?nohistory=true', pathEnd: 'B/F.grist', startedAfter: since })).toBeNull();
  });
});

describe('the permission and the folder', () => {
  it('tells whether the downloads permission is granted', async () => {
    expect(await hasDownloadsPermission()).toBe(true);
    downloads.granted = false;
    expect(await hasDownloadsPermission()).toBe(false);
    downloads.granted = true;
    removeDownloadsApi();
    expect(await hasDownloadsPermission()).toBe(false);
  });

  it('shows a file in its folder', async () => {
    await showDownload(3);
    expect(downloads.show).toHaveBeenCalledWith(3);
  });
});
