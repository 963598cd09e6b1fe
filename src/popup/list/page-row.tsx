/**
 * A document's page in the listing, under its document's row (issue 52): a link nested by its
 * depth (listing-view/page-rows.ts) that a click or Enter opens through the worker (store
 * `openDocumentPage`: Grist is asked whether the page is still there); and the note said under a
 * document unfolded whose pages are not shown ("Reading pages…", why not). Page names come from
 * Grist: rendered as text only, with their own direction (`dir="auto"`), as document names are.
 */
import { tRepeated } from '../../shared/i18n.ts';
import { pageUrl } from '../../shared/protocol/pages.ts';
import { markedName } from '../../listing-view/highlighted.tsx';
import type { PageRow, PagesNoteRow } from '../../listing-view/listing-rows.ts';
import { pure } from './pure.tsx';
import type { PopupStore } from '../store-types.ts';

/** How far each level of nesting moves a page in, in CSS pixels (popup.css puts a page at the top under its document's name). */
const PAGE_INDENT = 16;

interface PageRowProps {
  store: PopupStore;
  row: PageRow;
  /** In CSS pixels, from the row layout (row-window.ts). */
  height: number;
}

function PageRowContent({ store, row, height }: PageRowProps) {
  const { page, parent, key } = row;
  return (
    <li class="page" data-row-key={key} title={page.name} style={{ height: `${height}px`, marginLeft: `${row.depth * PAGE_INDENT}px` }}>
      <a
        // The class of a result's link (focus/row-element.ts RESULT_LINK): the arrow keys move to it.
        class="document-link page-link"
        href={pageUrl(parent.site.siteUrl, parent.document, page.viewRef)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={tRepeated('openPage', page.name, parent.document.name)}
        dir="auto"
        onClick={(event) => {
          // A click with a modifier (a new window, a background tab) is the browser's: the address is the page's.
          if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          store.openDocumentPage(row.parent, row.page);
        }}
      >
        {markedName(page.name, store.terms)}
      </a>
    </li>
  );
}

/** The row, rendered again only when its own props change. */
export const PageRowView = pure(PageRowContent);

/** "Reading pages…", "Pages are not available for this document", or why they could not be read, under the document. */
export function PagesNote({ row, height }: { row: PagesNoteRow; height: number }) {
  return (
    <li class="pages-note" data-row-key={row.key} style={{ height: `${height}px` }}>
      {row.text}
    </li>
  );
}
