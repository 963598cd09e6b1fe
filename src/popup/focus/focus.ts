/**
 * Where the focus goes as a change moves rows: to a row's link once drawn, to the next row when one
 * leaves, to the search box when what held it went. Reads the page's elements (row-element.ts).
 */
import { documentKey, type DocumentRef } from '../../listing-view/row-identity.ts';
import { RESULT_LINK, rowElement } from './row-element.ts';

/**
 * Once the list is drawn (after the next frame: its re-render may wait for one), the focus on what
 * `target` finds then, unless the user put it somewhere meanwhile: it moves from the body, from an
 * element that went, or from `from` (where it was when the change began: it moves from there too).
 */
export function focusOnceDrawn(target: () => HTMLElement | null | undefined, from?: Element | null): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const active = globalThis.document.activeElement;
      if (active && active !== globalThis.document.body && active.isConnected && active !== from) return;
      target()?.focus();
    }),
  );
}

/**
 * Once drawn, the focus a closing picker or form took with it (or, given, the focus on `from`):
 * the document's link where it is now if that is on screen, otherwise the search box (see
 * focusOnceDrawn).
 */
export function focusDocumentLink(ref: DocumentRef, from?: Element | null): void {
  focusOnceDrawn(() => rowElement(globalThis.document, documentKey(ref))?.querySelector<HTMLElement>(RESULT_LINK) ?? globalThis.document.getElementById('search-documents'), from);
}

/** Focus back on the button of row `key` that opened a panel or field (`selector`), once drawn (Escape, Cancel). */
export function focusRowButton(key: string | null | undefined, selector: string): void {
  setTimeout(() => rowElement(document, key)?.querySelector<HTMLElement>(selector)?.focus(), 0);
}

/** The element of row `key`, when it holds the focus (its link, a button, its open menu); otherwise null. */
export function rowHoldingFocus(key: string): Element | null {
  const row = globalThis.document.activeElement?.closest('[data-row-key]');
  return row?.getAttribute('data-row-key') === key ? row : null;
}

/**
 * The link of the document row after `row` (before it, for the last), if any: where the focus goes
 * when that row leaves the list, so Ctrl+Z and the arrow keys go on working from there (the search
 * box would take Ctrl+Z as its own).
 */
export function neighbourLink(row: Element): HTMLElement | null {
  // In the order they are shown (the windowed list keeps its elements in no set order).
  const top = (element: HTMLElement) => element.getBoundingClientRect().top;
  const links = [...globalThis.document.querySelectorAll<HTMLElement>(RESULT_LINK)].sort((a, b) => top(a) - top(b));
  const at = links.findIndex((link) => row.contains(link));
  return links[at + 1] ?? links[at - 1] ?? null;
}
