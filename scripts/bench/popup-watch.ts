/**
 * The popup as the bench watches it: a script run before the popup's own (watchPopup: when the
 * first document shows, the drawing, the refresh's end, what storage the first-screen script
 * read), and the popups opened with it.
 */
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '../../test/e2e/extension.ts';
import { POPUP_PAGE } from '../../test/e2e/user-actions.ts';

/**
 * What the popup's first-screen script read from storage (first-screen-entry.ts), as the bench's
 * page script saw it: the stored drawing and the cache's first screen (JSON strings, or absent),
 * this popup's version and language, and when the read was answered (ms from navigation start).
 */
export interface FirstScreenRead {
  firstScreen: unknown;
  listingPreview: unknown;
  /** `<version> <language>`: firstScreenMade without the format. */
  made: string;
  at: number;
}

/** Runs before the popup's own scripts: when the first document shows, and when the refresh ends. */
export function watchPopup() {
  const marks: Record<string, number> = {};
  let listMutations = 0;
  // Documents the page receives over the listing port (an unchanged refresh should send none).
  let documentsReceived = 0;
  const connect = chrome.runtime.connect.bind(chrome.runtime);
  chrome.runtime.connect = (info: { name: string }) => {
    const port = connect(info);
    port.onMessage.addListener((part: { site?: { workspaces: { documents: unknown[] }[] } }) => {
      for (const workspace of part.site?.workspaces ?? []) documentsReceived += workspace.documents.length;
    });
    return port;
  };
  // What the first-screen script read (popup/first-screen/first-screen-entry.ts: its one read of
  // both keys), as it read it: why a drawing was not shown is judged from it (drawingMissReason).
  let firstScreenRead: FirstScreenRead | undefined;
  const storage = chrome.storage.local;
  const get = storage.get.bind(storage) as (...args: unknown[]) => Promise<Record<string, unknown>> | undefined;
  // Every argument passed on: a caller may give a callback (webextension-polyfill does), and then gets no promise.
  storage.get = ((...args: unknown[]) => {
    const answer = get(...args);
    const [keys] = args;
    if (firstScreenRead === undefined && answer instanceof Promise && Array.isArray(keys) && keys.includes('firstScreen')) {
      const made = `${chrome.runtime.getManifest().version} ${chrome.i18n.getUILanguage()}`;
      void answer.then((stored) => (firstScreenRead ??= { firstScreen: stored.firstScreen, listingPreview: stored.listingPreview, made, at: performance.now() }));
    }
    return answer;
  }) as typeof storage.get;
  Object.assign(window, {
    benchMarks: marks,
    benchListMutations: () => listMutations,
    benchDocumentsReceived: () => documentsReceived,
    benchFirstScreenRead: () => firstScreenRead,
  });
  const observer = new MutationObserver((records) => {
    const now = performance.now();
    // The list shown: the first screen drawn by the last popup (#first-screen), or the popup's own.
    if (marks.listShown === undefined && document.querySelector('a[aria-label^="Open "]')) marks.listShown = now;
    if (marks.drawingShown === undefined && document.querySelector('#first-screen a[aria-label^="Open "]')) marks.drawingShown = now;
    // The drawing in the page, with documents or not (a drawing of an empty list shows no document).
    if (marks.drawingIn === undefined && document.querySelector('#first-screen > *')) marks.drawingIn = now;
    if (marks.appShown === undefined && document.querySelector('#app a[aria-label^="Open "]')) marks.appShown = now;
    const refreshing = document.body?.textContent?.includes('Refreshing…') ?? false;
    if (refreshing) marks.refreshSeen ??= now;
    if (marks.refreshSeen !== undefined && !refreshing) marks.refreshDone ??= now;
    // Changes inside the popup's own list (not the status line, not the drawing it replaced) once
    // it was shown count as re-rendering it.
    if (marks.appShown !== undefined && marks.refreshDone === undefined) {
      // A text node's change is judged by the element holding it (a text node has no closest()).
      const inList = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest('#app :is(ul, section)') != null;
      listMutations += records.filter((record) => inList(record.target)).length;
    }
    // Its marks made, it stops: what is measured next (typing, renames) must not pay for it.
    if (marks.listShown !== undefined && marks.appShown !== undefined && marks.refreshDone !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** A watched popup (openWatchedPopup) at the size of Chrome's toolbar popup, for what is typed or clicked in it. */
export async function openSizedPopup(extension: LoadedExtension): Promise<Page> {
  const { page } = await openWatchedPopup(extension);
  await page.setViewportSize({ width: 380, height: 560 });
  return page;
}

export async function openWatchedPopup(
  extension: LoadedExtension,
): Promise<{ page: Page; marks: Record<string, number>; listMutations: number; documentsReceived: number; firstScreenRead: FirstScreenRead | undefined }> {
  const page = await extension.openPage(POPUP_PAGE);
  await page.waitForFunction(() => (window as unknown as { benchMarks: { refreshDone?: number } }).benchMarks.refreshDone !== undefined, null, { timeout: 60_000 });
  const { marks, listMutations, documentsReceived, firstScreenRead } = await page.evaluate(() => ({
    marks: (window as unknown as { benchMarks: Record<string, number> }).benchMarks,
    listMutations: (window as unknown as { benchListMutations: () => number }).benchListMutations(),
    documentsReceived: (window as unknown as { benchDocumentsReceived: () => number }).benchDocumentsReceived(),
    firstScreenRead: (window as unknown as { benchFirstScreenRead: () => FirstScreenRead | undefined }).benchFirstScreenRead(),
  }));
  return { page, marks, listMutations, documentsReceived, firstScreenRead };
}
