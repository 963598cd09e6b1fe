/**
 * The rendered rows of one Grist site: its heading, its own error if it failed, its workspaces'
 * headings and their documents, as far as they are near the viewport (see listing-rows.ts).
 */
import { DocumentRow } from './document-row.tsx';
import { PageRowView, PagesNote } from './page-row.tsx';
import { Gap, ListingRow } from './listing-row.tsx';
import { siteDisplayName } from '../../shared/protocol/listing.ts';
import { type SiteNode } from '../../listing-view/row-window.ts';
import { documentKey } from '../../listing-view/row-identity.ts';
import type { MoveState, PopupStore, RenameState } from '../store-types.ts';

interface SiteSectionProps {
  store: PopupStore;
  node: SiteNode;
  renames: ReadonlyMap<string, RenameState>;
  /** The destination picker open, if any (store.moving). */
  moving: MoveState | null;
  /** True when the site is under its account's heading (see ListingRow). */
  nested: boolean;
  /** null: every document row with its buttons; else only the rows with these keys (see DocumentRow's `bare`). */
  withButtons: ReadonlySet<string> | null;
}

/**
 * A site as a region named after it (by label, since its heading may be scrolled away), holding
 * its rendered rows: its heading (`<h2>`, or `<h3>` under an account's `<h2>`), workspaces as
 * headings one level below and each run of documents as a list, pinned first then most recently
 * changed, each document's pages under it when unfolded or found by a search (page-row.tsx). A
 * site that could not be listed shows why, above the workspaces from its last good listing.
 */
export function SiteSection({ store, node, renames, moving, nested, withButtons }: SiteSectionProps) {
  const movingKey = moving && documentKey(moving.ref);
  const unfolded = store.unfoldedPages.value;
  return (
    <section class="site" aria-label={siteDisplayName(node.site)}>
      {node.children.map((child) => {
        if (child.kind === 'gap') return <Gap key={child.key} node={child} />;
        if (child.kind === 'row') return <ListingRow key={child.row.key} store={store} node={child} renames={renames} nested={nested} />;
        return (
          <ul class="documents" key={child.key}>
            {child.items.map(({ row, height }) =>
              row.kind === 'page' ? (
                <PageRowView key={row.key} store={store} row={row} height={height} />
              ) : row.kind === 'pages-note' ? (
                <PagesNote key={row.key} row={row} height={height} />
              ) : (
                <DocumentRow key={row.key} store={store} row={row} rename={renames.get(row.key)} moving={row.key === movingKey ? moving! : undefined} height={height} bare={withButtons !== null && !withButtons.has(row.key)} unfolded={unfolded.has(row.key)} />
              ),
            )}
          </ul>
        );
      })}
    </section>
  );
}
