/**
 * The context menu, the shortcut and the dialog's messages, with an in-memory `browser` and the
 * fake Grist server.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/background/grist/api-error.ts';
import { getDocumentAtUrl, renameDocumentAtUrl } from '../../src/background/rename-window/document-at-url.ts';
import { refreshListing } from '../../src/background/listing/listing-service.ts';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import { moveDocument } from '../../src/background/changes/move.ts';
import {
  LINK_MENU_ID,
  onCommand,
  onMenuClicked,
  PAGE_MENU_ID,
  WORKSPACE_MENU_ID,
  showPageMenuFor,
  syncContextMenus,
} from '../../src/background/triggers/rename-triggers.ts';
import { readAccounts } from '../../src/background/grist/host-policy.ts';
import { apiKeysItem } from '../../src/shared/storage-items.ts';
import { DOCS, ORGS, USERS, WORKSPACES } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { ACCOUNT_1, saveSettingsWithKey } from '../setup/saved-key.ts';

let grist: FakeGrist;
const menus = { create: vi.fn(), update: vi.fn(async () => undefined), removeAll: vi.fn(async () => undefined) };
const createWindow = vi.fn(async () => ({}));

beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
  for (const stub of [...Object.values(menus), createWindow]) stub.mockClear();
  Object.assign(fakeBrowser.contextMenus, menus);
  fakeBrowser.windows.create = createWindow as never;
  fakeBrowser.permissions.contains = (async () => true) as never;
  await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: ['https://grist.initech.com'] }, USERS.owner.apiKey);
});
afterEach(async () => {
  await grist.close();
});

const dialogUrl = () => new URL((createWindow.mock.calls[0] as unknown as [{ url: string }])[0].url);

describe('the menu entries', () => {
  it('are built for the configured hosts only, the page entry hidden until a document page is active', async () => {
    await syncContextMenus(await readAccounts());
    expect(menus.removeAll).toHaveBeenCalledOnce();
    expect(menus.create.mock.calls.map(([entry]) => entry)).toEqual([
      {
        id: PAGE_MENU_ID,
        title: 'Rename this Grist document…',
        contexts: ['page'],
        documentUrlPatterns: ['http://127.0.0.1/*', 'https://grist.initech.com/*'],
        visible: false,
      },
      {
        id: WORKSPACE_MENU_ID,
        title: 'Rename this Grist workspace…',
        contexts: ['page'],
        documentUrlPatterns: ['http://127.0.0.1/*', 'https://grist.initech.com/*'],
        visible: false,
      },
      {
        id: LINK_MENU_ID,
        title: 'Rename linked Grist document…',
        contexts: ['link'],
        targetUrlPatterns: ['http://127.0.0.1/*', 'https://grist.initech.com/*'],
      },
    ]);
  });

  it('cover exactly the configured hosts and the team hosts Grist listed: no parent domain', async () => {
    await saveSettingsWithKey({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] }, USERS.owner.apiKey, ['https://acme.getgrist.com']);
    await syncContextMenus(await readAccounts());
    expect(menus.create.mock.calls.map(([entry]) => entry.targetUrlPatterns ?? entry.documentUrlPatterns)).toEqual([
      ['https://docs.getgrist.com/*', 'https://acme.getgrist.com/*'],
      ['https://docs.getgrist.com/*', 'https://acme.getgrist.com/*'],
      ['https://docs.getgrist.com/*', 'https://acme.getgrist.com/*'],
    ]);
  });

  it.each(['www', 'community', 'support'])('the page entry stays hidden on a %s.getgrist.com page shaped like a document', async (host) => {
    await saveSettingsWithKey({ personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] }, USERS.owner.apiKey, ['https://acme.getgrist.com']);
    await showPageMenuFor(`https://${host}.getgrist.com/${DOCS.roadmap.urlId}/Roadmap-2026`);
    expect(menus.update).toHaveBeenCalledWith(PAGE_MENU_ID, { visible: false });
    await showPageMenuFor(`https://acme.getgrist.com/${DOCS.roadmap.urlId}/Roadmap-2026`);
    expect(menus.update).toHaveBeenCalledWith(PAGE_MENU_ID, { visible: true });
  });

  it.each([
    ['a document page', (url: string) => `${url}/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026/p/2`, true, false],
    ['a workspace page', (url: string) => `${url}/o/acme/ws/${WORKSPACES.engineering.id}/`, false, true],
    ['a team home page', (url: string) => `${url}/o/acme/`, false, false],
    ['a fork', (url: string) => `${url}/o/acme/doc/${DOCS.roadmap.urlId}~abcdefghijkl`, false, false],
    ['a page of an unconfigured site', () => `https://grist.evil.com/${DOCS.roadmap.urlId}/Roadmap-2026`, false, false],
    ['a workspace page of an unconfigured site', () => `https://grist.evil.com/ws/7/`, false, false],
    ['a tab the extension cannot read', () => undefined, false, false],
  ])('the page entries on %s: document %s, workspace %s', async (_name, url, document, workspace) => {
    await showPageMenuFor(url(grist.url));
    expect(menus.update).toHaveBeenCalledWith(PAGE_MENU_ID, { visible: document });
    expect(menus.update).toHaveBeenCalledWith(WORKSPACE_MENU_ID, { visible: workspace });
  });
});

describe('opening the dialog', () => {
  it('the page entry opens it for the page’s document and tab', async () => {
    const pageUrl = `${grist.url}/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026`;
    await onMenuClicked({ menuItemId: PAGE_MENU_ID, pageUrl, editable: false, modifiers: [] }, { id: 7 } as never);
    expect(createWindow).toHaveBeenCalledWith(expect.objectContaining({ type: 'popup' }));
    expect(dialogUrl().pathname).toBe('/src/dialog/index.html');
    expect(Object.fromEntries(dialogUrl().searchParams)).toEqual({ url: pageUrl, tabId: '7' });
  });

  it('the workspace entry opens it for the page’s workspace and tab', async () => {
    const pageUrl = `${grist.url}/o/acme/ws/${WORKSPACES.engineering.id}/`;
    await onMenuClicked({ menuItemId: WORKSPACE_MENU_ID, pageUrl, editable: false, modifiers: [] }, { id: 8 } as never);
    expect(Object.fromEntries(dialogUrl().searchParams)).toEqual({ url: pageUrl, tabId: '8' });
  });

  it('the link entry opens it for the linked document, with no tab to reload', async () => {
    const linkUrl = `${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`;
    await onMenuClicked({ menuItemId: LINK_MENU_ID, linkUrl, pageUrl: 'https://example.com/', editable: false, modifiers: [] }, { id: 7 } as never);
    expect(Object.fromEntries(dialogUrl().searchParams)).toEqual({ url: linkUrl });
  });

  it('the shortcut opens it for the active tab, and without a URL where the tab cannot be read', async () => {
    await onCommand('rename-document', { id: 3 } as never);
    expect(Object.fromEntries(dialogUrl().searchParams)).toEqual({ tabId: '3', via: 'shortcut' });
  });
});

describe('the dialog’s messages', () => {
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
