/**
 * document-window/document-at-url.ts: the document window's messages, a document or workspace looked
 * up from its page's URL, and renamed.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/background/grist/api-error.ts';
import { getDocumentAtUrl, renameDocumentAtUrl } from '../../../../src/background/document-window/document-at-url.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { readListing } from '../../../../src/background/listing/listing-cache.ts';
import { moveDocument } from '../../../../src/background/changes/kinds/move.ts';
import { apiKeysItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { ACCOUNT_1 } from '../../../setup/saved-key.ts';
import { grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ teamSiteUrls: ['https://grist.initech.com'] });

describe('the document window’s messages', () => {
  it('find the document of a page URL, with whether the user may rename it and where it is', async () => {
    const found = await getDocumentAtUrl({ pageUrl: `${grist.url}/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026/p/2#a1` });
    expect(found).toEqual({
      kind: 'document',
      account: ACCOUNT_1,
      orgId: ORGS.acme.id,
      siteUrl: `${grist.url}/o/acme`,
      docId: DOCS.roadmap.id,
      name: 'Roadmap 2026',
      canRename: true,
      siteName: 'Acme Corp',
      workspace: { id: WORKSPACES.engineering.id, name: 'Engineering' },
    });
  });

  it('say where a document is as Grist answers it: moved to another site, its new site and workspace', async () => {
    await refreshListing();
    await moveDocument({ orgId: ORGS.acme.id, docId: DOCS.roadmap.id, to: { orgId: ORGS.globex.id, workspaceId: WORKSPACES.projects.id } });
    // Grist dropped its urlId: it is reached by its id, through its new site.
    const found = await getDocumentAtUrl({ pageUrl: `${grist.url}/o/globex/${DOCS.roadmap.id}/Roadmap-2026` });
    expect(found).toMatchObject({ orgId: ORGS.globex.id, siteName: 'Globex Inc', workspace: { id: WORKSPACES.projects.id, name: 'Projects' } });
  });

  it('find the workspace of a workspace page; rename it through the URL with one PATCH to its site', async () => {
    const pageUrl = `${grist.url}/o/acme/ws/${WORKSPACES.engineering.id}/`;
    expect(await getDocumentAtUrl({ pageUrl })).toEqual({
      kind: 'workspace',
      account: ACCOUNT_1,
      orgId: ORGS.acme.id,
      siteUrl: `${grist.url}/o/acme`,
      docId: `workspace:${WORKSPACES.engineering.id}`,
      name: 'Engineering',
      canRename: true,
    });
    await refreshListing();
    grist.clearRequests();
    expect(await renameDocumentAtUrl({ pageUrl, name: 'R&D', source: 'shortcut' })).toEqual({ name: 'R&D', entryId: expect.any(String) });
    expect(grist.requests.filter((request) => request.method === 'PATCH').map((request) => request.path)).toEqual([`/o/acme/api/workspaces/${WORKSPACES.engineering.id}`]);
    expect(grist.workspace(WORKSPACES.engineering.id)?.name).toBe('R&D');
    await apiKeysItem.set({ [ACCOUNT_1]: USERS.editor.apiKey });
    expect((await getDocumentAtUrl({ pageUrl })).canRename).toBe(false);
  });

  it('never offers Grist’s support workspace (its examples and templates), even to an owner', async () => {
    const support = { id: 99, name: 'Examples & Templates', access: 'owners', isSupportWorkspace: true, docs: [], org: { id: ORGS.ownerPersonal.id, name: 'Personal' } };
    grist.injectFault({ method: 'GET', path: '/o/docs/api/workspaces/99', status: 200, body: JSON.stringify(support), contentType: 'application/json' });
    expect(await getDocumentAtUrl({ pageUrl: `${grist.url}/o/docs/ws/99/` })).toMatchObject({ kind: 'workspace', name: 'Examples & Templates', canRename: false });
    // Asked anyway (the window offers no field for it): refused, nothing sent.
    grist.clearRequests();
    await expect(renameDocumentAtUrl({ pageUrl: `${grist.url}/o/docs/ws/99/`, name: 'Mine' })).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/Examples & Templates/) });
    expect(grist.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('tell a viewer they cannot rename', async () => {
    await apiKeysItem.set({ [ACCOUNT_1]: USERS.viewer.apiKey });
    const found = await getDocumentAtUrl({ pageUrl: `${grist.url}/o/acme/doc/${DOCS.roadmap.urlId}` });
    expect(found.canRename).toBe(false);
  });

  it('rename through the URL: one PATCH to the document’s site, the cached listing updated', async () => {
    await refreshListing();
    grist.clearRequests();
    const pageUrl = `${grist.url}/o/acme/${DOCS.bugTracker.urlId}/Bug-Tracker`;
    expect(await renameDocumentAtUrl({ pageUrl, name: 'Bugs' })).toEqual({ name: 'Bugs', entryId: expect.any(String) });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    expect(grist.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    const cached = (await readListing())?.sites.flatMap((site) => site.workspaces.flatMap((w) => w.documents));
    expect(cached?.find((doc) => doc.id === DOCS.bugTracker.id)?.name).toBe('Bugs');
  });

  it.each([
    ['an unconfigured Grist host', 'https://grist.evil.com/o/acme/v4t59thVmUHr/Bug-Tracker', /^This page is on https:\/\/grist\.evil\.com\/o\/acme, which none of your Grist accounts has\. Add https:\/\/grist\.evil\.com\/o\/acme to an account/],
    ['a team on getgrist.com not in the options', 'https://initech.getgrist.com/v4t59thVmUHr/Bug-Tracker', /on https:\/\/initech\.getgrist\.com, which none of your Grist accounts has/],
    ['a page that is not Grist at all', 'https://example.com/', /^This page is not a Grist document\.$/],
    ['a page shaped like one, elsewhere on the web', 'https://github.com/facebookresearch/llama', /^This page is not a Grist document\.$/],
    ['a home page', '/o/acme/', /not a Grist document/],
    ['a fork', `/o/acme/doc/${DOCS.bugTracker.urlId}~abcdefghijkl`, /fork or snapshot/],
  ])('refuse %s without calling any host', async (_name, path, message) => {
    const pageUrl = path.startsWith('/') ? `${grist.url}${path}` : path;
    const error = await renameDocumentAtUrl({ pageUrl, name: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(message);
    expect(grist.requests).toHaveLength(0);
  });
});
