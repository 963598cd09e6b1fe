/**
 * Tests of the fake Grist server itself: its answers have the fields of the real samples, and each
 * behaviour docs/grist-api.md lists is reproduced.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCS, generateSeed, ORGS, sampleSeed, USERS, WORKSPACES, type SeedUser } from './sample-data.ts';
import { startFakeGrist, type FakeGrist, type FakeGristOptions } from './server.ts';
import { makeSelfSignedCert } from './tls.ts';

// The repository is cloned with `shared/` beside it.
const SAMPLES = new URL('../../../shared/grist-samples/', import.meta.url);
const { owner, editor, viewer, sharedOnly } = USERS;
const WORKSPACES_PATH = '/api/orgs/current/workspaces';

type Listing = Array<{ id: number; name: string; access: string; updatedAt: string; docs: Array<{ name: string; access: string }> }>;
type Answer = { status: number; body: unknown };

const errorAnswer = (status: number, error: string): Answer => ({ status, body: { error } });

/** A fresh fake for each test, so renames do not leak between tests. Out: a getter for it. */
function useFake(options: FakeGristOptions = { mode: 'org-in-path' }): () => FakeGrist {
  let fake: FakeGrist | undefined;
  beforeEach(async () => {
    fake = await startFakeGrist(options);
  });
  afterEach(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('The fake is not started');
    return fake;
  };
}

interface CallOptions {
  /** Whose API key to send; null for none. Default Olivia Owner. */
  user?: SeedUser | null;
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
}

const bearer = (user: SeedUser | null): Record<string, string> => (user ? { Authorization: `Bearer ${user.apiKey}` } : {});

function call(fake: FakeGrist, path: string, { user = owner, method, headers, body, signal }: CallOptions = {}) {
  return fetch(`${fake.url}${path}`, { method, body, signal, headers: { ...bearer(user), ...headers } });
}

async function getJson(fake: FakeGrist, path: string, options?: CallOptions): Promise<Answer> {
  const response = await call(fake, path, options);
  return { status: response.status, body: await response.json() };
}

/** PATCH /api/docs/<id> with this body text and Content-Type (none if undefined). */
function patch(fake: FakeGrist, docId: string, body: BodyInit, contentType: string | undefined, options: CallOptions = {}) {
  const headers = { ...(contentType === undefined ? {} : { 'Content-Type': contentType }), ...options.headers };
  return call(fake, `/api/docs/${docId}`, { ...options, method: 'PATCH', headers, body });
}

/** A rename as the extension sends it: PATCH /api/docs/<id> with a JSON body. */
async function rename(fake: FakeGrist, docId: string, properties: unknown, options: CallOptions = {}): Promise<Answer> {
  const response = await patch(fake, docId, JSON.stringify(properties), 'application/json', options);
  return { status: response.status, body: await response.json() };
}

interface HostOptions extends Pick<CallOptions, 'user' | 'method' | 'headers'> {
  body?: string;
  /** Certificate to trust, for an https fake. */
  ca?: string;
}

/** A request with its own Host header (fetch cannot set one), over http or https as the fake speaks. */
function viaHost(fake: FakeGrist, host: string, path: string, options: HostOptions = {}): Promise<Answer> {
  const { user = owner, method = 'GET', headers = {}, body, ca } = options;
  const requestOptions: https.RequestOptions = { method, headers: { host, ...bearer(user), ...headers }, ca, servername: host };
  return new Promise((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    };
    const url = `${fake.url}${path}`;
    const client = fake.url.startsWith('https:') ? https : http;
    client.request(url, requestOptions, onResponse).on('error', reject).end(body);
  });
}

/**
 * Key paths of a JSON value (`[].docs[].name`), array elements merged; `[]!` marks an array whose
 * elements have different keys.
 */
function keyPaths(value: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    const objects = value.filter((element) => element && typeof element === 'object');
    if (new Set(objects.map((element) => Object.keys(element).sort().join())).size > 1) paths.add(`${prefix}[]!`);
    for (const element of value) for (const path of keyPaths(element, `${prefix}[]`)) paths.add(path);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      paths.add(`${prefix}.${key}`);
      for (const path of keyPaths(child, `${prefix}.${key}`)) paths.add(path);
    }
  }
  return paths;
}

const IDENTIFYING_KEYS = new Set(['id', 'name', 'domain', 'orgDomain', 'urlId', 'access']);

/** The values under identifying keys, depth first, to compare the seed with the samples it copies. */
function identities(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const element of value) identities(element, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (IDENTIFYING_KEYS.has(key) && typeof child !== 'object') found.push(`${key}=${child}`);
      identities(child, found);
    }
  }
  return found;
}

/** The names in a workspace listing: `{workspace: [document names]}`. */
function listingNames(body: unknown): Record<string, string[]> {
  return Object.fromEntries((body as Listing).map((workspace) => [workspace.name, workspace.docs.map((doc) => doc.name)]));
}

describe('answers have the fields of the real samples', () => {
  const fake = useFake();
  const cases: Array<[file: string, user: SeedUser, path: string]> = [
    ['orgs.owner.json', owner, '/api/orgs'],
    ['orgs.viewer.json', viewer, '/api/orgs'],
    ['profile-user.json', owner, '/api/profile/user'],
    ['workspaces.personal.json', owner, `/o/docs${WORKSPACES_PATH}`],
    ['workspaces.team.json', owner, `/o/acme${WORKSPACES_PATH}`],
    ['workspaces.team-doc-shared-only.json', sharedOnly, `/o/globex${WORKSPACES_PATH}`],
    ['doc.json', owner, `/o/acme/api/docs/${DOCS.bugTracker.id}`],
  ];

  it.each(cases)('%s', async (file, user, path) => {
    const sample: unknown = JSON.parse(await readFile(new URL(file, SAMPLES), 'utf8'));
    const { status, body } = await getJson(fake(), path, { user });
    expect(status).toBe(200);
    expect([...keyPaths(body)].sort()).toEqual([...keyPaths(sample)].sort());
    expect(identities(body)).toEqual(identities(sample));
  });
});

