/**
 * grist/grist-client.ts under failures injected in the fake Grist server: which GETs are retried,
 * with what backoff, within what bounds.
 */
import { describe, expect, it, vi } from 'vitest';
import { createGristClient, retryAfterMs } from '../../../../src/background/grist/grist-client.ts';
import { orgListSchema } from '../../../../src/background/grist/grist-schemas.ts';
import { USERS } from '../../../fake-grist/sample-data.ts';
import { calls, failure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist();

const client = (retry = { attempts: 3, baseDelayMs: 20, maxDelayMs: 2000 }, timeoutMs = 5000) =>
  createGristClient({ apiKey: USERS.owner.apiKey, keyDestination: () => 'allowed', hasHostPermission: async () => true, retry, timeoutMs });

const listOrgs = (retry?: Parameters<typeof client>[0]) => client(retry).get(grist.url, '/api/orgs', orgListSchema);

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
