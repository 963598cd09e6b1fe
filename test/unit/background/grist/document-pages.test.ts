/**
 * grist/document-pages.ts through the client's readPages: a document's pages from the `sql` read,
 * from the two metadata tables when access rules refuse it, none when they refuse both
 * (docs/grist-api.md "Pages of a document"). Against the fake Grist server, its answers injected in
 * Grist's shapes so each test sets exactly the refusal it is about (the fake's own pages are
 * test/fake-grist/pages.test.ts's).
 */
import { describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_REFUSAL } from '../../../../src/background/grist/api-error.ts';
import { PAGES_QUERY } from '../../../../src/background/grist/document-pages.ts';
import { createGristClient } from '../../../../src/background/grist/grist-client.ts';
import { DOCS, USERS } from '../../../fake-grist/sample-data.ts';
import { failure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ signedIn: false });

const KEY = USERS.owner.apiKey;
const client = (timeoutMs = 5000) => createGristClient({ apiKey: KEY, keyDestination: () => 'allowed', hasHostPermission: async () => true, timeoutMs, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
const docId = DOCS.bugTracker.id;
const site = () => `${grist.url}/o/acme`;
const docPath = `/api/docs/${docId}`;
const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' });
/** Grist's refusal by access rules (docs/grist-api.md "Errors and limits": 403 with Grist's JSON error). */
const refusal = json(403, { error: 'access denied' });

/** Pages moved in Grist: the third view now first, so positions and view ids differ. */
const SQL_ANSWER = {
  statement: PAGES_QUERY,
  records: [
    { fields: { id: 3, viewRef: 3, indentation: 0, pagePos: 1, name: 'Releases' } },
    { fields: { id: 1, viewRef: 1, indentation: 0, pagePos: 2, name: 'Bugs' } },
    { fields: { id: 2, viewRef: 2, indentation: 1, pagePos: 3, name: 'Open bugs' } },
  ],
};

describe("the client's readPages", () => {
  it('reads the pages in one sql request, in Grist’s order, by view id and name', async () => {
    grist.injectFault({ path: `${docPath}/sql`, ...json(200, SQL_ANSWER) });
    expect(await client().readPages(site(), docId)).toEqual([
      { viewRef: 3, name: 'Releases', indentation: 0 },
      { viewRef: 1, name: 'Bugs', indentation: 0 },
      { viewRef: 2, name: 'Open bugs', indentation: 1 },
    ]);
    const [request, ...more] = grist.requests;
    expect(more).toEqual([]);
    const url = new URL(request!.path, grist.url);
    expect([request!.method, url.pathname, url.searchParams.get('q'), request!.apiKey]).toEqual(['GET', `/o/acme${docPath}/sql`, PAGES_QUERY, KEY]);
  });

  it('reads the two metadata tables when access rules refuse the sql request, joined and in page order', async () => {
    grist.injectFault({ path: `${docPath}/sql`, ...refusal });
    grist.injectFault({
      path: `${docPath}/tables/_grist_Pages/records`,
      ...json(200, {
        records: [
          { id: 1, fields: { viewRef: 1, indentation: 0, pagePos: 2 } },
          { id: 2, fields: { viewRef: 2, indentation: 1, pagePos: 3 } },
          { id: 3, fields: { viewRef: 3, indentation: 0, pagePos: 1 } },
          // A page whose view is not there: left out, as the sql join leaves it out.
          { id: 4, fields: { viewRef: 9, indentation: 0, pagePos: 4 } },
        ],
      }),
    });
    grist.injectFault({ path: `${docPath}/tables/_grist_Views/records`, ...json(200, { records: [{ id: 1, fields: { name: 'Bugs' } }, { id: 2, fields: { name: 'Open bugs' } }, { id: 3, fields: { name: 'Releases' } }] }) });
    expect(await client().readPages(site(), docId)).toEqual([
      { viewRef: 3, name: 'Releases', indentation: 0 },
      { viewRef: 1, name: 'Bugs', indentation: 0 },
      { viewRef: 2, name: 'Open bugs', indentation: 1 },
    ]);
    expect(grist.requests.map((request) => new URL(request.path, grist.url).pathname).sort()).toEqual(
      [`/o/acme${docPath}/sql`, `/o/acme${docPath}/tables/_grist_Pages/records`, `/o/acme${docPath}/tables/_grist_Views/records`].sort(),
    );
  });

  it('answers null when access rules refuse the sql request and the metadata tables', async () => {
    grist.injectFault({ path: `${docPath}/sql`, ...refusal });
    grist.injectFault({ path: /\/tables\/_grist_(Pages|Views)\/records$/, ...refusal });
    expect(await client().readPages(site(), docId)).toBeNull();
  });

  it('does not take the Origin trap’s 403 for access rules: it fails, with no second read', async () => {
    grist.injectFault({ path: `${docPath}/sql`, ...json(403, { error: CROSS_ORIGIN_REFUSAL }) });
    expect((await failure(client().readPages(site(), docId))).kind).toBe('forbidden');
    expect(grist.requests).toHaveLength(1);
  });

  it('fails as Grist answers for a document in the trash', async () => {
    grist.injectFault({ path: `${docPath}/sql`, ...json(404, { error: 'Document is deleted' }) });
    const error = await failure(client().readPages(site(), docId));
    expect([error.kind, error.serverMessage]).toEqual(['not-found', 'Document is deleted']);
  });

  it('fails on an answer of another shape, and on a server that never answers (the call timeout)', async () => {
    grist.injectFault({ path: `${docPath}/sql`, times: 1, ...json(200, { records: [{ fields: { viewRef: '1', name: 'Bugs' } }] }) });
    expect((await failure(client().readPages(site(), docId))).kind).toBe('bad-response');
    grist.injectFault({ path: `${docPath}/sql`, hang: true });
    expect((await failure(client(200).readPages(site(), docId))).kind).toBe('timeout');
  });
});
