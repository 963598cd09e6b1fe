/**
 * Ways to the document window without the popup: the menu entries on Grist pages and links
 * (key-scope/site-menus.ts builds them), and a keyboard shortcut. Each opens the document window, a small extension window that
 * renames, moves and trashes: the key and the API stay in the extension, no script runs in the
 * Grist page.
 */
import browser from 'webextension-polyfill';
import type { Menus, Tabs } from 'webextension-polyfill';
import type { WindowSource } from '../../shared/protocol/change-log.ts';
import { LINK_MENU_ID, PAGE_MENU_ID, WORKSPACE_MENU_ID } from '../key-scope/site-menus.ts';

/** The `commands` entry of manifest.json (Alt+Shift+R): it opens the document window, which renames, moves and trashes. */
export const DOCUMENT_WINDOW_COMMAND = 'open-document-window';

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
