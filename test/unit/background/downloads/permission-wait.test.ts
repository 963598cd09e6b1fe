/**
 * downloads/permission-wait.ts: a popup's first Download, sent in the click that asks the
 * `downloads` permission (`once: 'granted'`) because Chromium's prompt closes the popup before the
 * request answers (uBOL-home issue 280). The worker starts it once the browser grants the
 * permission, and never starts what the user refused. Against the fake Grist and an in-memory
 * `browser.downloads` that fetches as Chromium does (test/setup/fake-downloads.ts), with a
 * `permissions.onAdded` the test fires (the fake browser has none).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { Permissions } from 'webextension-polyfill';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadDocument } from '../../../../src/background/downloads/download-document.ts';
import { downloadsGranted, dropWaitingDownloads, PERMISSION_POLL_MS, PERMISSION_WAIT_MS } from '../../../../src/background/downloads/permission-wait.ts';
import { DOCS, ORGS } from '../../../fake-grist/sample-data.ts';
import { DOWNLOAD_FOLDER, downloads, useFakeDownloads } from '../../../setup/fake-downloads.ts';
import { failure, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });
useFakeDownloads({ fetchFiles: true });

type Listener = (permissions: Permissions.Permissions) => void;
let added: Set<Listener>;
beforeEach(() => {
  added = new Set();
  Object.assign(fakeBrowser.permissions, {
    onAdded: {
      addListener: (listener: Listener) => void added.add(listener),
      removeListener: (listener: Listener) => void added.delete(listener),
      hasListener: (listener: Listener) => added.has(listener),
    },
  });
  downloads.granted = false;
});

/** The browser grants `permissions` (the user accepted the prompt), and says so to the listeners. */
function grant(permissions: string[]): void {
  if (permissions.includes('downloads')) downloads.granted = true;
  [...added].forEach((listener) => listener({ permissions } as Permissions.Permissions));
}

const bugTracker = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };
const settledSoon = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('a download sent in the click that asks the permission', () => {
  it('starts once the browser grants downloads (another permission granted is not it), and leaves no listener', async () => {
    let done: unknown;
    const download = downloadDocument({ ...bugTracker, format: 'grist', once: 'granted' }).then((value) => (done = value));
    await settledSoon();
    grant(['tabs']);
    await settledSoon();
    expect(downloads.started).toEqual([]);
    expect(done).toBeUndefined();
    grant(['downloads']);
    await download;
    expect(done).toMatchObject({ path: `${DOWNLOAD_FOLDER}/Bug Tracker.grist` });
    expect(downloads.files.has(`${DOWNLOAD_FOLDER}/Bug Tracker.grist`)).toBe(true);
    expect(added.size).toBe(0);
  });

  it('starts at once when the permission is granted already', async () => {
    downloads.granted = true;
    await downloadDocument({ ...bugTracker, format: 'xlsx', once: 'granted' });
    expect(downloads.files.has(`${DOWNLOAD_FOLDER}/Bug Tracker.xlsx`)).toBe(true);
    expect(added.size).toBe(0);
  });

  it('refused in a popup still open (dropWaitingDownloads, sent right after it): nothing starts, not even when the permission comes later', async () => {
    const download = failure(downloadDocument({ ...bugTracker, format: 'grist', once: 'granted' }));
    // The drop comes while the start's first read of the permission is under way.
    expect(await dropWaitingDownloads()).toBeNull();
    expect((await download).kind).toBe('no-downloads-permission');
    grant(['downloads']);
    await settledSoon();
    expect(downloads.started).toEqual([]);
    expect(added.size).toBe(0);
  });

  it('refused in a popup that closed: a later click’s start drops it, so only the later one starts once granted', async () => {
    const refused = failure(downloadDocument({ ...bugTracker, format: 'grist', once: 'granted' }));
    await settledSoon();
    const later = downloadDocument({ ...bugTracker, format: 'xlsx', once: 'granted' });
    expect((await refused).kind).toBe('no-downloads-permission');
    grant(['downloads']);
    await later;
    expect(downloads.started.map(({ filename }) => filename)).toEqual(['Bug Tracker.xlsx']);
  });

  it('without the mark, refused at once: the Bulk page asks first and sends only once granted', async () => {
    expect((await failure(downloadDocument({ ...bugTracker, format: 'grist' }))).kind).toBe('no-downloads-permission');
    expect(added.size).toBe(0);
  });
});

describe('downloadsGranted', () => {
  it('gives up after a minute without the permission; sees a grant whose event never came by reading it each second', async () => {
    vi.useFakeTimers();
    try {
      let outcome: unknown;
      void downloadsGranted('granted').then(
        () => (outcome = 'granted'),
        (error: { kind: string }) => (outcome = error.kind),
      );
      await vi.advanceTimersByTimeAsync(PERMISSION_WAIT_MS - 1);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toBe('no-downloads-permission');
      expect(added.size).toBe(0);
      expect(PERMISSION_WAIT_MS).toBe(60_000);

      outcome = undefined;
      void downloadsGranted('granted').then(() => (outcome = 'granted'));
      await vi.advanceTimersByTimeAsync(0);
      // Granted with no event (a worker asleep when it came).
      downloads.granted = true;
      await vi.advanceTimersByTimeAsync(PERMISSION_POLL_MS);
      expect(outcome).toBe('granted');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
