/**
 * The rename, as one kind of change (kind-module.ts): `PATCH {site}/api/docs/<docId>`, or for a
 * workspace `PATCH {site}/api/workspaces/<id>`, with `{"name": ...}` as JSON (without the
 * Content-Type Grist ignores the body and still answers 200, docs/grist-api.md "Silent no-ops"; the same
 * for workspaces); only owners rename (others get 403). Also the popup's rename messages.
 */
import { checkDocumentName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import { workspaceKey, type ChangeSource, type WindowSource, targetKey, type RenameEntry } from '../../../shared/protocol/change-log.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';
import { placeSite } from '../../../shared/rules/move.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { anyJsonSchema, documentSchema, workspaceSchema } from '../../grist/grist-schemas.ts';
import { noteRename } from '../../listing/confirmed-changes.ts';
import { forgetDocument, recordWorkspaceRename, storeNotedRename } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import type { ChangeTarget, UndoingKind } from '../kind-module.ts';
import { findDocument, findWorkspace, listingAndClients } from '../listed-documents.ts';
import { applyChange } from '../pipeline.ts';

/** A rename of a document, or (`workspaceId` set) of a workspace; `key` is the document's id or the workspace's workspaceKey. */
export interface RenameTarget extends ChangeTarget {
  /** The name it has now. */
  currentName: string;
  workspaceId?: number;
  /** Its site (the site's Grist id and name as listed, and whose personal site it is) and workspace, for the change log. */
  site: Omit<DocumentPlace['site'], 'url'>;
  workspace: { id: number; name: string } | null;
}

/** What a rename came to: the name Grist stores, and its change-log entry (null when nothing changed). */
export interface RenameResult {
  name: string;
  entryId: string | null;
}

/** The API path of a rename's target. */
function pathOf(target: RenameTarget): string {
  return target.workspaceId === undefined ? `/api/docs/${encodeURIComponent(target.key)}` : `/api/workspaces/${target.workspaceId}`;
}

/** What a document or workspace is called now and the caller's access to it, read through `siteUrl`. */
function readNow(client: GristClient, siteUrl: string, key: string, workspaceId: number | undefined): Promise<{ name: string; access: string | null }> {
  return workspaceId === undefined ? client.get(siteUrl, `/api/docs/${encodeURIComponent(key)}`, documentSchema) : client.get(siteUrl, `/api/workspaces/${workspaceId}`, workspaceSchema);
}

/** Grist's 404 for a rename's target, in words: a document is also taken out of the cached listing. */
async function goneError(siteUrl: string, key: string, workspaceId: number | undefined, name: string): Promise<ApiError> {
  if (workspaceId === undefined) await forgetDocument(key);
  return new ApiError('not-found', t(workspaceId === undefined ? 'errorDocumentGone' : 'errorWorkspaceGone', name, new URL(siteUrl).host), 404);
}

/** The refusal of a rename by someone who does not own its document or workspace (Grist answers 403 to others). */
function notOwnerError(workspaceId: number | undefined, name: string): ApiError {
  return new ApiError('forbidden', t(workspaceId === undefined ? 'errorNotOwnerOf' : 'errorNotOwnerOfWorkspace', name), 403);
}

export const renameKind: UndoingKind<RenameTarget, 'renameDocument' | 'renameWorkspace', RenameEntry> = {
  messages: { renameDocument, renameWorkspace },
  send: async (client, target) => {
    await client.patch(target.siteUrl, pathOf(target), { name: target.name }, anyJsonSchema);
  },
  applied: async (client, target) => (await readNow(client, target.siteUrl, target.key, target.workspaceId)).name === target.name,
  notApplied: () => t('errorLostAnswerOldName'),
  bulk: { confirmed: 'renamed', unchanged: 'bulkUnchanged', retriesRefusal: true },
  unchecked: () => t('errorLostAnswerUnchecked'),
  refused: async (error, target) => {
    if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return notOwnerError(target.workspaceId, target.currentName);
    if (error.status === 404) return goneError(target.siteUrl, target.key, target.workspaceId, target.currentName);
    return null;
  },
  logEntry: (target) => ({
    account: target.account,
    kind: 'rename',
    target: target.workspaceId === undefined ? { kind: 'document', id: target.key } : { kind: 'workspace', id: target.workspaceId },
    site: { ...target.site, url: target.siteUrl },
    workspace: target.workspace,
    oldName: target.currentName,
    newName: target.name,
  }),
  // A workspace rename is not noted for refreshes under way: they may show its old name until the next.
  note: (target) => (target.workspaceId === undefined ? noteRename(target.key, target.name) : 0),
  storeNoted: async (noted) => {
    await Promise.all(
      noted.map(({ target, mark }) => (target.workspaceId === undefined ? storeNotedRename(target.key, mark) : recordWorkspaceRename(target.siteUrl, target.workspaceId, target.name))),
    );
  },
  undoSiteUrl: (entry) => entry.site.url,
  inverse: async (client, entry, account, force) => {
    const workspaceId = entry.target.kind === 'workspace' ? entry.target.id : undefined;
    const key = targetKey(entry.target);
    let current;
    try {
      current = await readNow(client, entry.site.url, key, workspaceId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw await goneError(entry.site.url, key, workspaceId, entry.newName);
      throw error;
    }
    // Owners only: said before anything else, "anyway" would not help.
    if (current.access !== 'owners') throw notOwnerError(workspaceId, current.name);
    if (!force && current.name !== entry.newName) return { conflict: { outcome: 'changed-elsewhere', current: current.name } };
    const subject = { account, key, siteUrl: entry.site.url, currentName: current.name, workspaceId, site: entry.site, workspace: entry.workspace };
    // An undo puts back a name Grist had, whatever its length.
    const name = checkedName(entry.oldName, current.name, true);
    return name === null ? { already: current.name } : { undo: { ...subject, name } };
  },
};

/**
 * The typed name as it would be sent: trimmed; null when it is the current name (nothing to send).
 * `restoring`: a name Grist had, whatever its length. Throws ApiError `invalid-input` for an empty
 * or too long name.
 */
function checkedName(typedName: string, currentName: string, restoring = false): string | null {
  const check = checkDocumentName(typedName, currentName, { anyLength: restoring });
  if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
  return check.kind === 'unchanged' ? null : check.name;
}

/**
 * Renames `subject` (a document or workspace found in the worker's listing, or looked up from its
 * page) to the typed name, through the change pipeline. Call it in the subject's queue. Out: the
 * name as stored (the current name, with no entry, when it is unchanged: nothing sent). Throws
 * ApiError: `invalid-input` for an empty or too long name (nothing sent), `forbidden` for a
 * non-owner, `not-found` for a document or workspace gone, or what sendChange met.
 */
export async function renameTo(client: GristClient, subject: Omit<RenameTarget, 'name'>, typedName: string, source: ChangeSource): Promise<RenameResult> {
  const name = checkedName(typedName, subject.currentName);
  if (name === null) return { name: subject.currentName, entryId: null };
  return { name, entryId: await applyChange(client, renameKind, { ...subject, name }, { source }) };
}

/**
 * The popup's `renameDocument` message (and the document window's, after a move, by id): renames a
 * document of the worker's listing with the first account that owns it. Out and throws: as
 * renameTo, or `not-found` for a document the listing does not have.
 */
export function renameDocument({ orgId, siteUrl, docId, name, source }: { orgId: number; siteUrl?: string; docId: string; name: string; source?: WindowSource }): Promise<RenameResult> {
  return oneAtATime(docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findDocument(listing, { orgId, siteUrl, docId });
    if (!found) throw new ApiError('not-found', t('errorNotInList'));
    const { site, workspace, document } = found;
    return renameTo(
      clientOf(site.account),
      { account: site.account, key: docId, siteUrl: site.siteUrl, currentName: document.name, site: placeSite(site), workspace: { id: workspace.id, name: workspace.name } },
      name,
      source ?? 'popup',
    );
  });
}

/**
 * The popup's `renameWorkspace` message: renames a workspace of the worker's listing, through its
 * own site (Grist would take any site's address, docs/grist-api.md "Renaming a workspace"; the extension does not rely on it).
 * Out and throws: as renameTo, or `not-found` for a workspace the listing does not have.
 */
export function renameWorkspace({ orgId, siteUrl, workspaceId, name }: { orgId: number; siteUrl: string; workspaceId: number; name: string }): Promise<RenameResult> {
  const key = workspaceKey(workspaceId);
  return oneAtATime(key, async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findWorkspace(listing, (site) => site.orgId === orgId && site.siteUrl === siteUrl, workspaceId);
    if (!found) throw new ApiError('not-found', t('errorWorkspaceNotInList'));
    const { site, workspace } = found;
    return renameTo(
      clientOf(site.account),
      { account: site.account, key, siteUrl: site.siteUrl, currentName: workspace.name, workspaceId, site: placeSite(site), workspace: { id: workspace.id, name: workspace.name } },
      name,
      'popup',
    );
  });
}
