/**
 * The targets of a bulk rename run: each document the page asks to rename, looked up in the
 * worker's listing (which gives its site and workspace), and its new name checked as a single
 * rename's is (checkDocumentName). The run engine (run-engine.ts, run-sending.ts) sends them.
 */
import type { BulkDocument, BulkItemStatus, BulkRunSnapshot, BulkStart } from '../../../shared/protocol/bulk.ts';
import { checkDocumentName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import { documentIndex, type ListedDocument } from '../../changes/listed-documents.ts';
import type { RenameTarget } from '../../changes/kinds/rename.ts';
import { startRun } from '../run-engine.ts';
import { placeSite } from '../../../shared/rules/move.ts';
import { siteDisplayName } from '../../../shared/protocol/listing.ts';

/**
 * The `startBulkRename` message. In: the documents and their new names (as the page's preview
 * made them). Each is looked up in the worker's listing first: one it does not list, or whose new
 * name is empty, too long or unchanged, is `not-sent` with the reason, and nothing is sent for it.
 * Out: the run as it starts (as it stands, for a `requestId` started already: startRun). Throws
 * ApiError `no-key` when no key is saved.
 */
export function startBulkRename({ requestId, items }: BulkStart & { items: BulkDocument[] }): Promise<BulkRunSnapshot> {
  return startRun('rename', requestId, ({ listing, add }) => {
    const find = documentIndex(listing);
    for (const { orgId, siteUrl, docId, newName } of items) {
      const found = find({ orgId, siteUrl, docId });
      const oldName = found?.document.name ?? '';
      const status: BulkItemStatus = { orgId, docId, newName, oldName, siteName: found ? siteDisplayName(found.site) : '', workspaceName: found?.workspace.name ?? '', state: 'queued' };
      let notSent: string | null = null;
      if (!found) notSent = t('errorNotInList');
      else {
        const check = checkDocumentName(newName, oldName);
        if (check.kind === 'invalid') notSent = check.message;
        else if (check.kind === 'unchanged') notSent = t('bulkUnchanged');
        else status.newName = check.name;
      }
      add(status, found && { target: renameTarget(status, found) }, notSent);
    }
  });
}

/** The rename of item `status` of a run (its new name checked), in `found` (its site and workspace in the listing). */
function renameTarget(status: BulkItemStatus, { site, workspace }: ListedDocument): RenameTarget {
  return {
    account: site.account,
    key: status.docId,
    siteUrl: site.siteUrl,
    name: status.newName,
    currentName: status.oldName,
    site: placeSite(site),
    workspace: { id: workspace.id, name: workspace.name },
  };
}
