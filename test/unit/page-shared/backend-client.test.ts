/**
 * The pages' side of the listing port: the parts gathered into one Reply, the refresh's "under way"
 * passed on to whoever waits to read the cache, and a port that closes early answered as an error.
 * And of the People port: each site passed on as it answers, the port closed after the last.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { backendFor } from '../../../src/page-shared/backend-client.ts';
import { NO_WORKER_ERROR } from '../../../src/shared/protocol/errors.ts';
import type { SiteEntry, SiteHeader } from '../../../src/shared/protocol/listing.ts';
import { LISTING_PORT, PEOPLE_PORT, type ListingPart, type SitesPeoplePart } from '../../../src/shared/protocol/messages.ts';
import { ACCOUNT_1 } from '../../setup/saved-key.ts';

/** The worker's end of the port the page opens: what the page receives, and its own disconnection. */
let worker: { name: string; asked: unknown[]; send: (part: ListingPart | SitesPeoplePart) => void; close: () => void; disconnected: () => boolean };

beforeEach(() => {
  fakeBrowser.runtime.connect = vi.fn(({ name }: { name: string }) => {
    const onMessage: Array<(message: unknown) => void> = [];
    const onDisconnect: Array<() => void> = [];
    let disconnected = false;
    const asked: unknown[] = [];
    worker = {
      name,
      asked,
      send: (part) => onMessage.forEach((listener) => listener(structuredClone(part))),
      close: () => onDisconnect.forEach((listener) => listener()),
      disconnected: () => disconnected,
    };
    return {
      name,
      onMessage: { addListener: (listener: (message: unknown) => void) => onMessage.push(listener) },
      onDisconnect: { addListener: (listener: () => void) => onDisconnect.push(listener) },
      disconnect: () => (disconnected = true),
      postMessage: (message: unknown) => asked.push(structuredClone(message)),
    };
  }) as never;
});

const header = (orgId: number): SiteHeader => ({ account: ACCOUNT_1, orgId, name: `Site ${orgId}`, domain: null, personal: false, siteUrl: `https://s${orgId}.getgrist.com` });
const site = (orgId: number): SiteEntry => ({ ...header(orgId), workspaces: [] });

