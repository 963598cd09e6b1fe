/**
 * A site's heading in the listing: its name, its address (two sites of one name told apart) and
 * one More actions button (⋯) whose menu (menu/action-menu.tsx) holds, for its owners, New
 * workspace, which turns the heading into a name field (new-document-field.tsx NewWorkspaceField):
 * Enter creates it, Escape gives up; for everyone, People on this site…, which opens who is on the
 * site, its members and guests, where its owners share it with more people (panels/share-panel.tsx);
 * for everyone, when it holds documents, Back up…, which downloads each document of every workspace
 * as a `.grist` file (reads/downloads.ts), as a workspace heading's Back up… does. Focus comes back to the ⋯ button from the field and the panel.
 */
import { useState } from 'preact/hooks';
import { markedName } from '../../listing-view/highlighted.tsx';
import type { SiteHeadingRow } from '../../listing-view/listing-rows.ts';
import { t } from '../../shared/i18n.ts';
import { ownsSite, siteDisplayName } from '../../shared/protocol/listing.ts';
import { onDemand } from '../on-demand/lazy.tsx';
import type { MenuItem } from '../menu/action-menu.tsx';
import type { PopupStore } from '../store-types.ts';
import { ActionMenu, MoreButton } from './more-button.tsx';

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

/** One site heading row of the listing, `height` px tall: its name and address and its menu (New workspace for owners, People on this site…); or, while New workspace is open, its name field. */
export function SiteHeading({ store, row, height, nested }: SiteHeadingProps) {
  const [creating, setCreating] = useState(false);
  const [menu, setMenu] = useState(false);
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
  /** The menu's items, in the order of the module comment. */
  const menuItems = (): MenuItem[] => {
    const { site } = row;
    const items: MenuItem[] = [];
    if (ownsSite(site)) items.push({ label: t('newWorkspace'), run: () => setCreating(true) });
    const documents = site.workspaces.flatMap((workspace) => workspace.documents.map((document) => ({ orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id })));
    items.push({ label: t('menuPeopleOnSite'), run: () => store.openShare({ resource: { kind: 'site', orgId: site.orgId, siteUrl: site.siteUrl }, name, url: site.siteUrl, row: null, opener: { key: row.key, selector: '.more' } }) });
    if (documents.length) items.push({ label: t('menuBackUp'), hint: t('menuBackUpHint'), run: () => store.backUp(documents), refocus: true });
    return items;
  };
  return (
    <div class="site-heading" data-row-key={row.key} style={style}>
      <Heading>
        <bdi dir="auto">{markedName(name, store.terms)}</bdi>
      </Heading>
      <span class="site-address">{siteAddress(row.site.siteUrl)}</span>
      <MoreButton name={name} open={menu} onToggle={() => setMenu(!menu)} />
      {menu && <ActionMenu label={t('actionsFor', name)} items={menuItems()} onClose={() => setMenu(false)} />}
    </div>
  );
}
