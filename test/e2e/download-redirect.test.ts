/**
 * A download answered with a redirect to another origin, in Chromium against the fake Grist: the
 * extension's own calls refuse redirects (grist-client.ts), but a download is the browser's, which
 * follows them. The README promises the key never goes to "a host a redirect points to": this
 * checks what the second server, on 127.0.0.1 at another port (another origin), received.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Reply } from '../../src/shared/protocol/messages.ts';
import { DOCS, ORGS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { loadExtension, type LoadedExtension } from './extension.ts';
import { POPUP_PAGE, saveOptions } from './user-actions.ts';

let grist: FakeGrist;
let other: Server;
let otherUrl: string;
/** Every request the other origin received: its path and headers. */
const otherRequests: { path: string; headers: IncomingHttpHeaders }[] = [];
let extension: LoadedExtension;
let folder: string;
let page: Page;

beforeAll(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  other = createServer((request, response) => {
    otherRequests.push({ path: request.url!, headers: request.headers });
    const body = Buffer.from('SQLite format 3\0 from elsewhere');
    response.writeHead(200, { 'Content-Type': 'application/x-sqlite3', 'Content-Length': body.length });
    response.end(body);
  });
  await new Promise<void>((listening) => other.listen(0, '127.0.0.1', listening));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  folder = await mkdtemp(join(tmpdir(), 'grist-download-redirect-'));
  extension = await loadExtension([], {}, { grantDownloads: true, downloadFolder: folder });
  await (await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${grist.url}/o/docs` })).close();
  page = await extension.openPage(POPUP_PAGE);
  expect(await page.evaluate(() => chrome.runtime.sendMessage({ type: 'refreshListing', request: null }))).toMatchObject({ ok: true });
});

afterAll(async () => {
  await extension?.close();
  await grist?.close();
  await new Promise((closed) => other?.close(closed));
  if (folder) await rm(folder, { recursive: true, force: true });
});

// KNOWN LEAK, measured here in Debian's Chromium: `downloads.download` follows a cross-origin 302
// or 307 and sends the extension's Authorization header to the other origin with the key. A
// declarativeNetRequest modifyHeaders rule on the Grist host's response (`location` removed, or set
// to `data:,`; with and without initiatorDomains) did not stop it: the rule does not act on the
// download's request. Nor does any: an unconditional DNR `block` of `/download` on every resource
// type, a `modifyHeaders` removing the redirected request's `authorization`, and `webRequest`
// listeners on <all_urls> all saw nothing of the downloads an extension starts (Chromium 156). `it.fails` keeps this as a guard: it turns red once the leak is fixed, and
// the `fails` is then to be dropped.
for (const status of [302, 307]) {
  it.fails(`a download Grist answers with a ${status} to another origin does not carry the key there`, async () => {
    otherRequests.length = 0;
    grist.injectFault({ path: `/api/docs/${DOCS.bugTracker.id}/download`, status, headers: { Location: `${otherUrl}/elsewhere.grist` } });
    const reply = await page.evaluate(
      (request) => chrome.runtime.sendMessage({ type: 'downloadDocument', request }) as Promise<Reply<'downloadDocument'>>,
      { orgId: ORGS.acme.id, docId: DOCS.bugTracker.id, format: 'grist' },
    );
    grist.clearFaults();
    // The redirect was taken to the fake Grist with the key...
    expect(grist.requests.filter((request) => request.path.startsWith(`/o/acme/api/docs/${DOCS.bugTracker.id}/download`)).at(-1)).toMatchObject({ hasAuthorization: true });
    // ...and whatever the browser did with it, the other origin never saw the key.
    for (const request of otherRequests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request)).not.toContain(USERS.owner.apiKey);
    }
    expect(JSON.stringify(reply)).not.toContain(USERS.owner.apiKey);
  });
}