/** True once `promise` has settled (checked after pending callbacks ran). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('refreshListing over the listing port', () => {
  it('gathers the sites in the site list’s order into the reply, whatever order they answer in, and closes the port at the end', async () => {
    const reply = backendFor().refreshListing(null);
    expect(worker.name).toBe(LISTING_PORT);
    worker.send({ underway: true });
    worker.send({ sites: [header(1), header(2)] });
    worker.send({ site: site(2), index: 1, unchanged: false });
    worker.send({ site: site(1), index: 0, unchanged: true });
    worker.send({ end: { ok: true, value: { fetchedAt: 5, revision: 'r', sites: [] } } });
    await expect(reply).resolves.toEqual({ ok: true, value: { fetchedAt: 5, revision: 'r', sites: [site(1), site(2)] } });
    expect(worker.disconnected()).toBe(true);
  });

  it('tells the page of each site as it answers, the others pending', async () => {
    const progress = vi.fn();
    void backendFor().refreshListing(null, progress);
    worker.send({ sites: [header(1), header(2)] });
    worker.send({ site: site(2), index: 1, unchanged: true });
    expect(progress.mock.calls.map(([step]) => step)).toEqual([
      { sites: [{ ...header(1), workspaces: [], pending: true }, { ...header(2), workspaces: [], pending: true }], unchanged: [false, false], asShown: [false, false] },
      { sites: [{ ...header(1), workspaces: [], pending: true }, site(2)], unchanged: [false, true], asShown: [false, false] },
    ]);
  });

  it('names the listing the page shows in the port; a site sent as shown comes as its header, marked', async () => {
    const progress = vi.fn();
    const reply = backendFor().refreshListing(null, progress, 'rev-7');
    expect(worker.name).toBe(`${LISTING_PORT}:rev-7`);
    worker.send({ sites: [header(1), header(2)] });
    worker.send({ index: 0, asShown: true });
    worker.send({ site: site(2), index: 1, unchanged: false });
    worker.send({ end: { ok: true, value: { fetchedAt: 5, revision: 'rev-8', sites: [] } } });
    expect(progress.mock.calls.at(-1)?.[0]).toEqual({ sites: [{ ...header(1), workspaces: [], pending: true }, site(2)], unchanged: [true, false], asShown: [true, false] });
    await expect(reply).resolves.toEqual({ ok: true, value: { fetchedAt: 5, revision: 'rev-8', sites: [{ ...header(1), workspaces: [], pending: true }, site(2)] } });
  });

  it('lets the cache be read once the worker says the refresh is under way, not before', async () => {
    const backend = backendFor();
    void backend.refreshListing(null);
    const underway = backend.refreshUnderway();
    expect(await settled(underway)).toBe(false);
    worker.send({ underway: true });
    expect(await settled(underway)).toBe(true);
  });

  it("keeps each backend's refresh to itself: one backend's refresh under way holds up no other's cache read", async () => {
    const first = backendFor();
    const second = backendFor();
    void first.refreshListing(null);
    expect(await settled(second.refreshUnderway())).toBe(true);
    expect(await settled(first.refreshUnderway())).toBe(false);
  });

  it('answers an error the worker sent as it is', async () => {
    const backend = backendFor();
    const reply = backend.refreshListing(null);
    const error = { kind: 'auth' as const, status: 401, message: 'Grist refused the API key.' };
    worker.send({ end: { ok: false, error } });
    await expect(reply).resolves.toEqual({ ok: false, error });
    expect(await settled(backend.refreshUnderway())).toBe(true);
  });

  it('a port closed before the end (no worker) answers NO_WORKER_ERROR, and the cache may be read', async () => {
    const backend = backendFor();
    const reply = backend.refreshListing(null);
    worker.send({ sites: [header(1)] });
    worker.send({ site: site(1), index: 0, unchanged: false });
    worker.close();
    await expect(reply).resolves.toEqual({ ok: false, error: NO_WORKER_ERROR });
    expect(await settled(backend.refreshUnderway())).toBe(true);
  });
});

describe('readSitesPeople over the People port', () => {
  const request = { sites: [1, 2, 3].map((orgId) => ({ orgId, siteUrl: `https://s${orgId}.getgrist.com` })) };
  const failed = { ok: false as const, error: { kind: 'timeout' as const, message: 's2 did not answer.' } };

  it('asks once, passes on each site as it answers, and closes the port once every site has', () => {
    const answers: unknown[] = [];
    backendFor().readSitesPeople(request, (index, reply) => answers.push([index, reply]));
    expect(worker.name).toBe(PEOPLE_PORT);
    expect(worker.asked).toEqual([request]);
    worker.send({ index: 2, reply: { ok: true, value: 'list 3' as never } });
    worker.send({ index: 1, reply: failed });
    expect(answers).toEqual([
      [2, { ok: true, value: 'list 3' }],
      [1, failed],
    ]);
    expect(worker.disconnected()).toBe(false);
    worker.send({ index: 0, reply: { ok: true, value: 'list 1' as never } });
    expect(answers).toHaveLength(3);
    expect(worker.disconnected()).toBe(true);
  });

  it('stopped, passes on nothing more and closes the port', () => {
    const onAnswer = vi.fn();
    const stop = backendFor().readSitesPeople(request, onAnswer);
    stop();
    expect(worker.disconnected()).toBe(true);
    worker.send({ index: 0, reply: failed });
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('a port the worker closed answers the sites not answered yet as no worker; a refusal, its error for each', () => {
    const answers: unknown[] = [];
    backendFor().readSitesPeople(request, (index, reply) => answers.push([index, reply]));
    worker.send({ index: 1, reply: failed });
    worker.close();
    expect(answers).toEqual([
      [1, failed],
      [0, { ok: false, error: NO_WORKER_ERROR }],
      [2, { ok: false, error: NO_WORKER_ERROR }],
    ]);
    const refused = { kind: 'invalid-input' as const, message: 'Malformed.' };
    const others: unknown[] = [];
    backendFor().readSitesPeople(request, (index, reply) => others.push([index, reply]));
    worker.send({ refused });
    expect(others).toEqual([0, 1, 2].map((index) => [index, { ok: false, error: refused }]));
  });
});
