/**
 * Arrow-key movement through the search results: from the search box to the first document link,
 * between document links, and from the first one back to the search box. Works on the rendered
 * DOM so the order is always the order the user sees.
 */

/** Each result row's link carries `data-result-link`; rows in edit mode have none and are skipped. */
const RESULT_LINK_SELECTOR = 'a[data-result-link]';

function resultLinks(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(RESULT_LINK_SELECTOR)];
}

/** Focuses the first result's link; answers false when there is none. */
export function focusFirstResult(container: ParentNode | null): boolean {
  const first = container ? resultLinks(container)[0] : undefined;
  first?.focus();
  return first !== undefined;
}

/**
 * Handles ArrowUp/ArrowDown pressed anywhere in a result row (its link or its Rename button):
 * moves to the previous or next row's link, or to `searchInput` above the first row.
 * Text fields are left alone, where the arrows move the caret.
 */
export function moveBetweenResults(event: KeyboardEvent, container: ParentNode | null, searchInput: HTMLElement | null): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target;
  if (!container || !(target instanceof Element) || target instanceof HTMLInputElement) return;
  const link = target.closest('li')?.querySelector<HTMLElement>(RESULT_LINK_SELECTOR);
  if (!link) return;
  const links = resultLinks(container);
  const index = links.indexOf(link);
  if (index < 0) return;
  // Stops the list from scrolling as well as moving focus.
  event.preventDefault();
  if (event.key === 'ArrowDown') links[index + 1]?.focus();
  else if (index === 0) searchInput?.focus();
  else links[index - 1]?.focus();
}
