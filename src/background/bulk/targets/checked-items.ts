/**
 * What a move, copy, trash or sharing run's targets share: each document the page names is looked up in the
 * worker's listing and checked as a single change of its kind is (the kind's own check, in move.ts,
 * copy.ts, trash.ts, share.ts of this folder); for a run to one workspace, that workspace is looked up once
 * per account (each document goes with its own account's key).
 */
import type { SharingChange } from '../../../shared/protocol/sharing.ts';
import type { BulkItemStatus, BulkMoveRequest, BulkRunSnapshot, BulkStart } from '../../../shared/protocol/bulk.ts';
import { copyName } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import { siteDisplayName, type Listing, type SiteEntry } from '../../../shared/protocol/listing.ts';
import type { DocumentKey } from '../../../shared/protocol/messages.ts';
import { placeIn } from '../../../shared/rules/move.ts';
import { ApiError } from '../../grist/api-error.ts';
import { documentIndex, findWorkspace, type ListedDocument } from '../../changes/listed-documents.ts';
import { startRun, type RunFiller } from '../run-engine.ts';
import type { RunChange } from '../run-state.ts';

/** The destination of a run's document, as its account lists it; null when it does not. */
export type Destination = ReturnType<typeof findWorkspace>;

/**
 * A move, copy, trash or sharing run of `items` (a sharing run's one change: `sharing`), started
 * once for `requestId` (startRun), each item's change made by `changeOf` from the document as the
 * worker's listing has it and, for a run to workspace `to`, that workspace as the document's
 * account lists it (null: not listed), with the run's clients and the listing; a change that throws
 * makes the item `not-sent` with the reason, and nothing is sent for it. Out: the run as it starts.
 * Throws ApiError `no-key`.
 */
export function startCheckedRun(
  kind: 'move' | 'copy' | 'trash' | 'share',
  { requestId, items, to }: BulkStart & { items: ReadonlyArray<DocumentKey>; to?: BulkMoveRequest['to'] },
  changeOf: (found: ListedDocument | null, destination: Destination, client: RunFiller['client'], listing: Listing | null) => RunChange,
  sharing?: SharingChange,
): Promise<BulkRunSnapshot> {
  return startRun(kind, requestId, ({ client, listing, setDestination, setSharing, add }) => {
    if (sharing) setSharing(sharing);
    const find = documentIndex(listing);
    const destination = to && destinationLookup(listing, to);
    if (destination?.listed) setDestination(placeIn(destination.listed.site, destination.listed.workspace));
    for (const { orgId, siteUrl, docId } of items) {
      const found = find({ orgId, siteUrl, docId });
      const name = found?.document.name ?? '';
      const status: BulkItemStatus = { orgId, docId, oldName: name, newName: kind === 'copy' ? copyName(name) : name, siteName: found ? siteDisplayName(found.site) : '', workspaceName: found?.workspace.name ?? '', state: 'queued' };
      let change: RunChange | null = null;
      let notSent: string | null = null;
      try {
        change = changeOf(found, found && destination ? destination.destinationFor(found.site.account) : null, client, listing);
        // The name as checked, which is the one sent (a copy's name is trimmed).
        status.newName = change.target.name;
      } catch (error) {
        notSent = error instanceof ApiError ? error.message : t('errorInternal');
      }
      add(status, change, notSent);
    }
  });
}

/**
 * The destination of a move or copy run in `listing`: as listed (for the run's `to`), and as each
 * account lists it: each document goes with its own account, to the same site (by address: org ids
 * are per server), seen by that account's user. Found once per account, not once per document.
 */
function destinationLookup(listing: Listing | null, to: BulkMoveRequest['to']) {
  const isDestinationSite = (site: SiteEntry) => site.orgId === to.orgId && site.siteUrl === to.siteUrl;
  const destinations = new Map<string, Destination>();
  const destinationFor = (account: string) => {
    let destination = destinations.get(account);
    if (destination === undefined) {
      destination = findWorkspace(listing, (site) => site.account === account && isDestinationSite(site), to.workspaceId);
      destinations.set(account, destination);
    }
    return destination;
  };
  return { listed: findWorkspace(listing, isDestinationSite, to.workspaceId), destinationFor };
}
