/**
 * A row of the listing other than a document (see listing-rows.ts): an account's heading or error
 * (two or more accounts), a site's heading or error, a "No ..." note, a workspace's heading; and
 * Recently opened's heading and rows (recent-row.tsx).
 */
import { t } from '../../shared/i18n.ts';
import type { SiteRow } from '../../listing-view/listing-rows.ts';
import type { BetweenSectionsRow, GapNode, RowNode } from '../../listing-view/row-window.ts';
import { onDemand } from '../on-demand/lazy.tsx';
import { SiteHeading } from './site-heading.tsx';
import { WorkspaceHeading } from './workspace-heading.tsx';
import { RecentHeading, RecentRowView } from './recent-row.tsx';
import type { PopupStore, RenameState } from '../store-types.ts';

/** An account's heading or error, loaded with the first: most users have one account, and no such row. */
const AccountRowView = onDemand(() => import('./account-row.tsx').then((module) => module.AccountRowView));
/** Why a site could not be listed, loaded with the first: most listings have none. */
const ListingError = onDemand(() => import('../status/error-actions.tsx').then((module) => module.ListingError));

/** Space standing for rows that are not rendered. */
export function Gap({ node }: { node: GapNode }) {
  return <div class="gap" aria-hidden="true" style={{ height: `${node.height}px` }} />;
}

interface ListingRowProps {
  store: PopupStore;
  node: RowNode<BetweenSectionsRow | SiteRow>;
  renames: ReadonlyMap<string, RenameState>;
  /** True when the listing heads sites with their accounts: each heading is then one level lower. */
  nested: boolean;
}

/**
 * The row. Site and workspace names come from Grist: they are text in a `<bdi>`, so a right-to-left
 * name keeps to its own place in the heading. A workspace's heading may be in edit mode (`renames`).
 */
export function ListingRow({ store, node, renames, nested }: ListingRowProps) {
  const { row } = node;
  const style = { height: `${node.height}px` };
  switch (row.kind) {
    case 'account':
    case 'account-error':
      return <AccountRowView store={store} row={row} height={node.height} />;
    case 'site':
      return <SiteHeading store={store} row={row} height={node.height} nested={nested} />;
    case 'site-error':
      // Loading as the row is first rendered, it is there by the frame that shows it, or the next.
      void ListingError.load();
      return (
        <div class="site-error-row" style={style}>
          <ListingError store={store} error={row.error} earlier={row.earlier ? t('siteFromEarlierRefresh') : null} />
        </div>
      );
    case 'note':
      return (
        <p class="empty" style={style}>
          {row.text}
        </p>
      );
    case 'workspace':
      return <WorkspaceHeading store={store} row={row} rename={renames.get(row.key)} height={node.height} nested={nested} />;
    case 'recent-heading':
      return <RecentHeading row={row} height={node.height} />;
    case 'recent':
      return <RecentRowView store={store} row={row} height={node.height} />;
  }
}
