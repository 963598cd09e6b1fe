/**
 * changes/pipeline.ts: a change whose answer was lost is read back, never sent again blindly;
 * Grist's refusals are said in the kind's words.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { moveDocument } from '../../../../src/background/changes/kinds/move.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import { DOCS, ORGS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { calls, failure, grist, patches, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist();

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
