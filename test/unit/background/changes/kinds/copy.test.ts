/**
 * changes/copy.ts: a copy through the change pipeline, sent once as JSON (never into Grist's
 * `new~` trap), never sent again after a lost answer (the destination is read instead), refused by
 * a plan in Grist's words, and undone by moving the copy to the trash.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { copyDocument } from '../../../../../src/background/changes/kinds/copy.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { DOCS, ORGS, sampleSeed, USERS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../../../../fake-grist/server.ts';
import { cachedDocument } from '../../../../setup/cached-documents.ts';
import { saveSettingsWithKey } from '../../../../setup/saved-key.ts';
import { configure, failure, grist, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { roadmap } = DOCS;
const { projects, marketing, viewerHome } = WORKSPACES;
const toProjects = { orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.globex.id, workspaceId: projects.id }, name: 'Roadmap for Globex', asTemplate: true };
const copyPosts = (server: FakeGrist = grist) => server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/copy'));
/** Ids of the fake's documents called `name` (through its own listing, as the owner sees Globex). */
async function listedIn(server: FakeGrist, name: string, site = 'globex'): Promise<string[]> {
  const response = await fetch(`${server.url}/o/${site}/api/orgs/current/workspaces`, { headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  const workspaces = (await response.json()) as Array<{ docs: Array<{ id: string; name: string }> }>;
  return workspaces.flatMap((workspace) => workspace.docs).filter((doc) => doc.name === name).map((doc) => doc.id);
}

describe('copying a document', () => {
  it('to another site of the server: one POST …/copy through the source’s site, as JSON; Grist has the copy, the cached listing and the log too', async () => {
    grist.clearRequests();
    const copied = await copyDocument(toProjects);
    expect(copyPosts().map(({ path, contentType, origin, body }) => [path, contentType, origin, JSON.parse(body)])).toEqual([
      [`/o/acme/api/docs/${roadmap.id}/copy`, 'application/json', undefined, { workspaceId: projects.id, documentName: 'Roadmap for Globex', asTemplate: true }],
    ]);
    expect(grist.doc(copied.id)).toMatchObject({ name: 'Roadmap for Globex', workspaceId: projects.id, copyOf: { docId: roadmap.id, asTemplate: true } });
    expect(copied.to).toEqual({ site: { orgId: ORGS.globex.id, name: 'Globex Inc', url: `${grist.url}/o/globex` }, workspace: { id: projects.id, name: 'Projects' } });
    expect((await cachedDocument(copied.id))?.at).toBe(`globex/${projects.id}`);
    expect((await readChangeLog())[0]).toMatchObject({
      id: copied.entryId,
      kind: 'copy',
      target: { kind: 'document', id: copied.id },
      name: 'Roadmap for Globex',
      site: { orgId: ORGS.globex.id },
      copyOf: { docId: roadmap.id, name: roadmap.name, site: { orgId: ORGS.acme.id } },
    });
  });

  it('after a lost answer: never sent again; the destination is read and the copy Grist made is reported', async () => {
    grist.clearRequests();
    grist.injectFault({ method: 'POST', path: /\/copy$/, loseAnswer: true, times: 1 });
    const copied = await copyDocument(toProjects);
    expect(copyPosts()).toHaveLength(1);
    expect(await listedIn(grist, 'Roadmap for Globex')).toEqual([copied.id]);
    expect(grist.requests.some(({ method, path }) => method === 'GET' && path === `/o/globex/api/workspaces/${projects.id}`)).toBe(true);
  });

  it('after a reset before Grist made it: never sent again, "Grist’s answer did not say whether … was copied. Check …", and no copy', async () => {
    grist.clearRequests();
    grist.injectFault({ method: 'POST', path: /\/copy$/, drop: true, times: 1 });
    const error = await failure(copyDocument(toProjects));
    expect([error.kind, error.message]).toEqual(['network', 'Grist’s answer did not say whether “Roadmap for Globex” was copied. Check Globex Inc › Projects.']);
    expect(copyPosts()).toHaveLength(1);
    expect(await listedIn(grist, 'Roadmap for Globex')).toEqual([]);
  });

  it('a copy already there under the same name before the request is not taken for this one', async () => {
    await copyDocument(toProjects);
    await refreshListing();
    grist.clearRequests();
    grist.injectFault({ method: 'POST', path: /\/copy$/, drop: true, times: 1 });
    expect((await failure(copyDocument(toProjects))).kind).toBe('network');
    expect(await listedIn(grist, 'Roadmap for Globex')).toHaveLength(1);
  });

  it('an unsaved `new~` answer (Grist did not read the body as JSON) is reported as nothing copied, not logged', async () => {
    grist.injectFault({ method: 'POST', path: /\/copy$/, status: 200, body: '"new~Xp2QaBTXv7kWz3YcUeRt9s~5"', contentType: 'application/json', times: 1 });
    const error = await failure(copyDocument(toProjects));
    expect([error.kind, error.message]).toEqual(['bad-response', 'Grist did not save the copy “Roadmap for Globex”. Nothing was copied.']);
    expect((await readChangeLog()).filter((entry) => entry.kind === 'copy')).toEqual([]);
  });

  it('checks the destination first: a workspace the user may only view is refused with nothing sent', async () => {
    await configure(USERS.viewer.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(copyDocument({ ...toProjects, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } }));
    expect(error.kind).toBe('forbidden');
    expect(copyPosts()).toEqual([]);
    // A viewer may copy into their own site.
    const own = await copyDocument({ ...toProjects, to: { orgId: ORGS.viewerPersonal.id, workspaceId: viewerHome.id } });
    expect(grist.doc(own.id)).toMatchObject({ workspaceId: viewerHome.id, shares: { [USERS.viewer.id]: 'owners' } });
  });

  it('is undone by moving the copy to the trash; the source is untouched', async () => {
    const copied = await copyDocument(toProjects);
    expect(await undoChange({ entryId: copied.entryId!, target: { kind: 'document', id: copied.id } })).toMatchObject({ outcome: 'restored' });
    expect(grist.doc(copied.id)?.removedAt).toEqual(expect.any(String));
    expect(grist.doc(roadmap.id)?.removedAt).toBeUndefined();
    expect(await cachedDocument(copied.id)).toBeNull();
  });
});

describe('a destination site’s plan refusing the copy', () => {
  let planned: FakeGrist | undefined;
  afterEach(async () => {
    await planned?.close();
  });

  it('is shown in Grist’s words, and never sent again', async () => {
    const seed = { ...sampleSeed, orgs: sampleSeed.orgs.map((org) => (org.id === ORGS.globex.id ? { ...org, plan: { maxDocs: 2 } } : org)) };
    planned = await startFakeGrist({ mode: 'org-in-path', seed });
    await saveSettingsWithKey({ personalSiteUrl: `${planned.url}/o/docs`, teamSiteUrls: [] }, USERS.owner.apiKey);
    await refreshListing();
    const error = await failure(copyDocument(toProjects));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Globex Inc did not accept the copy: No more documents permitted (limit 2).']);
    expect(copyPosts(planned)).toHaveLength(1);
  });
});

describe('copies and lost answers, each request its own copy', () => {
  it('a copy not made after a lost answer is not taken for another copy of the same name made just before', async () => {
    const first = await copyDocument(toProjects);
    grist.clearRequests();
    // A proxy's 502, Grist never made this one: the first copy, same name, same workspace, is not it.
    grist.injectFault({ method: 'POST', path: /\/copy$/, status: 502, times: 1 });
    const error = await failure(copyDocument({ ...toProjects, docId: DOCS.bugTracker.id }));
    expect(error.message).toContain('did not say whether “Roadmap for Globex” was copied');
    expect(await listedIn(grist, 'Roadmap for Globex')).toEqual([first.id]);
  });
});
