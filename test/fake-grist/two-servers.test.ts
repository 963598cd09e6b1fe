/**
 * Two fake Grist servers at once (issue 19, "Several Grist accounts"): each answers with its own
 * data, knows only its own keys, and logs only its own requests, with the key each one carried.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DOCS,
  ORGS,
  sampleSeed,
  SECOND_DOCS,
  SECOND_ORGS,
  SECOND_USERS,
  SECOND_WORKSPACES,
  secondServerSeed,
  USERS,
  WORKSPACES,
  type SeedUser,
} from './sample-data.ts';
import type { FakeGrist } from './server.ts';
import { startTwoServers, type TwoServers } from './two-servers.ts';

const { owner, editor } = USERS;
const { edith, rita } = SECOND_USERS;
const WORKSPACES_PATH = '/api/orgs/current/workspaces';
const INVALID_KEY = { status: 401, body: { error: 'Bad request: invalid API key' } };

type Listing = Array<{ id: number; name: string; docs: Array<{ id: string; name: string; access: string }> }>;

async function getJson(server: FakeGrist, path: string, user: SeedUser | null, init: RequestInit = {}) {
  const headers = { ...(user ? { Authorization: `Bearer ${user.apiKey}` } : {}), ...(init.headers as Record<string, string>) };
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

function rename(server: FakeGrist, site: string, docId: string, name: string, user: SeedUser) {
  return getJson(server, `/o/${site}/api/docs/${docId}`, user, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
}

describe('the second seed', () => {
  it('collides with the first seed in user, org and workspace ids and in two domains, never in document ids or keys', () => {
    const ids = (items: Array<{ id: number | string }>) => new Set(items.map((item) => item.id));
    const firstOrgIds = ids(sampleSeed.orgs);
    const firstWorkspaceIds = ids(sampleSeed.workspaces);
    const firstUserIds = ids(sampleSeed.users);
    expect(secondServerSeed.orgs.map((org) => org.id).filter((id) => firstOrgIds.has(id))).toEqual([2, 3, 4]);
    expect(secondServerSeed.workspaces.map((space) => space.id).filter((id) => firstWorkspaceIds.has(id))).toEqual([2, 3, 4, 5]);
    expect(secondServerSeed.users.map((user) => user.id).filter((id) => firstUserIds.has(id))).toEqual([5, 6]);
    const firstDomains = new Set(sampleSeed.orgs.map((org) => org.domain));
    expect(secondServerSeed.orgs.map((org) => org.domain).filter((domain) => firstDomains.has(domain))).toEqual(['docs-5', 'acme', 'docs-6']);
    // Same ids, other names.
    expect([ORGS.ownerPersonal.id, SECOND_ORGS.edithPersonal.id]).toEqual([2, 2]);
    expect([ORGS.viewerPersonal.name, SECOND_ORGS.research.name]).toEqual(['Personal', 'Acme Research']);
    expect([WORKSPACES.editorHome.name, SECOND_WORKSPACES.experiments.name]).toEqual(['Home', 'Experiments']);

    const allDocs = [...sampleSeed.docs, ...secondServerSeed.docs];
    expect(new Set(allDocs.map((doc) => doc.id)).size).toBe(allDocs.length);
    expect(new Set(allDocs.map((doc) => doc.urlId)).size).toBe(allDocs.length);
    expect(secondServerSeed.docs.every((doc) => /^[A-Za-z0-9]{22}$/.test(doc.id))).toBe(true);
    const allKeys = [...sampleSeed.users, ...secondServerSeed.users].map((user) => user.apiKey);
    expect(new Set(allKeys).size).toBe(allKeys.length);
    expect(allKeys.every((key) => /^[0-9a-f]{40}$/.test(key))).toBe(true);
  });
});

describe('two servers at once', () => {
  let servers: TwoServers | undefined;
  beforeEach(async () => {
    servers = await startTwoServers();
  });
  afterEach(async () => {
    await servers?.close();
  });
  const first = () => servers!.first;
  const second = () => servers!.second;

  it('listen on two ports of 127.0.0.1, both with the org in the path', async () => {
    expect(first().url).toBe(`http://127.0.0.1:${first().port}`);
    expect(second().url).toBe(`http://127.0.0.1:${second().port}`);
    expect(first().port).not.toBe(second().port);
    for (const [server, user] of [[first(), owner], [second(), edith]] as const) {
      expect(await getJson(server, WORKSPACES_PATH, user)).toEqual({ status: 400, body: { error: 'No organization chosen' } });
    }
  });

  it('answer with their own data: the same address path and ids are different sites', async () => {
    const orgs = async (server: FakeGrist, user: SeedUser) =>
      ((await getJson(server, '/api/orgs', user)).body as Array<{ id: number; name: string; domain: string; access: string }>).map(
        ({ id, name, domain, access }) => ({ id, name, domain, access }),
      );
    expect(await orgs(second(), edith)).toEqual([
      { id: 2, name: 'Personal', domain: 'docs-5', access: 'owners' },
      { id: 3, name: 'Acme Research', domain: 'acme', access: 'owners' },
    ]);
    expect(await orgs(second(), rita)).toEqual([
      { id: 4, name: 'Personal', domain: 'docs-6', access: 'owners' },
      { id: 3, name: 'Acme Research', domain: 'acme', access: 'viewers' },
    ]);
    expect((await orgs(first(), owner)).slice(0, 2)).toEqual([
      { id: 2, name: 'Personal', domain: 'docs-5', access: 'owners' },
      { id: 5, name: 'Acme Corp', domain: 'acme', access: 'owners' },
    ]);

    const names = async (server: FakeGrist, path: string, user: SeedUser) =>
      Object.fromEntries(((await getJson(server, path, user)).body as Listing).map((space) => [`${space.id} ${space.name}`, space.docs.map((doc) => doc.name)]));
    expect(await names(second(), `/o/acme${WORKSPACES_PATH}`, edith)).toEqual({
      '4 Experiments': ['Trial Results', 'Lab Inventory'],
      '3 Home': [],
    });
    expect(await names(first(), `/o/acme${WORKSPACES_PATH}`, owner)).toEqual({
      '7 Engineering': ['Roadmap 2026', 'Bug Tracker'],
      '5 Home': [],
      '8 Marketing': ['Campaign Plan', 'Leads'],
    });
    expect(await names(second(), `/o/docs${WORKSPACES_PATH}`, edith)).toEqual({ '2 Home': ['Garden Plan'] });
    expect(await names(second(), '/api/orgs/2/workspaces', edith)).toEqual({ '2 Home': ['Garden Plan'] });
    expect(await names(first(), '/api/orgs/2/workspaces', owner)).toEqual({ '2 Home': ['Personal Budget', 'Reading List'] });

    expect((await getJson(second(), '/api/profile/user', edith)).body).toMatchObject({ id: 5, name: 'Edith Editor', email: 'editor@example.org' });
    expect((await getJson(first(), '/api/profile/user', owner)).body).toMatchObject({ id: 5, name: 'Olivia Owner', email: 'owner@example.com' });
  });

  it('give each user the access the second seed describes', async () => {
    const access = async (user: SeedUser) =>
      ((await getJson(second(), `/o/acme${WORKSPACES_PATH}`, user)).body as Listing).flatMap((space) => space.docs.map((doc) => [doc.name, doc.access]));
    expect(await access(edith)).toEqual([['Trial Results', 'owners'], ['Lab Inventory', 'owners']]);
    expect(await access(rita)).toEqual([['Trial Results', 'viewers'], ['Lab Inventory', 'owners']]);
    expect((await rename(second(), 'acme', SECOND_DOCS.trialResults.id, 'Nope', rita)).status).toBe(403);
    expect((await rename(second(), 'acme', SECOND_DOCS.labInventory.id, 'Rita’s inventory', rita)).status).toBe(200);
    expect(await getJson(second(), `/o/docs/api/docs/${SECOND_DOCS.bookClub.id}`, rita)).toMatchObject({ status: 200, body: { name: 'Book Club' } });
    expect((await getJson(second(), `/api/docs/${SECOND_DOCS.gardenPlan.id}`, rita)).status).toBe(403);
  });

  it('keep separate state: a rename or a moved key on one server leaves the other unchanged', async () => {
    expect(await rename(second(), 'docs', SECOND_DOCS.gardenPlan.id, 'Vegetable Garden', edith)).toEqual({ status: 200, body: SECOND_DOCS.gardenPlan.id });
    expect(second().doc(SECOND_DOCS.gardenPlan.id)?.name).toBe('Vegetable Garden');
    expect(first().doc(SECOND_DOCS.gardenPlan.id)).toBeUndefined();
    expect(first().workspace(2)?.name).toBe('Home');

    // Two users with the same id (5) on the two servers: rotating one's key leaves the other's working.
    const rotated = second().rotateKey(edith.id);
    expect((await getJson(second(), '/api/orgs', edith)).status).toBe(401);
    expect((await getJson(second(), '/api/orgs', { ...edith, apiKey: rotated })).status).toBe(200);
    expect((await getJson(first(), '/api/orgs', owner)).status).toBe(200);
    first().revokeKey(owner.id);
    expect((await getJson(second(), '/api/orgs', { ...edith, apiKey: rotated })).status).toBe(200);

    first().injectFault({ path: '/api/orgs', status: 503 });
    expect((await getJson(second(), '/api/profile/user', rita)).status).toBe(200);
    expect((await fetch(`${first().url}/api/orgs`)).status).toBe(503);
  });

  it('answer a key of the other server as an unknown key, and log the key that was sent', async () => {
    for (const [server, stranger, path] of [
      [second(), owner, '/api/orgs'],
      [second(), editor, `/o/acme${WORKSPACES_PATH}`],
      [first(), edith, '/api/profile/user'],
      [first(), rita, `/o/docs/api/docs/${DOCS.personalBudget.id}`],
    ] as const) {
      expect(await getJson(server, path, stranger)).toEqual(INVALID_KEY);
    }
    // A rename with the other server's key is refused the same way and changes nothing.
    expect(await rename(second(), 'acme', SECOND_DOCS.trialResults.id, 'Hijacked', owner)).toEqual(INVALID_KEY);
    expect(second().doc(SECOND_DOCS.trialResults.id)?.name).toBe('Trial Results');

    const logged = (server: FakeGrist) => server.requests.map((request) => [request.method, request.path, request.apiKey, request.answer?.status]);
    expect(logged(second())).toEqual([
      ['GET', '/api/orgs', owner.apiKey, 401],
      ['GET', `/o/acme${WORKSPACES_PATH}`, editor.apiKey, 401],
      ['PATCH', `/o/acme/api/docs/${SECOND_DOCS.trialResults.id}`, owner.apiKey, 401],
    ]);
    expect(logged(first())).toEqual([
      ['GET', '/api/profile/user', edith.apiKey, 401],
      ['GET', `/o/docs/api/docs/${DOCS.personalBudget.id}`, rita.apiKey, 401],
    ]);
  });

  it('log only their own requests', async () => {
    await getJson(first(), '/api/orgs', owner);
    await getJson(second(), '/api/orgs', edith);
    await getJson(second(), `/o/acme${WORKSPACES_PATH}`, rita);
    await getJson(first(), '/api/orgs', null);
    const seen = (server: FakeGrist) => server.requests.map((request) => [request.host, request.path, request.apiKey]);
    expect(seen(first())).toEqual([
      [`127.0.0.1:${first().port}`, '/api/orgs', owner.apiKey],
      [`127.0.0.1:${first().port}`, '/api/orgs', null],
    ]);
    expect(seen(second())).toEqual([
      [`127.0.0.1:${second().port}`, '/api/orgs', edith.apiKey],
      [`127.0.0.1:${second().port}`, `/o/acme${WORKSPACES_PATH}`, rita.apiKey],
    ]);
    // Every key each server received is one of its own users'.
    const keysOf = (users: SeedUser[]) => new Set(users.map((user) => user.apiKey));
    expect(first().requests.every((request) => request.apiKey === null || keysOf(sampleSeed.users).has(request.apiKey))).toBe(true);
    expect(second().requests.every((request) => request.apiKey === null || keysOf(secondServerSeed.users).has(request.apiKey))).toBe(true);
    second().clearRequests();
    expect([first().requests.length, second().requests.length]).toEqual([2, 0]);
  });

  it('close() stops both, and again is a no-op', async () => {
    const [firstUrl, secondUrl] = [first().url, second().url];
    await servers!.close();
    await servers!.close();
    await expect(fetch(`${firstUrl}/api/orgs`)).rejects.toThrow();
    await expect(fetch(`${secondUrl}/api/orgs`)).rejects.toThrow();
  });
});

describe('startTwoServers options', () => {
  it('can make the second server single-org, on its bare address', async () => {
    const servers = await startTwoServers({ second: { mode: 'single-org', singleOrgDomain: 'acme' } });
    try {
      const { body } = await getJson(servers.second, WORKSPACES_PATH, edith);
      expect((body as Listing).map((space) => space.name)).toEqual(['Experiments', 'Home']);
      expect(await getJson(servers.first, WORKSPACES_PATH, owner)).toEqual({ status: 400, body: { error: 'No organization chosen' } });
    } finally {
      await servers.close();
    }
  });
});
