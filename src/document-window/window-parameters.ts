/** Reads the parameters the background puts in the document window's address. */
import { WINDOW_SOURCES, type WindowSource } from '../shared/protocol/change-log.ts';

/** What the document window was opened for. */
export interface WindowParameters {
  /** `url`: the document page or link URL; null when absent (a tab the extension cannot read). */
  pageUrl: string | null;
  /** `tabId`: the tab that shows the document; null for a link, or when unknown. */
  tabId: number | null;
  /** `via`: how the window was opened, for the change history: a menu entry (`page`), the shortcut, the address bar. */
  source: WindowSource;
}

/** In: `location.search`. Out: the page URL and tab id, each null when absent or unusable, and how it was opened. */
export function readWindowParameters(search: string): WindowParameters {
  const parameters = new URLSearchParams(search);
  const pageUrl = parameters.get('url') || null;
  const tabText = parameters.get('tabId') ?? '';
  // Browser tab ids are non-negative integers (-1 is `tabs.TAB_ID_NONE`); anything else means no tab.
  const tabId = /^\d+$/.test(tabText) ? Number(tabText) : null;
  const via = parameters.get('via');
  const source = WINDOW_SOURCES.find((known) => known === via) ?? 'page';
  return { pageUrl, tabId: tabId !== null && Number.isSafeInteger(tabId) ? tabId : null, source };
}
