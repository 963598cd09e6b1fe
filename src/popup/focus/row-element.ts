/** A listing row's element found by its key (`data-row-key`, see listing-rows.ts), and a document row's link. */

/**
 * A document row's link, which opens its document (document-row.tsx): the arrow keys move between
 * these. Rows in edit mode, or with their destination picker open, have none.
 */
export const RESULT_LINK = 'a.document-link';

/**
 * The rendered row element for `key` under `within` (the list, or the whole page), if any. Compares
 * the attribute rather than building a selector from the key, which may hold any character.
 */
export function rowElement(within: ParentNode | null, key: string | null | undefined): Element | undefined {
  if (!within) return undefined;
  for (const element of within.querySelectorAll('[data-row-key]')) {
    if (element.getAttribute('data-row-key') === key) return element;
  }
  return undefined;
}