describe('workspaces', () => {
  const fake = useFake();
  const engineering = WORKSPACES.engineering;
  const patchWorkspace = (id: number | string, body: string, contentType: string | undefined, options: CallOptions = {}) =>
    call(fake(), `/o/acme/api/workspaces/${id}`, { ...options, method: 'PATCH', body, headers: contentType ? { 'Content-Type': contentType } : {} });
  const renameWorkspace = async (id: number | string, properties: unknown, options: CallOptions = {}): Promise<Answer> => {
    const response = await patchWorkspace(id, JSON.stringify(properties), 'application/json', options);
    return { status: response.status, body: await response.json() };
  };

  it('GET /api/workspaces/<id> has the fields of the real sample (workspace.json)', async () => {
    const sample: unknown = JSON.parse(await readFile(new URL('workspace.json', SAMPLES), 'utf8'));
    const { status, body } = await getJson(fake(), `/o/acme/api/workspaces/${engineering.id}`);
    expect(status).toBe(200);
    expect([...keyPaths(body)].sort()).toEqual([...keyPaths(sample)].sort());
    expect(body).toMatchObject({ id: engineering.id, name: 'Engineering', access: 'owners', org: { id: ORGS.acme.id, domain: 'acme' } });
  });

  it('renames for an owner: 200 with the id as a number, and the listing shows the new name', async () => {
    expect(await renameWorkspace(engineering.id, { name: 'R&D' })).toEqual({ status: 200, body: engineering.id });
    expect(fake().workspace(engineering.id)?.name).toBe('R&D');
    const { body } = await getJson(fake(), `/o/acme${WORKSPACES_PATH}`);
    expect(Object.keys(listingNames(body))).toContain('R&D');
  });

  it('silently ignores a body without Content-Type, and an empty or missing name', async () => {
    expect((await patchWorkspace(engineering.id, '{"name":"Ignored"}', undefined)).status).toBe(200);
    expect((await renameWorkspace(engineering.id, { name: '' })).status).toBe(200);
    expect((await renameWorkspace(engineering.id, {})).status).toBe(200);
    expect(fake().workspace(engineering.id)).toMatchObject({ name: engineering.name, updatedAt: engineering.updatedAt });
  });

  it('answers 400 "unrecognized property" for any other key, and stores a 300-character name', async () => {
    expect(await renameWorkspace(engineering.id, { title: 'x' })).toEqual(errorAnswer(400, 'unrecognized property title'));
    expect((await renameWorkspace(engineering.id, { name: 'w'.repeat(300) })).status).toBe(200);
    expect(fake().workspace(engineering.id)?.name).toBe('w'.repeat(300));
  });

  it.each([
    ['an editor', editor],
    ['a viewer', viewer],
  ])('refuses %s with 403 "access denied"', async (_, user) => {
    expect(await renameWorkspace(engineering.id, { name: 'Nope' }, { user })).toEqual(errorAnswer(403, 'access denied'));
    expect(fake().workspace(engineering.id)?.name).toBe('Engineering');
  });

  it('answers 404 "workspace not found" for a missing workspace', async () => {
    expect(await renameWorkspace(9999, { name: 'x' })).toEqual(errorAnswer(404, 'workspace not found'));
    expect(await getJson(fake(), '/o/acme/api/workspaces/9999')).toEqual(errorAnswer(404, 'workspace not found'));
  });

  it('does not check the site in the address, and renames a personal Home', async () => {
    const response = await call(fake(), `/o/globex/api/workspaces/${engineering.id}`, {
      method: 'PATCH',
      body: '{"name":"Renamed via Globex"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(fake().workspace(engineering.id)?.name).toBe('Renamed via Globex');
    expect((await renameWorkspace(WORKSPACES.ownerHome.id, { name: 'My Home' })).status).toBe(200);
    expect(fake().workspace(WORKSPACES.ownerHome.id)?.name).toBe('My Home');
  });

  it('refuses a rename with a foreign Origin, as for documents', async () => {
    const response = await call(fake(), `/o/acme/api/workspaces/${engineering.id}`, {
      method: 'PATCH',
      body: '{"name":"x"}',
      headers: { 'Content-Type': 'application/json', Origin: 'chrome-extension://abc' },
    });
    expect(response.status).toBe(403);
    expect(fake().workspace(engineering.id)?.name).toBe('Engineering');
  });
});

describe('org in path (self-hosted)', () => {
  const fake = useFake({ mode: 'org-in-path' });

  it('selects a team with /o/<domain>', async () => {
    const { body } = await getJson(fake(), `/o/acme${WORKSPACES_PATH}`);
    expect(listingNames(body)).toEqual({
      Engineering: ['Roadmap 2026', 'Bug Tracker'],
      Home: [],
      Marketing: ['Campaign Plan', 'Leads'],
    });
  });

  it.each(['docs', 'docs-5'])('selects the caller’s personal site with /o/%s', async (domain) => {
    const { body } = await getJson(fake(), `/o/${domain}${WORKSPACES_PATH}`);
    expect(body).toMatchObject([{ orgDomain: 'docs-5', docs: [{ name: 'Personal Budget' }, { name: 'Reading List' }] }]);
  });

  it('/o/docs is each caller’s own personal site', async () => {
    const { body } = await getJson(fake(), '/o/docs/api/orgs/current', { user: viewer });
    expect(body).toMatchObject({ id: ORGS.viewerPersonal.id, domain: 'docs-6', access: 'owners' });
  });

  it('lists another person’s personal site to someone given one of its documents, with `owner` naming that person as Grist does, after the caller’s own', async () => {
    const share = await call(fake(), `/o/docs/api/docs/${DOCS.editorNotes.id}/access`, {
      user: editor,
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delta: { users: { [viewer.email]: 'viewers' } } }),
    });
    expect(share.status).toBe(200);
    const { body } = await getJson(fake(), '/api/orgs', { user: viewer });
    // Sample orgs.owner.json: a personal site's `owner` is {id, name, picture, ref, createdAt, type}; a team's is null.
    const ownerOf = (user: SeedUser) => ({ id: user.id, name: user.name, picture: null, ref: user.ref, createdAt: user.createdAt, type: 'login' });
    expect((body as Array<{ name: string; domain: string; owner: unknown; access: string }>).map(({ name, domain, owner, access }) => ({ name, domain, owner, access }))).toEqual([
      { name: 'Personal', domain: 'docs-6', owner: ownerOf(viewer), access: 'owners' },
      { name: 'Personal', domain: 'docs-7', owner: ownerOf(editor), access: 'guests' },
      { name: 'Acme Corp', domain: 'acme', owner: null, access: 'viewers' },
    ]);
    // At its own address, only what was shared.
    expect(listingNames((await getJson(fake(), `/o/docs-7${WORKSPACES_PATH}`, { user: viewer })).body)).toEqual({ Home: ['Ed Notes'] });
    // `/o/docs` is Grist's merged personal site: the caller's own workspaces and that one, each with its site's domain.
    const merged = (await getJson(fake(), `/o/docs${WORKSPACES_PATH}`, { user: viewer })).body as Array<{ name: string; orgDomain: string; docs: Array<{ name: string }> }>;
    expect(merged.map(({ name, orgDomain, docs }) => [name, orgDomain, docs.map((doc) => doc.name)])).toEqual([
      ['Home', 'docs-6', []],
      ['Home', 'docs-7', ['Ed Notes']],
    ]);
  });

  it('answers 400 "No organization chosen" for current on the bare host', async () => {
    expect(await getJson(fake(), WORKSPACES_PATH)).toEqual(errorAnswer(400, 'No organization chosen'));
    expect(await getJson(fake(), '/api/orgs/current')).toEqual(errorAnswer(400, 'No organization chosen'));
  });

  it('lists sites, and a site by id or domain, from the bare host', async () => {
    expect((await getJson(fake(), '/api/orgs')).status).toBe(200);
    for (const ref of ['5', 'acme']) {
      const { body } = await getJson(fake(), `/api/orgs/${ref}/workspaces`);
      expect(Object.keys(listingNames(body))).toEqual(['Engineering', 'Home', 'Marketing']);
    }
    expect((await getJson(fake(), '/api/orgs/6')).body).toMatchObject({ name: 'Globex Inc', billingAccount: { id: 6 } });
  });

  it('answers 404 for an unknown site and 403 for a site the caller cannot see', async () => {
    expect(await getJson(fake(), `/o/nosuch${WORKSPACES_PATH}`)).toEqual(errorAnswer(404, 'organization not found'));
    expect(await getJson(fake(), '/api/orgs/globex/workspaces', { user: viewer })).toEqual(errorAnswer(403, 'access denied'));
  });
});

