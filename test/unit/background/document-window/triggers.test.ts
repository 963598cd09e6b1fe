/**
 * document-window/triggers.ts: the context menu entries on the user's Grist pages and links, and
 * opening the document window.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_WINDOW_COMMAND, onCommand, onMenuClicked } from '../../../../src/background/document-window/triggers.ts';
import { LINK_MENU_ID, PAGE_MENU_ID, WORKSPACE_MENU_ID, showPageMenuFor, syncContextMenus } from '../../../../src/background/key-scope/site-menus.ts';
import { readAccounts } from '../../../../src/background/grist/host-policy.ts';
import { DOCS, USERS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import manifest from '../../../../manifest.json' with { type: 'json' };
import { startFakeGrist, type FakeGrist } from '../../../fake-grist/server.ts';
import { saveSettingsWithKey } from '../../../setup/saved-key.ts';

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

const windowUrl = () => new URL((createWindow.mock.calls[0] as unknown as [{ url: string }])[0].url);

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

describe('opening the document window', () => {
  it('the page entry opens it for the page’s document and tab', async () => {
    const pageUrl = `${grist.url}/o/acme/${DOCS.roadmap.urlId}/Roadmap-2026`;
    await onMenuClicked({ menuItemId: PAGE_MENU_ID, pageUrl, editable: false, modifiers: [] }, { id: 7 } as never);
    expect(createWindow).toHaveBeenCalledWith(expect.objectContaining({ type: 'popup' }));
    expect(windowUrl().pathname).toBe('/src/document-window/index.html');
    expect(Object.fromEntries(windowUrl().searchParams)).toEqual({ url: pageUrl, tabId: '7' });
  });

  it('the workspace entry opens it for the page’s workspace and tab', async () => {
    const pageUrl = `${grist.url}/o/acme/ws/${WORKSPACES.engineering.id}/`;
    await onMenuClicked({ menuItemId: WORKSPACE_MENU_ID, pageUrl, editable: false, modifiers: [] }, { id: 8 } as never);
    expect(Object.fromEntries(windowUrl().searchParams)).toEqual({ url: pageUrl, tabId: '8' });
  });

  it('the link entry opens it for the linked document, with no tab to reload', async () => {
    const linkUrl = `${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`;
    await onMenuClicked({ menuItemId: LINK_MENU_ID, linkUrl, pageUrl: 'https://example.com/', editable: false, modifiers: [] }, { id: 7 } as never);
    expect(Object.fromEntries(windowUrl().searchParams)).toEqual({ url: linkUrl });
  });

  it("the shortcut is the manifest's command on Alt+Shift+R, whatever the command is named", () => {
    expect(manifest.commands[DOCUMENT_WINDOW_COMMAND].suggested_key.default).toBe('Alt+Shift+R');
  });

  it('the shortcut opens it for the active tab, and without a URL where the tab cannot be read', async () => {
    await onCommand(DOCUMENT_WINDOW_COMMAND, { id: 3 } as never);
    expect(Object.fromEntries(windowUrl().searchParams)).toEqual({ tabId: '3', via: 'shortcut' });
  });
});
