/**
 * Arrow-key movement through the search results: from the search box to the first document, between
 * documents, and from the first one back to the search box. Works on the rows rather than the
 * rendered DOM, because only the rows near the viewport are rendered: the next document may not
 * have an element yet (results-list.tsx scrolls it into view, then focuses its link).
 */
import type { Row } from '../../listing-view/listing-rows.ts';

/**
 * The index of the next document row after `from` (`step` 1) or before it (`step` -1), skipping
 * headings, notes and the documents `skip` answers true for (rows in edit mode have no link to
 * focus); -1 when there is none. `from` -1 with `step` 1 finds the first document.
 */
export function adjacentResult(rows: readonly Row[], from: number, step: 1 | -1, skip: (row: Row) => boolean = () => false): number {
  for (let index = from + step; index >= 0 && index < rows.length; index += step) {
    const row = rows[index]!;
    if ((row.kind === 'document' || row.kind === 'page' || row.kind === 'recent') && !skip(row)) return index;
  }
  return -1;
}
