/** Finds a listing row's element by its key (`data-row-key`, see listing-rows.ts). */

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
