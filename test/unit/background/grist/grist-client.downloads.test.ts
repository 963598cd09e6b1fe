/**
 * grist/grist-client.ts `download` and `probe`: a file is handed to the browser's downloads with
 * the key in its Authorization header only, to the hosts a GET may go to; a probe reads only an
 * answer's status and Grist's words.
 */
import { describe, expect, it, vi } from 'vitest';
import { createGristClient } from '../../../../src/background/grist/grist-client.ts';
import type { KeyDestination } from '../../../../src/background/grist/host-policy.ts';
import { USERS } from '../../../fake-grist/sample-data.ts';
import { downloads, removeDownloadsApi, useFakeDownloads } from '../../../setup/fake-downloads.ts';
import { failure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ signedIn: false });
useFakeDownloads();

const KEY = USERS.owner.apiKey;
const client = ({ destination = 'allowed' as KeyDestination, hostGranted = true, isCurrent = (): boolean => true } = {}) =>
  createGristClient({ apiKey: KEY, keyDestination: () => destination, hasHostPermission: async () => hostGranted, isCurrent, timeoutMs: 5000 });
const FILE = { filename: 'Budget.grist', conflictAction: 'uniquify' } as const;

describe('a download', () => {
  it('is started by the browser with the key in its Authorization header only, and answers its id', async () => {
    const id = await client().download(grist.url, '/api/docs/doc1/download?nohistory=true', FILE);
    expect(id).toBe(1);
    expect(downloads.started).toEqual([
      {
        url: `${grist.url}/api/docs/doc1/download?nohistory=true`,
        headers: [{ name: 'Authorization', value: `Bearer ${KEY}` }],
        filename: 'Budget.grist',
        conflictAction: 'uniquify',
        saveAs: false,
      },
    ]);
    expect(downloads.started[0]!.url).not.toContain(KEY);
    // The browser fetches the file, not the extension.
    expect(grist.requests).toEqual([]);
  });

  it('goes into the same file when asked to (a retry)', async () => {
    await client().download(grist.url, '/api/docs/doc1/download/xlsx', { filename: 'Budget.xlsx', conflictAction: 'overwrite' });
    expect(downloads.started[0]).toMatchObject({ filename: 'Budget.xlsx', conflictAction: 'overwrite' });
  });

  it.each([
    ['the browser has no downloads API (Chrome, before the permission is granted)', removeDownloadsApi],
    ['the downloads permission is not granted', () => (downloads.granted = false)],
  ])('is refused when %s', async (_case, take) => {
    take();
    const error = await failure(client().download(grist.url, '/api/docs/doc1/download', FILE));
    expect(error.kind).toBe('no-downloads-permission');
    expect(error.message).toMatch(/downloads permission/);
  });

  it.each([
    ['a host that is not a configured site', { destination: 'not-a-site' as const }, 'no-host-permission'],
    ['a host the key was not confirmed for', { destination: 'not-confirmed' as const }, 'key-not-confirmed'],
    ['a host the browser has not granted', { hostGranted: false }, 'no-host-permission'],
    ['settings changed since the client was made', { isCurrent: () => false }, 'outdated'],
  ])('is not started for %s', async (_case, options, kind) => {
    expect((await failure(client(options).download(grist.url, '/api/docs/doc1/download', FILE))).kind).toBe(kind);
    expect(downloads.started).toEqual([]);
  });

  it('is not started over plain http outside localhost', async () => {
    expect((await failure(client().download('http://grist.example.com', '/api/docs/doc1/download', FILE))).kind).toBe('invalid-input');
    expect(downloads.started).toEqual([]);
  });

  it('that the browser refuses says so in its words, and never in the key', async () => {
    const download = vi.spyOn(await import('webextension-polyfill').then((module) => module.default.downloads), 'download');
    download.mockRejectedValueOnce(new Error('Invalid filename'));
    const refused = await failure(client().download(grist.url, '/api/docs/doc1/download', { filename: '../x.grist', conflictAction: 'uniquify' }));
    expect(refused.message).toBe('The browser did not start the download of ../x.grist. Invalid filename');
    download.mockRejectedValueOnce(new Error(`bad header Bearer ${KEY}`));
    const echoed = await failure(client().download(grist.url, '/api/docs/doc1/download', FILE));
    expect(echoed.message).not.toContain(KEY);
    expect(echoed.kind).toBe('invalid-input');
  });
});

describe('a probe', () => {
  it('passes when Grist would send the file', async () => {
    await expect(client().probe(grist.url, '/api/orgs')).resolves.toBeUndefined();
    const [request] = grist.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/api/orgs' });
  });

  it('leaves a 200’s body unread: it ends without waiting for a file that never ends', async () => {
    const cancel = vi.fn();
    const endless = new ReadableStream({ pull: () => new Promise(() => undefined), cancel });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(endless, { status: 200 })));
    await expect(client().probe(grist.url, '/api/docs/doc1/download')).resolves.toBeUndefined();
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('throws Grist’s refusal in its words: a document in the trash', async () => {
    grist.injectFault({ path: '/api/docs/doc1/download', status: 404, body: '{"error":"Document is deleted"}', contentType: 'application/json' });
    const error = await failure(client().probe(grist.url, '/api/docs/doc1/download'));
    expect(error.kind).toBe('not-found');
    expect(error.serverMessage).toBe('Document is deleted');
    expect(error.message).toContain('Document is deleted');
  });

  it('throws a 429 with the wait Grist asked for, once (its caller decides when to try again)', async () => {
    grist.injectFault({ path: '/api/docs/doc1/download', status: 429, headers: { 'Retry-After': '7' } });
    const error = await failure(client().probe(grist.url, '/api/docs/doc1/download'));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(7000);
    expect(grist.requests).toHaveLength(1);
  });

  it('is not sent where a GET would not be', async () => {
    expect((await failure(client({ destination: 'not-confirmed' }).probe(grist.url, '/api/orgs'))).kind).toBe('key-not-confirmed');
    expect(grist.requests).toEqual([]);
  });
});
