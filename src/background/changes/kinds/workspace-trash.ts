/**
 * Moving a workspace to the trash and restoring it, as one kind of change (kind-module.ts):
 * `POST {site}/api/workspaces/<id>/remove` and `.../unremove`, owners only (docs/grist-api.md
 * "Workspaces"). Its documents go with it and come back with it; while removed it and they read as
 * 404, and the trash listing lists it with `removedAt` (trashed-documents.ts). Also the undo of a
 * new workspace (to the trash). And the pages' `removeWorkspace` and `restoreWorkspace` messages.
 */
import { workspaceKey, type ChangeEntry, type CreateEntry, type TrashEntry, type WorkspaceTarget } from '../../../shared/protocol/change-log.ts';
import { addedEntry } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentEntry } from '../../../shared/protocol/listing.ts';
import type { LoggedChange, WorkspaceKey } from '../../../shared/protocol/messages.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { anyJsonSchema, workspaceSchema } from '../../grist/grist-schemas.ts';
import { forgetWorkspace, recordWorkspaceAdded } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import type { ChangeTarget, UndoingKind } from '../kind-module.ts';
import { findWorkspace, listingAndClients } from '../listed-documents.ts';
import { applyChange } from '../pipeline.ts';
import { findTrashedWorkspace, siteTrash, workspaceLeftTrash } from '../trashed-documents.ts';
import { placeSite } from '../../../shared/rules/move.ts';

/** A workspace to move to the trash (`removed`) or back from it; `key` is its workspaceKey. */
export interface WorkspaceTrashTarget extends ChangeTarget {
  removed: boolean;
  workspaceId: number;
  /** Its site, for the change log. */
  site: ChangeEntry['site'];
  /** Its documents, listed again once it is restored (as the trash listing gave them). */
  documents: Array<{ id: string; name: string }>;
}

function workspaceTrashOf(account: string, removed: boolean, site: ChangeEntry['site'], workspace: { id: number; name: string; documents?: Array<{ id: string; name: string }> }): WorkspaceTrashTarget {
  return { account, key: workspaceKey(workspace.id), siteUrl: site.url, name: workspace.name, removed, workspaceId: workspace.id, site, documents: workspace.documents ?? [] };
}

