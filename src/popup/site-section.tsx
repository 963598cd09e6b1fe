/**
 * The rendered rows of one Grist site: its heading, its own error if it failed, its workspaces'
 * headings and their documents, as far as they are near the viewport (see listing-rows.ts).
 */
import { t } from '../shared/i18n.ts';
import { DocumentRow } from './document-row.tsx';
import { ErrorActions } from './error-actions.tsx';
import { WorkspaceHeading } from './workspace-heading.tsx';
import { MarkedName } from '../listing-view/highlighted.tsx';
import { siteDisplayName, type GapNode, type RowNode, type SiteNode } from '../listing-view/listing-rows.ts';
import { documentKey, type MoveState, type PopupStore, type RenameState } from './store.ts';

interface SiteSectionProps {
  store: PopupStore;
  node: SiteNode;
  renames: ReadonlyMap<string, RenameState>;
  /** The destination picker open, if any (store.moving). */
  moving: MoveState | null;
}

/** The address shown next to a site's heading, so two sites of the same name can be told apart. */
function siteAddress(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, '');
}


/** Space standing for rows that are not rendered. */
export function Gap({ node }: { node: GapNode }) {
  return <div class="gap" aria-hidden="true" style={{ height: `${node.height}px` }} />;
}

/**
 * A heading, a site's error or a "No ..." note. Site and workspace names come from Grist: they are
 * text in a `<bdi>`, so a right-to-left name keeps to its own place in the heading. A workspace's
 * heading may be in edit mode (`renames`).
 */
function ListingRow({ store, node, renames }: { store: PopupStore; node: RowNode; renames: ReadonlyMap<string, RenameState> }) {
  const { row } = node;
  const style = { height: `${node.height}px` };
  switch (row.kind) {
    case 'site':
      return (
        <div class="site-heading" style={style}>
          <h2>
            <bdi dir="auto">
              <MarkedName text={siteDisplayName(row.site)} terms={store.terms} />
            </bdi>
          </h2>
          <span class="site-address">{siteAddress(row.site.siteUrl)}</span>
        </div>
      );
    case 'site-error':
      return (
        <div class="site-error-row" style={style}>
          <div class="site-error" title={row.error.message}>
            <p class={row.earlier ? 'message' : 'message message-only'}>{row.error.message}</p>
            <div class="site-error-footer">
              {row.earlier && <p class="hint">{t('siteFromEarlierRefresh')}</p>}
              <ErrorActions store={store} kind={row.error.kind} />
            </div>
          </div>
        </div>
      );
    case 'note':
      return (
        <p class="empty" style={style}>
          {row.text}
        </p>
      );
    case 'workspace':
      return <WorkspaceHeading store={store} row={row} rename={renames.get(row.key)} height={node.height} />;
  }
}

/**
 * A site as a region named after it (by label, since its `<h2>` may be scrolled away), holding its
 * rendered rows: workspaces as `<h3>` headings and each run of documents as a list, pinned first
 * then most recently changed. A site that could not be listed shows why, above the workspaces
 * from its last good listing.
 */
export function SiteSection({ store, node, renames, moving }: SiteSectionProps) {
  const movingKey = moving && documentKey(moving.ref);
  return (
    <section class="site" aria-label={siteDisplayName(node.site)}>
      {node.children.map((child) => {
        if (child.kind === 'gap') return <Gap key={child.key} node={child} />;
        if (child.kind === 'row') return <ListingRow key={child.row.key} store={store} node={child} renames={renames} />;
        return (
          <ul class="documents" key={child.key}>
            {child.items.map(({ row, height }) => (
              <DocumentRow key={row.key} store={store} row={row} rename={renames.get(row.key)} moving={row.key === movingKey ? moving! : undefined} height={height} />
            ))}
          </ul>
        );
      })}
    </section>
  );
}
