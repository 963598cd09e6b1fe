/**
 * The browser's menu entries on the accounts' Grist sites (host-policy.ts): "Rename this Grist
 * document…" on document pages, "Rename this Grist workspace…" on workspace pages, "Rename linked
 * Grist document…" on links to them, rebuilt whenever the hosts the keys may go to change
 * (account-writes.ts), as the Origin rule is (origin-rule.ts). What a click opens:
 * document-window/triggers.ts.
 */
import browser from 'webextension-polyfill';
import { parseDocumentUrl, parseWorkspaceUrl } from '../grist/document-url.ts';
import { t } from '../../shared/i18n.ts';
import { gristSitePatterns, isGristSiteUrl, readAccounts, type SiteAccess } from '../grist/host-policy.ts';

export const PAGE_MENU_ID = 'open-this-document';
export const WORKSPACE_MENU_ID = 'open-this-workspace';
export const LINK_MENU_ID = 'open-linked-document';
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
