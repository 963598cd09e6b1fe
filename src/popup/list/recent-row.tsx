/**
 * "Recently opened" above the listing (listing-view/recent-rows.ts): its heading, and one row per
 * document or page opened recently: a link named "<document> › <page>", its site and workspace dim
 * after it. A document's link opens as a document row's does (a new tab) and notes the open; a
 * page's asks the worker to open it (openPage: it checks the page is still there). The links are
 * results the arrow keys move between (class `document-link`, focus/row-element.ts). Names come
 * from Grist: rendered as text only, each with its own direction.
 */
import { t, tRepeated } from '../../shared/i18n.ts';
import { documentPageUrl, siteDisplayName } from '../../shared/protocol/listing.ts';
import { pageUrl } from '../../shared/protocol/pages.ts';
import { markedName } from '../../listing-view/highlighted.tsx';
import type { RecentHeadingRow, RecentRow } from '../../listing-view/listing-rows.ts';
import type { PopupStore } from '../store-types.ts';

/** The heading above the recent rows. */
export function RecentHeading({ row, height }: { row: RecentHeadingRow; height: number }) {
  return (
    <div class="recent-heading" data-row-key={row.key} style={{ height: `${height}px` }}>
      <h2>{t('recentlyOpened')}</h2>
    </div>
  );
}

/** The name a recent row shows: the document's, and the page's after a "›". */
function recentName(row: RecentRow): string {
  return row.page ? `${row.of.document.name} › ${row.page.name}` : row.of.document.name;
}

/** One recent document or page. */
export function RecentRowView({ store, row, height }: { store: PopupStore; row: RecentRow; height: number }) {
  const { of, page } = row;
  const name = recentName(row);
  const href = page ? pageUrl(of.site.siteUrl, of.document, page.viewRef) : documentPageUrl(of.site.siteUrl, of.document);
  // A document opens as its link does, in a new tab; the worker only hears of it. A page is opened
  // by the worker, which reads its pages first (a page removed since opens its document).
  const opened = (event: MouseEvent) => {
    if (page) {
      event.preventDefault();
      store.openDocumentPage(of, page);
    } else store.noteOpened(of);
  };
  return (
    <div class="recent-row" data-row-key={row.key} title={name} style={{ height: `${height}px` }}>
      <a
        class="document-link recent-link"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={tRepeated('openDocument', name)}
        dir="auto"
        onClick={opened}
        // The middle button opens a link in a new tab without a click event.
        onAuxClick={(event) => {
          if (event.button === 1) opened(event);
        }}
      >
        {markedName(name, store.terms)}
      </a>
      <span class="recent-place" dir="auto">
        {`${siteDisplayName(of.site)} › ${of.workspace.name}`}
      </span>
    </div>
  );
}
