/**
 * The host permission check of the saved-options client: one call to the browser for all the
 * hosts a refresh asks at once, and still a per-host answer when some are not granted.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, expect, it, vi, type Mock } from 'vitest';
import { connectToGrist } from '../../../../src/background/grist/grist-connection.ts';
import { anyJsonSchema } from '../../../../src/background/grist/grist-schemas.ts';

const SITES = ['https://a.example.com', 'https://b.example.com', 'https://c.example.com'];
const access = { settings: { personalSiteUrl: SITES[0]!, teamSiteUrls: SITES.slice(1) }, hosts: { confirmed: SITES, listed: [] } };

let contains: Mock<(permissions: { origins: string[] }) => Promise<boolean>>;
let fetched: string[];

beforeEach(() => {
  fetched = [];
  vi.stubGlobal('fetch', async (url: URL) => {
    fetched.push(url.origin);
    return new Response('[]', { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser grants every host but `denied`. */
function grantAllBut(denied: string | null) {
  contains = vi.fn(async ({ origins }) => origins.every((origin) => origin !== denied));
  fakeBrowser.permissions.contains = contains as never;
}

it('asks the browser once for all the hosts asked at the same time', async () => {
  grantAllBut(null);
  const client = connectToGrist(access, 'key');
  await Promise.all(SITES.map((site) => client.get(site, '/api/orgs/current/workspaces', anyJsonSchema)));
  expect(contains.mock.calls).toEqual([[{ origins: SITES.map((site) => `${site}/*`) }]]);
  expect(fetched.sort()).toEqual(SITES);
  // Asked again in the same client, the answer is remembered.
  await client.get(SITES[1]!, '/api/orgs', anyJsonSchema);
  expect(contains).toHaveBeenCalledOnce();
});

it('refuses only the host that is not granted, without sending it anything', async () => {
  grantAllBut('https://b.example.com/*');
  const client = connectToGrist(access, 'key');
  const results = await Promise.allSettled(SITES.map((site) => client.get(site, '/api/orgs/current/workspaces', anyJsonSchema)));
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(results[1]).toMatchObject({ reason: { kind: 'no-host-permission' } });
  expect(fetched.sort()).toEqual([SITES[0], SITES[2]]);
});
