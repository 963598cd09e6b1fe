/** One Grist site in the listing: its heading, its own error if it failed, and its workspaces. */
import { sortDocuments, type SiteEntry } from '../shared/listing.ts';
import { DocumentRow } from './document-row.tsx';
import type { PopupStore } from './store.ts';

interface SiteSectionProps {
  store: PopupStore;
  site: SiteEntry;
}

/** The address shown under a site's heading, so two sites of the same name can be told apart. */
function siteAddress(siteUrl: string): string {
  return siteUrl.replace(/^https?:\/\//, '');
}

/**
 * A site as an `<h2>` section with its workspaces as `<h3>` sections and their documents as a list,
 * pinned first then most recently changed. A site that could not be listed shows why here, above
 * the workspaces from its last good listing. Site and workspace names come from Grist: they are
 * text in a `<bdi>`, so a right-to-left name keeps to its own place in the heading.
 */
export function SiteSection({ store, site }: SiteSectionProps) {
  return (
    // Labelled by its heading, so assistive technology (and tests) can find a site as a region.
    <section class="site" aria-labelledby={`site-${site.orgId}`}>
      <div class="site-heading">
        <h2 id={`site-${site.orgId}`}>
          <bdi dir="auto">{site.personal ? 'Personal' : site.name}</bdi>
        </h2>
        <span class="site-address">{siteAddress(site.siteUrl)}</span>
      </div>
      {site.error && (
        <div class="site-error">
          <p>{site.error.message}</p>
          {site.workspaces.length > 0 && <p class="hint">Showing this site’s documents from an earlier refresh.</p>}
        </div>
      )}
      {!site.error && site.workspaces.length === 0 && <p class="empty">No workspaces.</p>}
      {site.workspaces.map((workspace) => (
        <section class="workspace" key={workspace.id}>
          <h3>
            <bdi dir="auto">{workspace.name}</bdi>
          </h3>
          {workspace.documents.length === 0 ? (
            <p class="empty">No documents.</p>
          ) : (
            <ul class="documents">
              {sortDocuments(workspace.documents).map((document) => (
                <DocumentRow
                  key={document.id}
                  store={store}
                  orgId={site.orgId}
                  siteUrl={site.siteUrl}
                  document={document}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
