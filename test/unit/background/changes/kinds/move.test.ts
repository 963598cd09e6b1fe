/**
 * changes/move.ts: moving a document through the change pipeline, checked against the worker's
 * listing, and its undo.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { moveDocument } from '../../../../../src/background/changes/kinds/move.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { DOCS, ORGS, sampleSeed, USERS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../../../../fake-grist/server.ts';
import { ACCOUNT_1, saveSettingsWithKey } from '../../../../setup/saved-key.ts';



describe('moving a document in the worker', () => {
  let grist: FakeGrist;
  const { roadmap, leads, projectAlpha, personalBudget } = DOCS;
  const { engineering, marketing, projects } = WORKSPACES;

  async function connectAs(user: (typeof USERS)[keyof typeof USERS], seed = sampleSeed): Promise<void> {
    await grist?.close();
    grist = await startFakeGrist({ mode: 'org-in-path', seed });
    await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, user.apiKey);
    await refreshListing();
    grist.clearRequests();
  }
  const patches = () => grist.requests.filter((request) => request.method === 'PATCH');
  /** Where the cached listing has a document: `<site domain>/<workspace id>`, and its urlId. */
  async function cached(docId: string) {
    for (const site of (await readListing())?.sites ?? []) {
      for (const workspace of site.workspaces) {
        const document = workspace.documents.find((entry) => entry.id === docId);
        if (document) return { at: `${site.domain}/${workspace.id}`, urlId: document.urlId };
      }
    }
    return null;
  }
  const error = (promise: Promise<unknown>) => promise.then(() => null, (failure: { kind: string; message: string }) => ({ kind: failure.kind, message: failure.message }));

  beforeEach(() => {
    fakeBrowser.permissions.contains = (async () => true) as never;
  });
  afterEach(async () => {
    await grist.close();
  });

  it('within a site: one PATCH to the document’s own site, as JSON and with no Origin; Grist and the cached listing have it there', async () => {
    await connectAs(USERS.owner);
    const moved = await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } });
    const to = { site: { orgId: ORGS.acme.id, name: ORGS.acme.name, url: `${grist.url}/o/acme` }, workspace: { id: marketing.id, name: 'Marketing' } };
    expect(moved).toEqual({ to, entryId: expect.any(String) });
    expect((await readChangeLog())[0]).toMatchObject({
      id: moved.entryId,
      account: ACCOUNT_1,
      kind: 'move',
      target: { kind: 'document', id: roadmap.id },
      name: roadmap.name,
      site: { orgId: ORGS.acme.id, url: `${grist.url}/o/acme` },
      workspace: { id: engineering.id, name: 'Engineering' },
      to,
      source: 'popup',
    });
    expect(patches()).toEqual([expect.objectContaining({ path: `/o/acme/api/docs/${roadmap.id}/move`, contentType: 'application/json', origin: undefined })]);
    expect(grist.doc(roadmap.id)?.workspaceId).toBe(marketing.id);
    expect(await cached(roadmap.id)).toEqual({ at: `acme/${marketing.id}`, urlId: roadmap.urlId });
  });

  it('across sites: sent through the site it leaves; listed under its new site, reached by its id', async () => {
    await connectAs(USERS.owner);
    await moveDocument({ orgId: ORGS.globex.id, docId: projectAlpha.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } });
    expect(patches().map((request) => request.path)).toEqual([`/o/globex/api/docs/${projectAlpha.id}/move`]);
    expect(grist.doc(projectAlpha.id)).toMatchObject({ workspaceId: engineering.id, urlId: null });
    expect(await cached(projectAlpha.id)).toEqual({ at: `acme/${engineering.id}`, urlId: projectAlpha.id });
    // And a refresh agrees with what was recorded.
    await refreshListing();
    expect(await cached(projectAlpha.id)).toEqual({ at: `acme/${engineering.id}`, urlId: projectAlpha.id });
  });

  it('the history says where a move was asked: the document window’s way in, or the popup', async () => {
    await connectAs(USERS.owner);
    await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id }, source: 'shortcut' });
    await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } });
    expect((await readChangeLog()).map((entry) => [entry.kind, entry.source])).toEqual([
      ['move', 'popup'],
      ['move', 'shortcut'],
    ]);
  });

  it('moved there by someone else meanwhile: Grist’s 400 is said as “already there”', async () => {
    await connectAs(USERS.owner);
    grist.injectFault({ method: 'PATCH', path: /\/move$/, status: 400, body: '{"error":"doc is already in destination workspace"}', contentType: 'application/json', times: 1 });
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } }))).toEqual({
      kind: 'bad-request',
      message: `“${roadmap.name}” is in “Marketing” already.`,
    });
  });

  it('an editor moves a document they own to a workspace they edit', async () => {
    await connectAs(USERS.editor);
    await moveDocument({ orgId: ORGS.acme.id, docId: leads.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } });
    expect(grist.doc(leads.id)?.workspaceId).toBe(engineering.id);
  });

  it('sends nothing for a document not owned, a destination not editable or not listed, or the workspace it is in', async () => {
    await connectAs(USERS.editor);
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } }))).toEqual({
      kind: 'forbidden',
      message: `Only the owners of “${roadmap.name}” can move it.`,
    });
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: leads.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } }))).toEqual({
      kind: 'invalid-input',
      message: `“${leads.name}” is in “Marketing” already.`,
    });
    // Globex is not the editor's: not in their listing, so no destination.
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: leads.id, to: { orgId: ORGS.globex.id, workspaceId: projects.id } }))).toMatchObject({ kind: 'not-found' });

    expect(patches()).toEqual([]);

    // A viewer of Acme owns none of its documents.
    await connectAs(USERS.viewer);
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } }))).toMatchObject({ kind: 'forbidden' });
    expect(patches()).toEqual([]);
  });

  it('Grist’s support workspace is never a source or a destination: not listed, so nothing is sent', async () => {
    const support = { id: 99, orgId: ORGS.ownerPersonal.id, name: 'Examples & Templates', createdAt: engineering.createdAt, updatedAt: engineering.updatedAt, isSupportWorkspace: true };
    const example = { ...personalBudget, id: 'exampleDoc00000000000a', urlId: 'exampleDoc00', name: 'Lightweight CRM', workspaceId: support.id };
    await connectAs(USERS.owner, { ...sampleSeed, workspaces: [...sampleSeed.workspaces, support], docs: [...sampleSeed.docs, example] });
    expect((await readListing())?.sites.flatMap((site) => site.workspaces.map((workspace) => workspace.id))).not.toContain(support.id);
    expect(await error(moveDocument({ orgId: ORGS.ownerPersonal.id, docId: example.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } }))).toMatchObject({ kind: 'not-found' });
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.ownerPersonal.id, workspaceId: support.id } }))).toMatchObject({ kind: 'not-found' });
    expect(patches()).toEqual([]);
    expect(grist.doc(example.id)?.workspaceId).toBe(support.id);
  });

  it('a plan’s refusal is said in Grist’s words with the site named, and is never sent again (402, billing 429)', async () => {
    const withGlobexPlan = (plan: NonNullable<(typeof sampleSeed.orgs)[number]['plan']>) => ({
      ...sampleSeed,
      orgs: sampleSeed.orgs.map((org) => (org.id === ORGS.globex.id ? { ...org, plan } : org)),
    });
    const cases: Array<[NonNullable<(typeof sampleSeed.orgs)[number]['plan']>, string]> = [
      [{ maxDocs: 2 }, 'No more documents permitted (limit 2)'],
      [{ readonly: 'billing' }, 'Site is in readonly mode due to billing issues'],
      [{ readonly: 'yes' }, 'Site is in readonly mode'],
    ];
    for (const [plan, words] of cases) {
      await connectAs(USERS.owner, withGlobexPlan(plan));
      expect(await error(moveDocument({ orgId: ORGS.ownerPersonal.id, docId: personalBudget.id, to: { orgId: ORGS.globex.id, workspaceId: projects.id } }))).toEqual({
        kind: 'forbidden',
        message: `${ORGS.globex.name} did not accept the document: ${words}.`,
      });
      expect(patches()).toHaveLength(1);
      expect(await cached(personalBudget.id)).toEqual({ at: `${ORGS.ownerPersonal.domain}/${WORKSPACES.ownerHome.id}`, urlId: personalBudget.urlId });
    }
  });

  it('an answer lost after Grist moved it: read back, said moved, not sent again', async () => {
    await connectAs(USERS.owner);
    grist.injectFault({ method: 'PATCH', path: /\/move$/, loseAnswer: true, times: 1 });
    await moveDocument({ orgId: ORGS.globex.id, docId: projectAlpha.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } });
    expect(patches()).toHaveLength(1);
    expect(grist.requests.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual([`/o/acme/api/docs/${projectAlpha.id}`]);
    expect(await cached(projectAlpha.id)).toEqual({ at: `acme/${engineering.id}`, urlId: projectAlpha.id });
  });

  it('an answer lost before Grist moved it: read back where it is, said not moved', async () => {
    await connectAs(USERS.owner);
    grist.injectFault({ method: 'PATCH', path: /\/move$/, drop: true, times: 1 });
    expect(await error(moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } }))).toEqual({
      kind: 'network',
      message: `Grist did not answer in time, and “${roadmap.name}” was not moved. Try again.`,
    });
    expect(patches()).toHaveLength(1);
    expect(grist.doc(roadmap.id)?.workspaceId).toBe(engineering.id);
    expect(await cached(roadmap.id)).toEqual({ at: `acme/${engineering.id}`, urlId: roadmap.urlId });
  });

  describe('undone from the history', () => {
    it('within a site: read back, moved back with one PATCH, recorded as an undo, the move marked undone', async () => {
      await connectAs(USERS.owner);
      const moved = await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } });
      grist.clearRequests();
      const undone = await undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: roadmap.id } });
      expect(undone).toEqual({ outcome: 'restored', name: roadmap.name, entryId: expect.any(String) });
      expect(grist.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /o/acme/api/docs/${roadmap.id}`, `PATCH /o/acme/api/docs/${roadmap.id}/move`]);
      expect(grist.doc(roadmap.id)?.workspaceId).toBe(engineering.id);
      expect(await cached(roadmap.id)).toEqual({ at: `acme/${engineering.id}`, urlId: roadmap.urlId });
      const [undo, move] = await readChangeLog();
      expect(undo).toMatchObject({ account: ACCOUNT_1, kind: 'move', source: 'undo', workspace: { id: marketing.id }, to: { workspace: { id: engineering.id } } });
      expect(move).toMatchObject({ id: moved.entryId, undoneBy: undo!.id });
    });

    it('across sites: sent through the site it went to; back home, its old links still broken', async () => {
      await connectAs(USERS.owner);
      const moved = await moveDocument({ orgId: ORGS.globex.id, docId: projectAlpha.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } });
      grist.clearRequests();
      expect(await undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: projectAlpha.id } })).toMatchObject({ outcome: 'restored' });
      expect(patches().map((request) => request.path)).toEqual([`/o/acme/api/docs/${projectAlpha.id}/move`]);
      expect(grist.doc(projectAlpha.id)).toMatchObject({ workspaceId: projects.id, urlId: null });
      expect(await cached(projectAlpha.id)).toEqual({ at: `globex/${projects.id}`, urlId: projectAlpha.id });
    });

    it('renamed since, where the move put it: nothing sent, its name now said; “anyway” moves it back', async () => {
      await connectAs(USERS.owner);
      const moved = await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } });
      const response = await fetch(`${grist.url}/o/acme/api/docs/${roadmap.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Roadmap (final)' }),
      });
      expect(response.status).toBe(200);
      grist.clearRequests();
      expect(await undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'Roadmap (final)', renamed: true });
      expect(patches()).toEqual([]);
      expect(await undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: roadmap.id }, force: true })).toMatchObject({ outcome: 'restored' });
      expect(grist.doc(roadmap.id)).toMatchObject({ workspaceId: engineering.id, name: 'Roadmap (final)' });
    });

    it('moved elsewhere since: nothing sent, where it is now said; “anyway” moves it back', async () => {
      await connectAs(USERS.owner);
      const moved = await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: marketing.id } });
      await moveDocument({ orgId: ORGS.acme.id, docId: roadmap.id, to: { orgId: ORGS.acme.id, workspaceId: WORKSPACES.acmeHome.id } });
      grist.clearRequests();
      expect(await undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: roadmap.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'Home' });
      expect(patches()).toEqual([]);
      expect(await undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: roadmap.id }, force: true })).toMatchObject({ outcome: 'restored' });
      expect(grist.doc(roadmap.id)?.workspaceId).toBe(engineering.id);
    });

    it('gone from the site it went to: said, nothing sent', async () => {
      await connectAs(USERS.owner);
      const moved = await moveDocument({ orgId: ORGS.globex.id, docId: projectAlpha.id, to: { orgId: ORGS.acme.id, workspaceId: engineering.id } });
      // Moved on to another site behind the extension's back.
      await moveDocument({ orgId: ORGS.acme.id, docId: projectAlpha.id, to: { orgId: ORGS.ownerPersonal.id, workspaceId: WORKSPACES.ownerHome.id } });
      grist.clearRequests();
      expect(await error(undoChange({ entryId: moved.entryId!, target: { kind: 'document', id: projectAlpha.id } }))).toEqual({
        kind: 'not-found',
        message: `“${projectAlpha.name}” is no longer in ${ORGS.acme.name}: it was moved on or deleted since. Nothing was sent.`,
      });
      expect(patches()).toEqual([]);
    });
  });
});
