/**
 * Draws the popup's first screen as data (shared/storage/first-screen.ts) and keeps it stored for the next
 * popup, which shows it before its scripts have loaded (first-screen.ts). Loaded once the popup
 * is idle: nothing here is needed to show this popup.
 */
import { computed, effect } from '@preact/signals';
import { PREVIEW_REVISION } from '../../shared/protocol/listing.ts';
import { firstScreenMade, type FirstScreen, type SnapshotNode } from '../../shared/storage/first-screen.ts';
import type { PopupStore } from '../store-types.ts';

const HTML = 'http://www.w3.org/1999/xhtml';

/** The attributes of `element`, by name. */
function attributesOf(element: Element): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) attributes[attribute.name] = attribute.value;
  return attributes;
}

/**
 * The snapshot of `element` and what it holds, as drawn now. Left out: elements whose top lies
 * below `bottom` (px from the top of the viewport: rows of the list out of sight), those `leaveOut`
 * (a selector) matches, the content of live regions (what they said was news to this popup, not
 * to the next), and comments.
 */
export function takeSnapshot(element: Element, bottom: number, leaveOut?: string): SnapshotNode {
  const attributes = attributesOf(element);
  const live = element.getAttribute('role') === 'status' || element.hasAttribute('aria-live');
  const children: SnapshotNode[] = [];
  if (!live) {
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) children.push(child.textContent ?? '');
      else if (child instanceof Element && child.namespaceURI === HTML && !(leaveOut && child.matches(leaveOut)) && child.getBoundingClientRect().top <= bottom) children.push(takeSnapshot(child, bottom, leaveOut));
    }
  }
  return [element.localName, attributes, children];
}

/**
 * The parts of the popup's view (app.tsx) a first screen is made of: its header (the title bar: the
 * search box and the Menu button, its menu closed), its status line (a live region: drawn empty, see takeSnapshot) and the area of
 * its list. Whatever else the view may come to hold is never drawn.
 */
const PICTURED = ':scope > header, :scope > .status, :scope > .list-area';

/**
 * Whatever in the list is open rather than at rest: a field (a rename's, a new document's or
 * workspace's, the destination picker's), a control of a form (the copy's template choice, the
 * Share panel's role and emails), a menu (More actions), a dialog. A list at rest holds links,
 * buttons and text only.
 */
const OPEN_IN_LIST = 'input, select, textarea, form, [role="menu"], [role="dialog"], [role="listbox"], [contenteditable]';

/**
 * True when `view` (the popup's `main`) shows its list at rest and nothing else: the list is where
 * the view shows it, alone in its area (the Share panel opens beside it there) and not made inert
 * (what opens over the list makes it so; a view shown in place of it, the History, the Trash or
 * the People view, takes the area away); the title bar's menu is closed (the header is drawn, and
 * the next popup opens with it closed); and nothing in the list is open (OPEN_IN_LIST). The first screen is a picture of the list only: what a panel or a view shows
 * (other people's names and emails, the trash, the history) is never stored for the next popup.
 */
export function showsListOnly(view: Element): boolean {
  const area = view.querySelector(':scope > .list-area');
  const holder = area?.firstElementChild;
  if (!area || area.childElementCount !== 1 || !holder?.matches('.list-holder') || holder.closest('[inert]')) return false;
  if (view.querySelector(':scope > header [aria-expanded="true"], :scope > header [role="menu"]')) return false;
  return !area.querySelector(OPEN_IN_LIST);
}

/**
 * The rows of Recently opened (popup/list/recent-row.tsx). Never drawn: the next popup's view is
 * first drawn from the cache's first screen (listingPreview, a screenful of the listing's first
 * rows), which holds few of the documents opened, and it reads the opens and the known pages that
 * name them once idle. Drawn, the group was shown, then gone at the handover, then back: drawn
 * without it, the list moves once, as it does in a popup with no drawing.
 */
const NOT_DRAWN = '.recent-heading, .recent-row';

/**
 * The drawing of `view` (the popup's `main`, which showsListOnly accepts): the element itself and
 * its PICTURED parts, each as takeSnapshot draws it, without the rows NOT_DRAWN (the rows below
 * them come up in their place: as many more are drawn).
 */
export function drawFirstScreen(view: Element, bottom: number): SnapshotNode {
  // Measured in place, not taken out of the page (the view's own nodes): the rows below them lie
  // lower by their height than where the drawing shows them.
  const height = [...view.querySelectorAll(NOT_DRAWN)].reduce((sum, row) => sum + row.getBoundingClientRect().height, 0);
  return [view.localName, attributesOf(view), [...view.querySelectorAll(PICTURED)].map((part) => takeSnapshot(part, bottom + height, NOT_DRAWN))];
}

/** What keepFirstScreen needs from the page. */
export interface FirstScreenDependencies {
  store: Pick<PopupStore, 'loaded' | 'refreshing' | 'query' | 'renames' | 'moving' | 'sharing' | 'revision' | 'unfoldedPages'>;
  /** The extension's version and the browser's language (see FirstScreen.made). */
  version: string;
  language: string;
  /** The element the popup's view is rendered into. */
  root: HTMLElement;
  save: (firstScreen: FirstScreen) => unknown;
  /** Runs a task when the page is idle (requestIdleCallback in the extension). */
  whenIdle: (task: () => void) => void;
}

/**
 * Stores the first screen once for each listing the popup has shown that the cache holds (its
 * revision known), at rest: refresh done, no search, no rename, move or copy under way, no Share
 * panel, no document's pages unfolded (the next popup opens with them folded), the list scrolled to its top, and the view showing the list only (showsListOnly); drawn
 * of the list's parts only (drawFirstScreen). Drawn when the page is idle, so never in the way of
 * a keystroke; not again when a search is cleared, which shows the same first screen.
 */
export function keepFirstScreen({ store, root, save, whenIdle, version, language }: FirstScreenDependencies): void {
  let drawn: string | undefined;
  const atRest = computed(
    () => store.loaded.value && !store.refreshing.value && store.query.value === '' && store.renames.value.size === 0 && store.moving.value === null && store.sharing.value === null && store.unfoldedPages.value.size === 0,
  );
  effect(() => {
    const revision = store.revision.value;
    // A revision of the cache's first screen only is not one to draw: the whole listing comes next.
    if (!atRest.value || revision === undefined || revision === drawn || revision.startsWith(PREVIEW_REVISION)) return;
    whenIdle(function draw() {
      const view = root.firstElementChild;
      const list = root.querySelector('.results');
      // The moment passed meanwhile (the user typed, renamed, scrolled or refreshed): the next one will do.
      if (!view || store.revision.peek() !== revision || !atRest.peek() || revision === drawn) return;
      if ((list && list.scrollTop > 0) || !showsListOnly(view)) return;
      // Rows a keystroke brought get their buttons a frame later (results-list.tsx): drawn then.
      if (root.querySelector('.bare-1')) return whenIdle(draw);
      drawn = revision;
      void save({ previewRevision: `${PREVIEW_REVISION}${revision}`, made: firstScreenMade(version, language), tree: drawFirstScreen(view, window.innerHeight) });
    });
  });
}

