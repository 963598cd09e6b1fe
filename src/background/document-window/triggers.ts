/**
 * Ways to the document window without the popup: "Rename this Grist document…" on document pages,
 * "Rename this Grist workspace…" on workspace pages, "Rename linked Grist document…" on links to
 * them, and a keyboard shortcut. Each opens the document window, a small extension window that
 * renames, moves and trashes: the key and the API stay in the extension, no script runs in the
 * Grist page.
 */
import browser from 'webextension-polyfill';
import type { Menus, Tabs } from 'webextension-polyfill';
import { parseDocumentUrl, parseWorkspaceUrl } from './document-url.ts';
import type { WindowSource } from '../../shared/protocol/change-log.ts';
import { t } from '../../shared/i18n.ts';
import { gristSitePatterns, isGristSiteUrl, readAccounts, type SiteAccess } from '../grist/host-policy.ts';

export const PAGE_MENU_ID = 'open-this-document';
export const WORKSPACE_MENU_ID = 'open-this-workspace';
export const LINK_MENU_ID = 'open-linked-document';
/** The `commands` entry of manifest.json (Alt+Shift+R): it opens the document window, which renames, moves and trashes. */
export const DOCUMENT_WINDOW_COMMAND = 'open-document-window';

/** True when `url` is a document page of one of the accounts' Grist sites (forks, home pages and others are not). */
export function isDocumentPage(url: string | undefined, access: readonly SiteAccess[]): boolean {
  return url !== undefined && parseDocumentUrl(url, (candidate) => isGristSiteUrl(candidate, access)).ok;
}

/** True when `url` is a workspace page of one of the accounts' Grist sites. */
export function isWorkspacePage(url: string | undefined, access: readonly SiteAccess[]): boolean {
  return url !== undefined && parseWorkspaceUrl(url, (candidate) => isGristSiteUrl(candidate, access)).ok;
}

let menusSynced: Promise<void> = Promise.resolve();

/**
 * Rebuilds the menu entries for the accounts' Grist sites, all accounts together (host-policy.ts);
 * calls are queued so two rebuilds never interleave (creating an id that exists is an error).
 */
export function syncContextMenus(access: readonly SiteAccess[]): Promise<void> {
  menusSynced = menusSynced.then(async () => {
    await browser.contextMenus.removeAll();
    const patterns = gristSitePatterns(access);
    browser.contextMenus.create({
      id: PAGE_MENU_ID,
      title: t('menuRenameThisDocument'),
      contexts: ['page'],
      documentUrlPatterns: patterns,
      // Shown only once the active tab is known to be a document page (see showPageMenuFor).
      visible: false,
    });
    browser.contextMenus.create({
      id: WORKSPACE_MENU_ID,
      title: t('menuRenameThisWorkspace'),
      contexts: ['page'],
      documentUrlPatterns: patterns,
      visible: false,
    });
    browser.contextMenus.create({
      id: LINK_MENU_ID,
      title: t('menuRenameLinkedDocument'),
      contexts: ['link'],
      targetUrlPatterns: patterns,
    });
  });
  return menusSynced;
}

/**
 * Shows the page menu entries only while the active tab is a document page, or a workspace page.
 * `url` is the tab's URL, which the browser reveals only for hosts the extension may access:
 * other tabs read as undefined.
 */
export async function showPageMenuFor(url: string | undefined): Promise<void> {
  const access = await readAccounts();
  const [document, workspace] = [isDocumentPage(url, access), isWorkspacePage(url, access)];
  await menusSynced;
  await Promise.all([browser.contextMenus.update(PAGE_MENU_ID, { visible: document }), browser.contextMenus.update(WORKSPACE_MENU_ID, { visible: workspace })]);
}

/**
 * Opens the document window. In: the document page or link URL (undefined when unknown: the
 * window says why nothing can be renamed), the tab showing it, which the window offers to reload,
 * and how it was asked for (the rename history says where each rename was made).
 */
export async function openDocumentWindow(pageUrl: string | undefined, tabId: number | undefined, via: WindowSource = 'page'): Promise<void> {
  const params = new URLSearchParams();
  if (pageUrl) params.set('url', pageUrl);
  if (tabId !== undefined && tabId >= 0) params.set('tabId', String(tabId));
  if (via !== 'page') params.set('via', via);
  await browser.windows.create({
    url: browser.runtime.getURL(`src/document-window/index.html?${params.toString()}`),
    type: 'popup',
    width: 440,
    height: 420,
  });
}

/** `contextMenus.onClicked`: the page entries rename the page's document or workspace, the link entry the linked one. */
export async function onMenuClicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<void> {
  if (info.menuItemId === PAGE_MENU_ID || info.menuItemId === WORKSPACE_MENU_ID) await openDocumentWindow(info.pageUrl, tab?.id);
  if (info.menuItemId === LINK_MENU_ID) await openDocumentWindow(info.linkUrl, undefined);
}

/** `commands.onCommand`: the shortcut opens the document window for the active tab's document or workspace. */
export async function onCommand(command: string, tab: Tabs.Tab | undefined): Promise<void> {
  if (command === DOCUMENT_WINDOW_COMMAND) await openDocumentWindow(tab?.url, tab?.id, 'shortcut');
}
