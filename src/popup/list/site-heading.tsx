/**
 * A site's heading in the listing, with its address (two sites of one name told apart). Its owners
 * get New workspace, which turns the heading into a name field (new-document-field.tsx
 * NewWorkspaceField): Enter creates it, Escape gives up. Everyone gets People on …, which opens who
 * is on the site: its members and guests (panels/share-panel.tsx).
 */
import { useState } from 'preact/hooks';
import { markedName } from '../../listing-view/highlighted.tsx';
import type { SiteHeadingRow } from '../../listing-view/listing-rows.ts';
import { tRepeated } from '../../shared/i18n.ts';
import { ownsSite, siteDisplayName } from '../../shared/listing.ts';
import { onDemand } from '../on-demand/lazy.tsx';
import type { PopupStore } from '../store-types.ts';
import { ShareButton } from './share-button.tsx';

/** The New workspace field, loaded when first opened. */
const NewWorkspaceField = onDemand(() => import('../panels/new-document-field.tsx').then((module) => module.NewWorkspaceField));

/** The address shown next to a site's heading, so two sites of the same name can be told apart. */
function siteAddress(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, '');
}

interface SiteHeadingProps {
  store: PopupStore;
  row: SiteHeadingRow;
  height: number;
  /** True under an account's heading: an `<h3>` below the account's `<h2>`, rather than an `<h2>`. */
  nested: boolean;
}

/** One site heading row of the listing, `height` px tall: its name and address, New workspace (owners) and People on …; or, while New workspace is open, its name field. */
export function SiteHeading({ store, row, height, nested }: SiteHeadingProps) {
  const [creating, setCreating] = useState(false);
  const Heading = nested ? 'h3' : 'h2';
  const style = { height: `${height}px` };
  if (creating) {
    return (
      <div class="site-heading editing" data-row-key={row.key} style={style}>
        <NewWorkspaceField store={store} site={row.site} onDone={() => setCreating(false)} />
      </div>
    );
  }
  const name = siteDisplayName(row.site);
  return (
    <div class="site-heading" data-row-key={row.key} style={style}>
      <Heading>
        <bdi dir="auto">{markedName(name, store.terms)}</bdi>
      </Heading>
      <span class="site-address">{siteAddress(row.site.siteUrl)}</span>
      {ownsSite(row.site) && (
        <button type="button" class="icon-button new-document new-workspace" aria-label={tRepeated('newWorkspaceOn', name)} title={tRepeated('newWorkspace')} onClick={() => setCreating(true)} />
      )}
      <ShareButton
        store={store}
        label={tRepeated('peopleOnSite', name)}
        rowKey={row.key}
        target={{ resource: { kind: 'site', orgId: row.site.orgId, siteUrl: row.site.siteUrl }, name, url: row.site.siteUrl, row: null }}
      />
    </div>
  );
}