describe('per-team hosts (getgrist.com)', () => {
  const fake = useFake({ mode: 'per-team' });

  it('selects a team by its subdomain and the personal site by docs.<base>', async () => {
    const team = await viaHost(fake(), 'acme.getgrist.com', WORKSPACES_PATH);
    expect(team).toMatchObject({ status: 200, body: [{ orgDomain: 'acme' }, {}, {}] });
    const personal = await viaHost(fake(), 'docs.getgrist.com', WORKSPACES_PATH);
    expect(personal).toMatchObject({ status: 200, body: [{ orgDomain: 'docs-5' }] });
  });

  it('also accepts /o/<domain> on a host that selects no site', async () => {
    expect((await getJson(fake(), '/o/globex/api/orgs/current')).body).toMatchObject({ domain: 'globex' });
  });

  it('answers 400 "Wrong org for this domain" when host and path disagree', async () => {
    expect(await viaHost(fake(), 'acme.getgrist.com', `/o/globex${WORKSPACES_PATH}`)).toEqual(
      errorAnswer(400, "Wrong org for this domain: 'globex' does not match 'acme'"),
    );
    expect((await viaHost(fake(), 'acme.getgrist.com', '/o/acme/api/orgs/current')).status).toBe(200);
  });

  it('finds a document only through its own team’s host', async () => {
    const path = `/api/docs/${DOCS.roadmap.id}`;
    expect((await viaHost(fake(), 'acme.getgrist.com', path)).status).toBe(200);
    expect(await viaHost(fake(), 'globex.getgrist.com', path)).toEqual(errorAnswer(404, 'document not found'));
  });

  it('selects an org by its custom host, and honours baseDomain', async () => {
    const orgs = sampleSeed.orgs.map((org) => (org.id === ORGS.globex.id ? { ...org, host: 'grist.globex.test' } : org));
    const other = await startFakeGrist({ mode: 'per-team', baseDomain: 'grist.test', seed: { ...sampleSeed, orgs } });
    try {
      const custom = await viaHost(other, 'grist.globex.test', '/api/orgs/current');
      expect(custom.body).toMatchObject({ domain: 'globex', host: 'grist.globex.test' });
      expect((await viaHost(other, 'acme.grist.test', '/api/orgs/current')).body).toMatchObject({ domain: 'acme' });
      expect((await viaHost(other, 'acme.getgrist.com', '/api/orgs/current')).status).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('treats https pages of any <team>.<base> as its own origin', async () => {
    const fromSubdomain = await rename(fake(), DOCS.roadmap.id, { name: 'From a subdomain' }, { headers: { Origin: 'https://docs.getgrist.com' } });
    expect(fromSubdomain.status).toBe(200);
    const lookalike = await rename(fake(), DOCS.roadmap.id, { name: 'Lookalike' }, { headers: { Origin: 'https://evilgetgrist.com' } });
    expect(lookalike.status).toBe(403);
    expect(fake().doc(DOCS.roadmap.id)?.name).toBe('From a subdomain');
  });
});

describe('single org (GRIST_SINGLE_ORG)', () => {
  const fake = useFake({ mode: 'single-org', singleOrgDomain: 'acme' });

  it('selects the one org on the bare host and under its own /o/ prefix', async () => {
    expect((await getJson(fake(), '/api/orgs/current')).body).toMatchObject({ domain: 'acme' });
    expect((await getJson(fake(), '/o/acme/api/orgs/current')).body).toMatchObject({ domain: 'acme' });
  });

  it('answers 400 for another org in the path, 404 for another org’s document', async () => {
    expect(await getJson(fake(), `/o/globex${WORKSPACES_PATH}`)).toEqual(
      errorAnswer(400, "Wrong org for this domain: 'globex' does not match 'acme'"),
    );
    expect(await getJson(fake(), `/api/docs/${DOCS.projectBeta.id}`)).toEqual(errorAnswer(404, 'document not found'));
  });
});

describe('documents and not-found answers', () => {
  const fake = useFake();

  it('finds a document by id or urlId', async () => {
    const byUrlId = await getJson(fake(), `/o/acme/api/docs/${DOCS.roadmap.urlId}`);
    expect(byUrlId).toMatchObject({
      status: 200,
      body: { id: DOCS.roadmap.id, name: 'Roadmap 2026', workspace: { org: { domain: 'acme' } } },
    });
  });

  it('answers 404 "document not found" for an unknown document or another site’s', async () => {
    expect(await getJson(fake(), '/o/acme/api/docs/nosuchdocument12345678')).toEqual(errorAnswer(404, 'document not found'));
    expect(await getJson(fake(), `/o/globex/api/docs/${DOCS.roadmap.id}`)).toEqual(errorAnswer(404, 'document not found'));
  });

  it('answers 404 "not found: <path>" for /api/docs/ and unknown paths, after the /o/ prefix', async () => {
    expect(await getJson(fake(), '/api/docs/')).toEqual(errorAnswer(404, 'not found: /api/docs/'));
    expect(await getJson(fake(), '/o/acme/api/nothing')).toEqual(errorAnswer(404, 'not found: /api/nothing'));
    expect((await getJson(fake(), `/api/docs/${DOCS.roadmap.id}`, { method: 'PUT' })).status).toBe(404);
  });

  it('serves a web page, not JSON, at a document page URL (where Grist serves its app)', async () => {
    const response = await call(fake(), `/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026`, { user: null });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await response.text()).toContain('<title>Grist</title>');
  });

  it('answers 403 "access denied" for a document the caller cannot see', async () => {
    const answer = await getJson(fake(), `/api/docs/${DOCS.projectAlpha.id}`, { user: viewer });
    expect(answer).toEqual(errorAnswer(403, 'access denied'));
  });
});

describe('who sees what', () => {
  const fake = useFake();

  it('shows a user given one document the team as guests, and only that document', async () => {
    const { body: orgs } = await getJson(fake(), '/api/orgs', { user: sharedOnly });
    expect(orgs).toMatchObject([
      { domain: 'docs-8', access: 'owners' },
      { domain: 'globex', access: 'guests' },
    ]);
    const { body } = await getJson(fake(), `/o/globex${WORKSPACES_PATH}`, { user: sharedOnly });
    expect(listingNames(body)).toEqual({ Projects: ['Project Beta'] });
    expect((await getJson(fake(), `/api/docs/${DOCS.projectAlpha.id}`, { user: sharedOnly })).status).toBe(403);
  });

  it('gives each document the caller’s effective role: team role or a stronger direct share', async () => {
    const { body } = await getJson(fake(), `/o/acme${WORKSPACES_PATH}`, { user: editor });
    expect((body as Listing).find((workspace) => workspace.name === 'Marketing')).toMatchObject({
      access: 'editors',
      docs: [
        { name: 'Campaign Plan', access: 'editors' },
        { name: 'Leads', access: 'owners' },
      ],
    });
  });

  it('lists only the sites a viewer belongs to', async () => {
    const { body } = await getJson(fake(), '/api/orgs', { user: viewer });
    expect((body as Array<{ domain: string }>).map((org) => org.domain)).toEqual(['docs-6', 'acme']);
  });

  it('seeds one pinned document and distinct change times', () => {
    expect(sampleSeed.docs.filter((doc) => doc.isPinned).map((doc) => doc.name)).toEqual(['Roadmap 2026']);
    expect(new Set(sampleSeed.docs.map((doc) => doc.updatedAt)).size).toBe(sampleSeed.docs.length);
  });
});

describe('authentication', () => {
  const fake = useFake();
  const invalidKey = errorAnswer(401, 'Bad request: invalid API key');
  const wrongScheme = errorAnswer(401, "Bad request: unsupported Authorization scheme, expected 'Bearer'");
  const withAuthorization = (value: string): CallOptions => ({ user: null, headers: { Authorization: value } });

  it('answers 200 [] to a keyless site list, and the anonymous profile', async () => {
    expect(await getJson(fake(), '/api/orgs', { user: null })).toEqual({ status: 200, body: [] });
    const { body } = await getJson(fake(), '/api/profile/user', { user: null });
    expect(body).toMatchObject({ id: 0, name: 'Anonymous', email: 'anon@getgrist.com' });
  });

  it('refuses keyless access to a site or a rename with 403', async () => {
    expect(await getJson(fake(), `/o/acme${WORKSPACES_PATH}`, { user: null })).toEqual(errorAnswer(403, 'access denied'));
    expect((await rename(fake(), DOCS.roadmap.id, { name: 'Anonymous rename' }, { user: null })).status).toBe(403);
    expect(fake().doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2026');
  });

  it.each([
    ['an unknown key', 'Bearer 0123456789abcdef0123456789abcdef01234567'],
    ['an empty key', 'Bearer '],
  ])('answers 401 invalid API key to %s', async (_, authorization) => {
    expect(await getJson(fake(), '/api/orgs', withAuthorization(authorization))).toEqual(invalidKey);
  });

  it.each(['Basic b2xpdmlhOnB3', `bearer ${owner.apiKey}`, `Token ${owner.apiKey}`])('answers 401 unsupported scheme to "%s"', async (authorization) => {
    expect(await getJson(fake(), '/api/orgs', withAuthorization(authorization))).toEqual(wrongScheme);
  });

  it('refuses a revoked key at once, and keeps other users’ keys', async () => {
    fake().revokeKey(owner.id);
    expect(await getJson(fake(), '/api/orgs')).toEqual(invalidKey);
    expect((await getJson(fake(), '/api/orgs', { user: editor })).status).toBe(200);
  });

  it('replaces the key when it is created again', async () => {
    const apiKey = fake().rotateKey(owner.id);
    expect(apiKey).toMatch(/^[0-9a-f]{40}$/);
    expect(await getJson(fake(), '/api/profile/user')).toEqual(invalidKey);
    const { body } = await getJson(fake(), '/api/profile/user', { user: { ...owner, apiKey } });
    expect(body).toMatchObject({ id: owner.id, email: owner.email });
  });
});

describe('the Origin trap', () => {
  const fake = useFake();
  const refused = errorAnswer(403, 'Credentials not supported for cross-origin requests');

  it('refuses a rename carrying an extension Origin, and stores nothing', async () => {
    const headers = { Origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
    expect(await rename(fake(), DOCS.roadmap.id, { name: 'Renamed' }, { headers })).toEqual(refused);
    expect(fake().doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2026');
  });

  it.each(['moz-extension://5b7a0c1e-1111-4222-8333-944445555666', 'null', 'http://evil.example'])(
    'refuses a keyed GET with Origin %s',
    async (origin) => {
      expect(await getJson(fake(), '/api/orgs', { headers: { Origin: origin } })).toEqual(refused);
    },
  );

  it('checks the Origin before the key and the address', async () => {
    const headers = { Origin: 'chrome-extension://abc', Authorization: 'Bearer not-a-key' };
    expect(await getJson(fake(), '/api/orgs/current', { user: null, headers })).toEqual(refused);
  });

  it('lets the server’s own origin through', async () => {
    const answer = await rename(fake(), DOCS.roadmap.id, { name: 'Same origin' }, { headers: { Origin: fake().url } });
    expect(answer).toEqual({ status: 200, body: DOCS.roadmap.id });
    expect(fake().doc(DOCS.roadmap.id)?.name).toBe('Same origin');
  });

  it('ignores the Origin of a request without a key', async () => {
    const answer = await getJson(fake(), '/api/orgs', { user: null, headers: { Origin: 'chrome-extension://abc' } });
    expect(answer).toEqual({ status: 200, body: [] });
  });
});

describe('renaming', () => {
  const fake = useFake();
  const roadmap = DOCS.roadmap.id;
  const expectUnchanged = () => expect(fake().doc(roadmap)).toMatchObject({ name: DOCS.roadmap.name, updatedAt: DOCS.roadmap.updatedAt });

  it('stores the new name, answers the doc id, and marks the doc and its workspace changed', async () => {
    const workspaceUpdatedAt = async () => {
      const { body } = await getJson(fake(), `/o/acme${WORKSPACES_PATH}`);
      return (body as Listing).find((workspace) => workspace.id === WORKSPACES.engineering.id)?.updatedAt ?? '';
    };
    const before = await workspaceUpdatedAt();
    expect(await rename(fake(), roadmap, { name: 'Roadmap 2027' })).toEqual({ status: 200, body: roadmap });
    expect(fake().doc(roadmap)?.name).toBe('Roadmap 2027');
    expect(fake().doc(roadmap)?.updatedAt.localeCompare(DOCS.roadmap.updatedAt)).toBe(1);
    expect((await workspaceUpdatedAt()).localeCompare(before)).toBe(1);
  });

  it('accepts a charset in the Content-Type and a urlId in the path', async () => {
    const response = await patch(fake(), DOCS.roadmap.urlId!, '{"name":"Charset"}', 'application/json; charset=utf-8');
    expect([response.status, await response.json()]).toEqual([200, roadmap]);
    expect(fake().doc(roadmap)?.name).toBe('Charset');
  });

  it.each([
    ['no Content-Type', undefined, new TextEncoder().encode('{"name":"Ignored"}')],
    ['text/plain', 'text/plain', '{"name":"Ignored"}'],
    ['form encoding', 'application/x-www-form-urlencoded', 'name=Ignored'],
  ])('silently ignores a body sent with %s', async (_, contentType, body) => {
    expect((await patch(fake(), roadmap, body, contentType)).status).toBe(200);
    expect(fake().requests[0]?.contentType).toBe(contentType);
    expectUnchanged();
  });

  it.each([[''], [null], [0], [false]])('silently ignores the name %j', async (name) => {
    expect((await rename(fake(), roadmap, { name })).status).toBe(200);
    expectUnchanged();
  });

  it('silently ignores a missing name and an empty body', async () => {
    expect((await rename(fake(), roadmap, {})).status).toBe(200);
    expect((await patch(fake(), roadmap, '', 'application/json')).status).toBe(200);
    expectUnchanged();
  });

  it('answers 400 "unrecognized property" for any other key', async () => {
    expect(await rename(fake(), roadmap, { name: 'With extra', foo: 1 })).toEqual(errorAnswer(400, 'unrecognized property foo'));
    expect(await rename(fake(), roadmap, { isPinned: false })).toEqual(errorAnswer(400, 'unrecognized property isPinned'));
    expectUnchanged();
  });

  it.each(['{"name": ', '"Just a string"'])('answers 400 with a JSON parse message to %s', async (body) => {
    const response = await patch(fake(), roadmap, body, 'application/json');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/JSON/);
    expectUnchanged();
  });

  it('answers 413 to a body over 1 MB', async () => {
    expect((await rename(fake(), roadmap, { name: 'x'.repeat(1024 * 1024) })).status).toBe(413);
    expectUnchanged();
  });

  it.each([
    [42, '42'],
    [true, 'true'],
    [{ nested: 1 }, '[object Object]'],
  ])('stores the name %j as the string %j', async (name, stored) => {
    expect((await rename(fake(), roadmap, { name })).status).toBe(200);
    expect(fake().doc(roadmap)?.name).toBe(stored);
  });

  it.each(['   ', '  Padded  ', '<b>x</b>', '🎉 Launch', 'y'.repeat(200_000)])('stores %j as given', async (name) => {
    expect((await rename(fake(), roadmap, { name })).status).toBe(200);
    expect(fake().doc(roadmap)?.name).toBe(name);
  });

  it.each([
    ['an editor', editor, DOCS.campaignPlan],
    ['a viewer', viewer, DOCS.roadmap],
  ])('refuses %s with 403 "access denied"', async (_, user, doc) => {
    expect(await rename(fake(), doc.id, { name: 'Not allowed' }, { user })).toEqual(errorAnswer(403, 'access denied'));
    expect(fake().doc(doc.id)?.name).toBe(doc.name);
  });

  it('lets an editor of the team rename a document given to them as owner', async () => {
    expect((await rename(fake(), DOCS.leads.id, { name: 'Hot leads' }, { user: editor })).status).toBe(200);
    expect(fake().doc(DOCS.leads.id)?.name).toBe('Hot leads');
  });

  it('lets a user given one document rename it, and nothing else of the team', async () => {
    expect((await rename(fake(), DOCS.projectBeta.id, { name: 'Project Gamma' }, { user: sharedOnly })).status).toBe(200);
    expect(fake().doc(DOCS.projectBeta.id)?.name).toBe('Project Gamma');
    expect((await rename(fake(), DOCS.projectAlpha.id, { name: 'Nope' }, { user: sharedOnly })).status).toBe(403);
    expect(fake().doc(DOCS.projectAlpha.id)?.name).toBe('Project Alpha');
  });
});

describe('moving a document (docs/grist-api.md "Moving a document")', () => {
  const fake = useFake();
  const { roadmap, leads, projectAlpha } = DOCS;
  const { engineering, marketing, projects } = WORKSPACES;

  /** PATCH {site}/api/docs/<id>/move with this body and Content-Type (JSON by default). */
  async function move(fakeGrist: FakeGrist, site: string, docId: string, body: string, options: CallOptions & { contentType?: string | null } = {}): Promise<Answer> {
    const { contentType = 'application/json', ...rest } = options;
    const headers = { ...(contentType === null ? {} : { 'Content-Type': contentType }), ...rest.headers };
    const response = await call(fakeGrist, `/o/${site}/api/docs/${docId}/move`, { ...rest, method: 'PATCH', headers, body });
    return { status: response.status, body: await response.json() };
  }
  const workspaceOf = (fakeGrist: FakeGrist, docId: string) => fakeGrist.doc(docId)?.workspaceId;

  it('moves a document its owner owns to another workspace of its site, keeping its urlId; a numeric string names the workspace too', async () => {
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: marketing.id }))).toEqual({ status: 200, body: roadmap.id });
    expect(workspaceOf(fake(), roadmap.id)).toBe(marketing.id);
    expect(fake().doc(roadmap.id)?.urlId).toBe(roadmap.urlId);
    const listed = await getJson(fake(), `/o/acme${WORKSPACES_PATH}`);
    expect(listingNames(listed.body).Marketing).toContain(roadmap.name);
    expect(listingNames(listed.body).Engineering).not.toContain(roadmap.name);

    expect((await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: String(engineering.id) }))).status).toBe(200);
    expect(workspaceOf(fake(), roadmap.id)).toBe(engineering.id);
  });

  it('is not silent without a JSON Content-Type: 400, nothing moved', async () => {
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: marketing.id }), { contentType: null })).toEqual(
      errorAnswer(400, 'workspace parameter cannot be understood as an integer: undefined'),
    );
    expect(workspaceOf(fake(), roadmap.id)).toBe(engineering.id);
  });

  it('refuses the same workspace (400), an unknown workspace or document (404), and another site’s address (404)', async () => {
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: engineering.id }))).toEqual(errorAnswer(400, 'Bad request: doc is already in destination workspace'));
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: 999 }))).toEqual(errorAnswer(404, 'workspace not found'));
    expect(await move(fake(), 'acme', 'noSuchDocument00000000', JSON.stringify({ workspace: marketing.id }))).toEqual(errorAnswer(404, 'document not found'));
    expect(await move(fake(), 'globex', roadmap.id, JSON.stringify({ workspace: marketing.id }))).toEqual(errorAnswer(404, 'document not found'));
    expect(workspaceOf(fake(), roadmap.id)).toBe(engineering.id);
  });

  it('needs the document’s owner with owners or editors access to the destination: an editor who owns one moves it, viewers and non-owners get 403', async () => {
    expect((await move(fake(), 'acme', leads.id, JSON.stringify({ workspace: engineering.id }), { user: editor })).status).toBe(200);
    expect(workspaceOf(fake(), leads.id)).toBe(engineering.id);
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: marketing.id }), { user: editor })).toEqual(errorAnswer(403, 'access denied'));
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: marketing.id }), { user: viewer })).toEqual(errorAnswer(403, 'access denied'));
    expect(workspaceOf(fake(), roadmap.id)).toBe(engineering.id);
  });

  it('refuses a key sent with a foreign Origin, as for renames', async () => {
    expect(await move(fake(), 'acme', roadmap.id, JSON.stringify({ workspace: marketing.id }), { headers: { Origin: 'chrome-extension://abcdef' } })).toEqual(
      errorAnswer(403, 'Credentials not supported for cross-origin requests'),
    );
  });

  it('across sites: the document keeps its id, loses its urlId for good, and is reached only through its new site', async () => {
    expect(await move(fake(), 'globex', projectAlpha.id, JSON.stringify({ workspace: engineering.id }))).toEqual({ status: 200, body: projectAlpha.id });
    const read = await getJson(fake(), `/o/acme/api/docs/${projectAlpha.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: projectAlpha.id, urlId: null, aliases: [], workspace: { id: engineering.id, org: { domain: 'acme' } } });
    expect((await getJson(fake(), `/o/globex/api/docs/${projectAlpha.id}`)).status).toBe(404);
    expect((await getJson(fake(), `/o/globex/api/docs/${projectAlpha.urlId}`)).status).toBe(404);
    expect((await getJson(fake(), `/o/acme/api/docs/${projectAlpha.urlId}`)).status).toBe(404);

    // Home again: the old links stay broken.
    expect((await move(fake(), 'acme', projectAlpha.id, JSON.stringify({ workspace: projects.id }))).status).toBe(200);
    expect(fake().doc(projectAlpha.id)).toMatchObject({ urlId: null, workspaceId: projects.id });
    expect((await getJson(fake(), `/o/globex/api/docs/${projectAlpha.urlId}`)).status).toBe(404);
  });

  describe('the destination site’s plan, across sites only', () => {
    let planned: FakeGrist | undefined;
    afterEach(async () => {
      await planned?.close();
      planned = undefined;
    });
    /** A fake whose Globex site has this plan. */
    async function withGlobexPlan(plan: NonNullable<(typeof sampleSeed.orgs)[number]['plan']>): Promise<FakeGrist> {
      const seed = { ...sampleSeed, orgs: sampleSeed.orgs.map((org) => (org.id === ORGS.globex.id ? { ...org, plan } : org)) };
      planned = await startFakeGrist({ mode: 'org-in-path', seed });
      return planned;
    }

    it('403 "No more documents permitted", with the limit, once the site holds its most', async () => {
      const grist = await withGlobexPlan({ maxDocs: 2 });
      expect(await move(grist, 'acme', roadmap.id, JSON.stringify({ workspace: projects.id }))).toEqual({
        status: 403,
        body: { error: 'No more documents permitted', details: { limit: 2 } },
      });
      expect(workspaceOf(grist, roadmap.id)).toBe(engineering.id);
      // Within the site the plan is not asked.
      expect((await move(grist, 'globex', projectAlpha.id, JSON.stringify({ workspace: WORKSPACES.globexHome.id }))).status).toBe(200);
    });

    it('403 "Too many external document shares" for a document shared with more non-members than the plan allows', async () => {
      const grist = await withGlobexPlan({ maxExternalShares: 0 });
      expect(await move(grist, 'acme', leads.id, JSON.stringify({ workspace: projects.id }))).toEqual(errorAnswer(403, 'Too many external document shares'));
      expect((await move(grist, 'acme', roadmap.id, JSON.stringify({ workspace: projects.id }))).status).toBe(200);
    });

    it('402 for a read-only site, and 429 "readonly due to billing issues" that is no rate limit: no Retry-After, and it stays', async () => {
      const readOnly = await withGlobexPlan({ readonly: 'yes' });
      expect(await move(readOnly, 'acme', roadmap.id, JSON.stringify({ workspace: projects.id }))).toEqual(errorAnswer(402, 'Site is in readonly mode'));
      await readOnly.close();

      const billing = await withGlobexPlan({ readonly: 'billing' });
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await call(billing, `/o/acme/api/docs/${roadmap.id}/move`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ workspace: projects.id }),
        });
        expect([response.status, response.headers.get('retry-after'), await response.json()]).toEqual([429, null, { error: 'Site is in readonly mode due to billing issues' }]);
      }
      expect(workspaceOf(billing, roadmap.id)).toBe(engineering.id);
    });
  });
});

describe('JSON answers and ETags', () => {
  const fake = useFake();

  it('sends JSON with a weak ETag, errors included', async () => {
    for (const path of ['/api/orgs', '/api/docs/']) {
      const response = await call(fake(), path);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('etag')).toMatch(/^W\/".+"$/);
    }
  });

  it('answers 304 without a body to a matching If-None-Match, until the data changes', async () => {
    const path = `/o/acme${WORKSPACES_PATH}`;
    const etag = (await call(fake(), path)).headers.get('etag') ?? '';
    const cached = await call(fake(), path, { headers: { 'If-None-Match': etag } });
    expect([cached.status, await cached.text()]).toEqual([304, '']);
    await rename(fake(), DOCS.roadmap.id, { name: 'Changed' });
    expect((await call(fake(), path, { headers: { 'If-None-Match': etag } })).status).toBe(200);
  });
});

describe('injected faults', () => {
  const fake = useFake();

  it('delays, then answers normally', async () => {
    fake().injectFault({ path: '/api/orgs', delayMs: 150 });
    const started = Date.now();
    expect((await getJson(fake(), '/api/orgs')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answers with a proxy’s HTML page the given number of times', async () => {
    const page = '<html><body>Bad Gateway</body></html>';
    fake().injectFault({ path: '/api/orgs', status: 502, body: page, contentType: 'text/html', times: 1 });
    const response = await call(fake(), '/api/orgs');
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([502, 'text/html', page]);
    expect((await call(fake(), '/api/orgs')).status).toBe(200);
  });

  it('drops the requests it left hanging when its faults are cleared', async () => {
    fake().injectFault({ path: '/api/orgs', hang: true });
    const hung = call(fake(), '/api/orgs');
    await new Promise((resolve) => setTimeout(resolve, 50));
    fake().clearFaults();
    await expect(hung).rejects.toThrow();
    expect((await call(fake(), '/api/orgs')).status).toBe(200);
  });

  it('answers with extra headers such as Retry-After', async () => {
    fake().injectFault({ path: '/api/orgs', status: 429, headers: { 'Retry-After': '2' }, times: 1 });
    const response = await call(fake(), '/api/orgs');
    expect([response.status, response.headers.get('retry-after')]).toEqual([429, '2']);
  });

  it('answers a 429 for a window of time from the first request it answered, as a rate limit does', async () => {
    fake().injectFault({ path: '/api/orgs', status: 429, headers: { 'Retry-After': '1' }, forMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 400)); // the window starts at the first request, not at the fault
    expect([(await call(fake(), '/api/orgs')).status, (await call(fake(), '/api/orgs')).status]).toEqual([429, 429]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await call(fake(), '/api/orgs')).status).toBe(200);
  });

  it('can store a rename and then lose the answer', async () => {
    fake().injectFault({ method: 'PATCH', path: `/api/docs/${DOCS.roadmap.id}`, loseAnswer: true, times: 1 });
    await expect(rename(fake(), DOCS.roadmap.id, { name: 'Lost answer' })).rejects.toThrow();
    expect(fake().doc(DOCS.roadmap.id)?.name).toBe('Lost answer');
  });

  it('can work an answer out at once and send it late', async () => {
    fake().injectFault({ path: WORKSPACES_PATH, holdAnswerMs: 200, times: 1 });
    const answer = getJson(fake(), `/o/acme${WORKSPACES_PATH}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await rename(fake(), DOCS.roadmap.id, { name: 'Renamed meanwhile' });
    const names = ((await answer).body as { docs: { name: string }[] }[]).flatMap((workspace) => workspace.docs.map((doc) => doc.name));
    expect(names).toContain('Roadmap 2026');
  });

  it('answers with an empty body', async () => {
    fake().injectFault({ path: '/api/orgs', status: 503 });
    const response = await call(fake(), '/api/orgs');
    expect([response.status, await response.text()]).toEqual([503, '']);
  });

  it('answers with truncated JSON', async () => {
    fake().injectFault({ path: '/api/orgs', status: 200, body: '[{"name":"Pers', contentType: 'application/json; charset=utf-8' });
    await expect((await call(fake(), '/api/orgs')).json()).rejects.toThrow(SyntaxError);
  });

  it('drops the connection, after recording the request', async () => {
    fake().injectFault({ path: '/api/orgs', drop: true });
    await expect(call(fake(), '/api/orgs')).rejects.toThrow();
    expect(fake().requests.map((request) => request.path)).toEqual(['/api/orgs']);
  });

  it('hangs until the client gives up, and close() still returns', async () => {
    fake().injectFault({ path: '/api/orgs', hang: true });
    await expect(call(fake(), '/api/orgs', { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    const hanging = call(fake(), '/api/orgs').catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fake().close();
    expect(await hanging).toBeInstanceOf(Error);
  });

  it('matches by method and RegExp, and a string path after the /o/ prefix', async () => {
    fake().injectFault({ method: 'PATCH', path: /^\/api\/docs\//, status: 500, body: '{"error":"boom"}' });
    fake().injectFault({ path: WORKSPACES_PATH, status: 429 });
    expect((await getJson(fake(), `/api/docs/${DOCS.roadmap.id}`)).status).toBe(200);
    expect((await rename(fake(), DOCS.roadmap.id, { name: 'Faulted' })).status).toBe(500);
    expect(fake().doc(DOCS.roadmap.id)?.name).toBe('Roadmap 2026');
    expect((await call(fake(), `/o/acme${WORKSPACES_PATH}`)).status).toBe(429);
    fake().clearFaults();
    expect((await call(fake(), `/o/acme${WORKSPACES_PATH}`)).status).toBe(200);
  });
});

describe('recorded requests', () => {
  const fake = useFake();

  it('counts the requests it handles at once, per host', async () => {
    fake().injectFault({ path: '/api/orgs', delayMs: 100 });
    await Promise.all([1, 2, 3].map(() => call(fake(), '/api/orgs')));
    expect(fake().mostInFlight(`127.0.0.1:${fake().port}`)).toBe(3);
    fake().clearRequests();
    expect(fake().mostInFlight(`127.0.0.1:${fake().port}`)).toBe(0);
  });

  it('records what was sent, the key as received included', async () => {
    await rename(fake(), DOCS.roadmap.id, { name: 'Recorded' }, { headers: { Origin: fake().url } });
    await call(fake(), `/o/acme${WORKSPACES_PATH}?x=1`, { user: null });
    const host = `127.0.0.1:${fake().port}`;
    expect(fake().requests).toEqual([
      {
        method: 'PATCH',
        host,
        path: `/api/docs/${DOCS.roadmap.id}`,
        origin: fake().url,
        contentType: 'application/json',
        hasAuthorization: true,
        apiKey: owner.apiKey,
        ifNoneMatch: undefined,
        body: '{"name":"Recorded"}',
        answer: { status: 200, bodyBytes: Buffer.byteLength(JSON.stringify(DOCS.roadmap.id)) },
        answeredAt: expect.any(Number),
        receivedAt: expect.any(Number),
      },
      {
        method: 'GET',
        host,
        path: `/o/acme${WORKSPACES_PATH}?x=1`,
        origin: undefined,
        contentType: undefined,
        hasAuthorization: false,
        apiKey: null,
        ifNoneMatch: undefined,
        body: '',
        answer: { status: 403, bodyBytes: Buffer.byteLength('{"error":"access denied"}') },
        answeredAt: expect.any(Number),
        receivedAt: expect.any(Number),
      },
    ]);
    fake().clearRequests();
    expect(fake().requests).toEqual([]);
  });

  it('records the key of a Bearer header however bad, and none for another scheme', async () => {
    const sent = ['Bearer not-a-key', 'Bearer ', 'bearer ' + owner.apiKey, 'Basic abc', `Bearer ${editor.apiKey}`];
    for (const authorization of sent) await call(fake(), '/api/orgs', { user: null, headers: { Authorization: authorization } });
    expect(fake().requests.map((request) => [request.hasAuthorization, request.apiKey, request.answer?.status])).toEqual([
      [true, 'not-a-key', 401],
      [true, '', 401],
      [true, null, 401],
      [true, null, 401],
      [true, editor.apiKey, 200],
    ]);
  });
});

describe('https', () => {
  let cert = { key: '', cert: '' };
  beforeAll(async () => {
    cert = await makeSelfSignedCert();
  });

  it('serves per-team hosts over https with a self-signed certificate', async () => {
    const fake = await startFakeGrist({ mode: 'per-team', tls: cert });
    try {
      expect(fake.url).toBe(`https://127.0.0.1:${fake.port}`);
      const listing = await viaHost(fake, 'acme.getgrist.com', WORKSPACES_PATH, { ca: cert.cert });
      expect(listing).toMatchObject({ status: 200, body: [{ orgDomain: 'acme' }, {}, {}] });
      const renamed = await viaHost(fake, 'acme.getgrist.com', `/api/docs/${DOCS.roadmap.id}`, {
        ca: cert.cert,
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Origin: 'https://acme.getgrist.com' },
        body: '{"name":"Over TLS"}',
      });
      expect(renamed).toEqual({ status: 200, body: DOCS.roadmap.id });
      expect(fake.doc(DOCS.roadmap.id)?.name).toBe('Over TLS');
    } finally {
      await fake.close();
    }
  });
});

describe('generated seed', () => {
  it('builds N team sites of M documents with unique ids', async () => {
    const seed = generateSeed({ teams: 3, docsPerTeam: 5 });
    expect(new Set(seed.docs.map((doc) => doc.urlId)).size).toBe(15);
    expect(seed.docs.every((doc) => doc.id.length === 22)).toBe(true);
    const fake = await startFakeGrist({ mode: 'org-in-path', seed });
    try {
      const { body: orgs } = await getJson(fake, '/api/orgs');
      expect((orgs as Array<{ domain: string }>).map((org) => org.domain)).toEqual(['docs-5', 'team-1', 'team-2', 'team-3']);
      const { body } = await getJson(fake, `/o/team-2${WORKSPACES_PATH}`, { user: viewer });
      expect(listingNames(body)).toEqual({ Documents: [1, 2, 3, 4, 5].map((index) => `Document 2.${index}`), Home: [] });
    } finally {
      await fake.close();
    }
  });
});