/** A workspace as Grist has it now (outside the trash), read through `siteUrl`; null when Grist answers 404: in the trash, or gone. */
async function workspaceNow(client: GristClient, siteUrl: string, workspaceId: number) {
  try {
    return await client.get(siteUrl, `/api/workspaces/${workspaceId}`, workspaceSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const notOwner = (name: string) => new ApiError('forbidden', t('errorNotOwnerToTrash', name), 403);

/**
 * Moving a workspace to the trash or restoring it (`target.removed`), owners only: sent once, read
 * back after a lost answer (404 means in the trash), Grist's 403 and 404 said in words, the cached
 * listing and trash updated; undone by the opposite, read first (inverse).
 */
/** The entries the workspace trash undoes: a workspace's removal or restore, a new workspace. */
type WorkspaceTrashedByUndo = (TrashEntry | CreateEntry) & { target: WorkspaceTarget };

export const workspaceTrashKind: UndoingKind<WorkspaceTrashTarget, 'removeWorkspace' | 'restoreWorkspace', WorkspaceTrashedByUndo> = {
  messages: { removeWorkspace, restoreWorkspace },
  send: async (client, target) => {
    await client.post(target.siteUrl, `/api/workspaces/${target.workspaceId}/${target.removed ? 'remove' : 'unremove'}`, undefined, anyJsonSchema);
  },
  // Outside the trash Grist reads it; in the trash it answers 404.
  applied: async (client, target) => ((await workspaceNow(client, target.siteUrl, target.workspaceId)) === null) === target.removed,
  notApplied: (target) => t(target.removed ? 'errorTrashLostAnswerNotRemoved' : 'errorTrashLostAnswerNotRestored', target.name),
  refused: async (error, target) => {
    if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return notOwner(target.name);
    if (error.status !== 404) return null;
    if (target.removed) await forgetWorkspace(target.siteUrl, target.workspaceId);
    return new ApiError('not-found', t('errorWorkspaceGone', target.name, new URL(target.siteUrl).host), 404);
  },
  logEntry: ({ account, removed, site, workspaceId, name }) => ({
    account,
    kind: removed ? 'remove' : 'restore',
    target: { kind: 'workspace', id: workspaceId },
    site,
    workspace: { id: workspaceId, name },
    name,
  }),
  // Not noted for refreshes under way: one answered before the change may show it until the next.
  note: () => 0,
  storeNoted: async (noted) => {
    await Promise.all(
      noted.map(({ target }) => {
        if (target.removed) return forgetWorkspace(target.siteUrl, target.workspaceId);
        workspaceLeftTrash(target.account, target.siteUrl, target.workspaceId);
        // Its owner restored it: they own what is in it, until the next refresh says more.
        const documents: DocumentEntry[] = target.documents.map(({ id, name }) => addedEntry(id, name));
        return recordWorkspaceAdded(target.account, target.siteUrl, { id: target.workspaceId, name: target.name, access: 'owners', documents });
      }),
    );
  },
  undoSiteUrl: (entry) => entry.site.url,
  // A removal is undone by a restore (read first in the site's trash: one restored elsewhere since
  // needs nothing sent); a restore or a new workspace by a removal (read first: one renamed since
  // is a conflict, one gone or removed since needs nothing).
  inverse: async (client, entry, account, force) => {
    const { id } = entry.target;
    if (entry.kind === 'remove') {
      const trash = await siteTrash(client, { account, orgId: entry.site.orgId, name: entry.site.name, siteUrl: entry.site.url });
      const trashed = trash.workspaces.find((workspace) => workspace.id === id);
      if (trashed) {
        if (trashed.access !== 'owners') throw notOwner(trashed.name);
        return { undo: workspaceTrashOf(account, false, entry.site, trashed) };
      }
      const now = await workspaceNow(client, entry.site.url, id);
      if (now) return { already: now.name };
      throw new ApiError('not-found', t('errorWorkspaceGone', entry.name, new URL(entry.site.url).host), 404);
    }
    const now = await workspaceNow(client, entry.site.url, id);
    if (!now) return { already: entry.name };
    if (now.access !== 'owners') throw notOwner(now.name);
    if (!force && now.name !== entry.name) return { conflict: { outcome: 'changed-elsewhere', current: now.name, renamed: true } };
    return { undo: workspaceTrashOf(account, true, entry.site, { id, name: now.name }) };
  },
};

/**
 * The popup's `removeWorkspace` message: moves a workspace of the worker's listing to the trash,
 * with its documents, by the account that owns it, through the change pipeline. Out: its
 * change-log entry. Throws ApiError: `not-found` for a workspace the listing does not have,
 * `forbidden` for one the user does not own (Grist would answer 403), or what sendChange met.
 */
export function removeWorkspace({ orgId, siteUrl, workspaceId }: WorkspaceKey): Promise<LoggedChange> {
  return oneAtATime(workspaceKey(workspaceId), async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findWorkspace(listing, (site) => site.orgId === orgId && site.siteUrl === siteUrl, workspaceId);
    if (!found) throw new ApiError('not-found', t('errorWorkspaceNotInList'));
    const { site, workspace } = found;
    if (workspace.access !== 'owners') throw notOwner(workspace.name);
    const target = workspaceTrashOf(site.account, true, placeSite(site), workspace);
    return { entryId: await applyChange(clientOf(site.account), workspaceTrashKind, target, { source: 'popup' }) };
  });
}

/**
 * The Trash view's `restoreWorkspace` message: takes a workspace of a listed site out of the trash,
 * with its documents, checked against the trash listing (trashed-documents.ts), through the change
 * pipeline. Out: its change-log entry. Throws ApiError: `not-found` for a workspace the trash does
 * not hold, `forbidden` for one the user does not own, or what sendChange met.
 */
export function restoreWorkspace(request: WorkspaceKey): Promise<LoggedChange> {
  return oneAtATime(workspaceKey(request.workspaceId), async () => {
    const { site, workspace, client } = await findTrashedWorkspace(request);
    const target = workspaceTrashOf(site.account, false, placeSite(site), workspace);
    return { entryId: await applyChange(client, workspaceTrashKind, target, { source: 'popup' }) };
  });
}
