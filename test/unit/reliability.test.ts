/**
 * Failures of the network and of Grist, injected per route in the fake Grist server: what the
 * background retries, what it never repeats, and what it tells the user.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/background/grist/api-error.ts';
import { createGristClient, retryAfterMs } from '../../src/background/grist/grist-client.ts';
import { orgListSchema } from '../../src/background/grist/grist-schemas.ts';
import { refreshListing } from '../../src/background/listing/listing-service.ts';
import { renameDocument } from '../../src/background/changes/rename.ts';
import { moveDocument } from '../../src/background/changes/move.ts';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { saveSettingsWithKey } from '../setup/saved-key.ts';

let grist: FakeGrist;

beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  fakeBrowser.permissions.contains = (async () => true) as never;
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await grist.close();
});

const client = (retry = { attempts: 3, baseDelayMs: 20, maxDelayMs: 2000 }, timeoutMs = 5000) =>
  createGristClient({ apiKey: USERS.owner.apiKey, keyDestination: () => 'allowed', hasHostPermission: async () => true, retry, timeoutMs });
const listOrgs = (retry?: Parameters<typeof client>[0]) => client(retry).get(grist.url, '/api/orgs', orgListSchema);
const calls = (method: string, path: string) => grist.requests.filter((request) => request.method === method && request.path === path).length;
const patches = () => grist.requests.filter((request) => request.method === 'PATCH');

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('GETs are retried with backoff, within bounds', () => {
  it.each([
    ['500', { status: 500 }],
    ['502 with a proxy’s HTML page', { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' }],
    ['503 with an empty body', { status: 503 }],
    ['429 without Retry-After (getgrist.com sends none)', { status: 429, body: '{"error":"too many"}', contentType: 'application/json' }],
    ['a connection reset', { drop: true }],
  ])('%s twice, then an answer: the list arrives', async (_name, fault) => {
    grist.injectFault({ path: '/api/orgs', times: 2, ...fault });
    expect((await listOrgs()).map((org) => org.name)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
    expect(calls('GET', '/api/orgs')).toBe(3);
  });

  it('gives up after the last attempt with the error a person can act on', async () => {
    grist.injectFault({ path: '/api/orgs', status: 429 });
    const error = await failure(listOrgs());
    expect(error.message).toBe(`${new URL(grist.url).host} is limiting requests. Wait a minute and try again.`);
    expect(calls('GET', '/api/orgs')).toBe(3);
  });

  it('waits as long as Retry-After asks', async () => {
    grist.injectFault({ path: '/api/orgs', status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    const started = Date.now();
    await listOrgs();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls('GET', '/api/orgs')).toBe(2);
  });

  it('does not wait longer than its bound: the user is told how long instead', async () => {
    grist.injectFault({ path: '/api/orgs', status: 429, headers: { 'Retry-After': '120' } });
    const error = await failure(listOrgs());
    expect(error.message).toMatch(/Wait 120 seconds and try again/);
    expect(calls('GET', '/api/orgs')).toBe(1);
  });

  it.each([
    ['401', { status: 401, body: '{"error":"Bad request: invalid API key"}', contentType: 'application/json' }, 'auth'],
    ['404', { status: 404, body: '{"error":"not found"}', contentType: 'application/json' }, 'not-found'],
    ['400', { status: 400, body: '{"error":"No organization chosen"}', contentType: 'application/json' }, 'bad-request'],
    ['an HTML page with 200', { status: 200, body: '<html>Sign in</html>', contentType: 'text/html' }, 'bad-response'],
    ['truncated JSON', { status: 200, body: '[{"id":', contentType: 'application/json' }, 'bad-response'],
  ])('does not retry %s', async (_name, fault, kind) => {
    grist.injectFault({ path: '/api/orgs', ...fault });
    expect((await failure(listOrgs())).kind).toBe(kind);
    expect(calls('GET', '/api/orgs')).toBe(1);
  });

  it('does not retry a server that never answers: one timeout is wait enough', async () => {
    grist.injectFault({ path: '/api/orgs', hang: true });
    const error = await failure(client(undefined, 300).get(grist.url, '/api/orgs', orgListSchema));
    expect(error.kind).toBe('timeout');
    expect(calls('GET', '/api/orgs')).toBe(1);
  });

  it('says so when the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    grist.injectFault({ path: '/api/orgs', drop: true });
    const error = await failure(listOrgs({ attempts: 1, baseDelayMs: 0, maxDelayMs: 0 }));
    expect(error.message).toBe('You are offline. Connect to the internet and try again.');
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:10 GMT', Date.parse('Sun, 22 Nov 2026 10:00:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe('a rename is never repeated behind the user’s back', () => {
  const acmeDoc = { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id };

  beforeEach(async () => {
    await refreshListing();
    grist.clearRequests();
  });

  it('a 503 to the PATCH is reported, not retried', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, status: 503 });
    expect((await failure(renameDocument({ ...acmeDoc, name: 'Bugs' }))).kind).toBe('server');
    expect(patches()).toHaveLength(1);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('an answer lost after Grist stored the name: the document is read back and the rename reported done', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, loseAnswer: true, times: 1 });
    expect(await renameDocument({ ...acmeDoc, name: 'Bugs' })).toEqual({ name: 'Bugs', entryId: expect.any(String) });
    expect(patches()).toHaveLength(1);
    expect(calls('GET', `/o/acme/api/docs/${DOCS.bugTracker.id}`)).toBe(1);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
  });

  it('a connection reset before Grist stored it: read back, the user is told the old name stands', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, drop: true, times: 1 });
    const error = await failure(renameDocument({ ...acmeDoc, name: 'Bugs' }));
    expect(error.message).toBe('The connection dropped before Grist answered. The document still has its old name: try again.');
    expect(patches()).toHaveLength(1);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
  });

  it('when the document cannot be read back either, the user is told it is unknown', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, drop: true, times: 1 });
    grist.injectFault({ method: 'GET', path: `/api/docs/${DOCS.bugTracker.id}`, drop: true });
    const error = await failure(renameDocument({ ...acmeDoc, name: 'Bugs' }));
    expect(error.message).toMatch(/could not be checked\. Reopen the list to see whether it was renamed/);
    expect(patches()).toHaveLength(1);
  });

  it('a 400 from Grist is shown with Grist’s own words', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, status: 400, body: '{"error":"unrecognized property name2"}', contentType: 'application/json' });
    const error = await failure(renameDocument({ ...acmeDoc, name: 'Bugs' }));
    expect(error.toValue()).toEqual({
      kind: 'bad-request',
      status: 400,
      message: `${new URL(grist.url).host} refused the request. Grist said: “unrecognized property name2”.`,
    });
  });

  it('a document gone from Grist (404) is removed from the cached listing, and the user told', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, status: 404, body: '{"error":"document not found"}', contentType: 'application/json' });
    const error = await failure(renameDocument({ ...acmeDoc, name: 'Bugs' }));
    expect(error.toValue()).toEqual({
      kind: 'not-found',
      status: 404,
      message: `“Bug Tracker” no longer exists on ${new URL(grist.url).host}. It was removed from the list.`,
    });
    const cached = (await readListing())?.sites.flatMap((site) => site.workspaces.flatMap((w) => w.documents.map((d) => d.id)));
    expect(cached).not.toContain(DOCS.bugTracker.id);
    expect(cached).toContain(DOCS.roadmap.id);
  });

  it('two quick renames of one document go one after the other, the last one winning', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/api\/docs\//, delayMs: 300, times: 1 });
    const first = renameDocument({ ...acmeDoc, name: 'Bugs 1' });
    const second = renameDocument({ ...acmeDoc, name: 'Bugs 2' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(patches()).toHaveLength(1);
    expect(await Promise.all([first, second])).toMatchObject([{ name: 'Bugs 1' }, { name: 'Bugs 2' }]);
    expect(patches().map((request) => request.body)).toEqual(['{"name":"Bugs 1"}', '{"name":"Bugs 2"}']);
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs 2');
  });

  it('a rename confirmed while the list refreshes is not undone by that refresh', async () => {
    // Acme's listing is read before the rename and arrives after it: it holds the old name.
    grist.injectFault({ method: 'GET', path: '/o/acme/api/orgs/current/workspaces', holdAnswerMs: 400, times: 1 });
    const refreshing = refreshListing();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await renameDocument({ ...acmeDoc, name: 'Bugs' });
    const listing = await refreshing;
    const names = (entries: typeof listing | null) =>
      entries?.sites.flatMap((site) => site.workspaces.flatMap((w) => w.documents)).find((doc) => doc.id === DOCS.bugTracker.id)?.name;
    expect(names(listing)).toBe('Bugs');
    expect(names(await readListing())).toBe('Bugs');
  });

  it('a move confirmed while the list refreshes is not undone by that refresh', async () => {
    // Both sites' listings are read before the move and arrive after it: they hold it in Engineering.
    grist.injectFault({ method: 'GET', path: /\/o\/(acme|globex)\/api\/orgs\/current\/workspaces/, holdAnswerMs: 400, times: 2 });
    const refreshing = refreshListing();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await moveDocument({ ...acmeDoc, to: { orgId: ORGS.globex.id, workspaceId: WORKSPACES.projects.id } });
    const listing = await refreshing;
    const where = (entries: typeof listing | null) =>
      entries?.sites.flatMap((site) => site.workspaces.flatMap((w) => w.documents.some((doc) => doc.id === DOCS.bugTracker.id) ? [`${site.name} › ${w.name}`] : []));
    expect(grist.doc(DOCS.bugTracker.id)?.workspaceId).toBe(WORKSPACES.projects.id);
    expect(where(listing)).toEqual(['Globex Inc › Projects']);
    expect(where(await readListing())).toEqual(['Globex Inc › Projects']);
  });
});
