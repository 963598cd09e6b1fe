/**
 * grist/grist-client.ts: the one network module, against the fake Grist server.
 */
import { describe, expect, it } from 'vitest';
import { createGristClient } from '../../../../src/background/grist/grist-client.ts';
import { orgListSchema } from '../../../../src/background/grist/grist-schemas.ts';
import { USERS } from '../../../fake-grist/sample-data.ts';
import { failure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ signedIn: false });

describe('the Grist client', () => {
  const client = (timeoutMs = 5000) =>
    createGristClient({ apiKey: USERS.owner.apiKey, keyDestination: () => 'allowed', hasHostPermission: async () => true, timeoutMs });

  it.each([
    ['an HTML page from a proxy', { status: 200, body: '<html>Sign in</html>', contentType: 'text/html' }, 'bad-response'],
    ['truncated JSON', { status: 200, body: '[{"id": 1, "na', contentType: 'application/json' }, 'bad-response'],
    ['JSON of the wrong shape', { status: 200, body: '{"orgs": []}', contentType: 'application/json' }, 'bad-response'],
    ['an empty error body', { status: 502 }, 'server'],
    ['a dropped connection', { drop: true }, 'network'],
  ])('turns %s into a %s error', async (_name, fault, kind) => {
    grist.injectFault({ path: '/api/orgs', ...fault });
    expect((await failure(client().get(grist.url, '/api/orgs', orgListSchema))).kind).toBe(kind);
  });

  it('gives up on a server that never answers', async () => {
    grist.injectFault({ path: '/api/orgs', hang: true });
    const error = await failure(client(300).get(grist.url, '/api/orgs', orgListSchema));
    expect(error.kind).toBe('timeout');
  });

  const KEY = USERS.owner.apiKey;
  it.each([
    ['whole', `bad key ${KEY}`],
    ['upper-cased', `bad key ${KEY.toUpperCase()}`],
    ['URL-encoded', `bad request /api/orgs?auth=${encodeURIComponent(`Bearer ${KEY}`)}`],
    ['URL-encoded with an escape for every character', `bad key ${[...KEY.slice(3, 25)].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('')}`],
    ['cut to 16 characters', `bad key ...${KEY.slice(10, 26)}...`],
  ])('withholds a Grist error text that holds the key %s', async (_form, echo) => {
    grist.injectFault({ path: '/api/orgs', status: 400, body: JSON.stringify({ error: echo }), contentType: 'application/json' });
    const error = await failure(client().get(grist.url, '/api/orgs', orgListSchema));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(`${new URL(grist.url).host} refused the request.`);
    expect(error.serverMessage).toBeUndefined();
  });

  it('passes on a Grist error text that holds only 15 characters of the key', async () => {
    const said = `bad key ...${KEY.slice(10, 25)}...`;
    grist.injectFault({ path: '/api/orgs', status: 400, body: JSON.stringify({ error: said }), contentType: 'application/json' });
    const error = await failure(client().get(grist.url, '/api/orgs', orgListSchema));
    expect(error.serverMessage).toBe(said);
    expect(error.message).toContain(said);
  });

  it('refuses plain http outside localhost before sending anything', async () => {
    const error = await failure(client().get('http://grist.example.com', '/api/orgs', orgListSchema));
    expect(error.kind).toBe('invalid-input');
  });
});
