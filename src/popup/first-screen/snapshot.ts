/**
 * Draws the popup's first screen as data (shared/first-screen.ts) and keeps it stored for the next
 * popup, which shows it before its scripts have loaded (first-screen.ts). Loaded once the popup
 * is idle: nothing here is needed to show this popup.
 */
import { computed, effect } from '@preact/signals';
import { PREVIEW_REVISION } from '../../shared/listing.ts';
import { firstScreenMade, type FirstScreen, type SnapshotNode } from '../../shared/first-screen.ts';
import type { PopupStore } from '../store-types.ts';

const HTML = 'http://www.w3.org/1999/xhtml';

/**
 * The snapshot of `element` and what it holds, as drawn now. Left out: elements whose top lies
 * below `bottom` (px from the top of the viewport: rows of the list out of sight), the content of
 * live regions (what they said was news to this popup, not to the next), and comments.
 */
export function takeSnapshot(element: Element, bottom: number): SnapshotNode {
  const attributes: Record<string, string> = {};
  for (const attribute of element.attributes) attributes[attribute.name] = attribute.value;
  const live = element.getAttribute('role') === 'status' || element.hasAttribute('aria-live');
  const children: SnapshotNode[] = [];
  if (!live) {
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) children.push(child.textContent ?? '');
      else if (child instanceof Element && child.namespaceURI === HTML && child.getBoundingClientRect().top <= bottom) children.push(takeSnapshot(child, bottom));
    }
  }
  return [element.localName, attributes, children];
}

/** What keepFirstScreen needs from the page. */
export interface FirstScreenDependencies {
  store: Pick<PopupStore, 'loaded' | 'refreshing' | 'query' | 'renames' | 'revision'>;
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
 * revision known), at rest: refresh done, no search, no rename under way, the list scrolled to its
 * top and the history closed. Drawn when the page is idle, so never in the way of a keystroke; not
 * again when a search is cleared, which shows the same first screen.
 */
export function keepFirstScreen({ store, root, save, whenIdle, version, language }: FirstScreenDependencies): void {
  let drawn: string | undefined;
  const atRest = computed(() => store.loaded.value && !store.refreshing.value && store.query.value === '' && store.renames.value.size === 0);
  effect(() => {
    const revision = store.revision.value;
    // A revision of the cache's first screen only is not one to draw: the whole listing comes next.
    if (!atRest.value || revision === undefined || revision === drawn || revision.startsWith(PREVIEW_REVISION)) return;
    whenIdle(function draw() {
      const view = root.firstElementChild;
      const list = root.querySelector('.results');
      // The moment passed meanwhile (the user typed, renamed, scrolled or refreshed): the next one will do.
      if (!view || store.revision.peek() !== revision || !atRest.peek() || revision === drawn) return;
      if ((list && list.scrollTop > 0) || root.querySelector('.history-panel')) return;
      // Rows a keystroke brought get their buttons a frame later (results-list.tsx): drawn then.
      if (root.querySelector('.bare-1, .bare-3')) return whenIdle(draw);
      drawn = revision;
      void save({ previewRevision: `${PREVIEW_REVISION}${revision}`, made: firstScreenMade(version, language), tree: takeSnapshot(view, window.innerHeight) });
    });
  });
}

