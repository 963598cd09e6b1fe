/**
 * Renaming: `PATCH {site}/api/docs/<docId>` with `{"name": ...}` and `Content-Type:
 * application/json` (without it Grist ignores the body and still answers 200, grist-api.md
 * "Silent no-ops"). The site always comes from the background's own data (its listing, or a URL
 * on a configured site), never from the page, so a message cannot point the key at another host.
 */
import { checkDocumentName } from '../../shared/document-name.ts';
import { t } from '../../shared/i18n.ts';
import { workspaceKey, type RenameSource, type WindowSource } from '../../shared/history.ts';
import { canRename, type DocumentEntry, type Listing, type SiteEntry, type WorkspaceEntry } from '../../shared/listing.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, readKeyedAccounts } from '../grist/grist-connection.ts';
import { anyJsonSchema, documentSchema, workspaceSchema } from '../grist/grist-schemas.ts';
import { forgetDocument, readListing, recordRename, recordWorkspaceRename } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';
import { addHistoryEntry } from '../history/rename-history.ts';

export interface RenameRequest {
  orgId: number;
  docId: string;
  name: string;
  /** Where it was asked: the rename window's way in (after a move, it renames by id); the popup when absent. */
  source?: WindowSource;
}

/** The document or workspace to rename: where it lives and what it is called now. */
export interface RenameTarget {
  siteUrl: string;
  /** The document's id; for a workspace, its `workspaceKey`: the key its renames queue under. */
  docId: string;
  currentName: string;
  /** Set for a workspace: its id (renamed with `PATCH {site}/api/workspaces/<id>`). */
  workspaceId?: number;
}

/** What the rename history records of a rename besides its names (see shared/history.ts). */
export interface RenameRecord {
  /** The account whose key made it. */
  account: string;
  source: RenameSource;
  site: { orgId: number; name: string };
  workspace: { id: number; name: string } | null;
  /** The bulk rename run it was part of. */
  batchId?: string;
}

/** What a rename came to: the name Grist stores, and its history entry (null when nothing changed). */
export interface RenameResult {
  name: string;
  entryId: string | null;
}

/**
 * A document of the listing, with its site and workspace; null when the listing has no such
 * document. Where several accounts list it (two users of one server), the first whose access is
 * `owners`, in the options' order (the listing's), else the first: its account renames and moves it.
 * `account`: only that account's copy. Org ids are per server; a document id is Grist's random
 * 22-character id, so (org id, document id) names one document in practice (two servers restored
 * from one backup would share both: noted in issue 19's closing note).
 */
export function findDocument(listing: Listing | null, orgId: number, docId: string, account?: string): ListedDocument | null {
  return documentIndex(listing, docId, account)(orgId, docId);
}

/** A document of the listing with its site and workspace, as findDocument answers it. */
export interface ListedDocument {
  site: SiteEntry;
  workspace: WorkspaceEntry;
  document: DocumentEntry;
}

/**
 * findDocument for many documents (a bulk run may name 20,000; findDocument would walk the listing
 * each time): the listing indexed once. In: the listing, and optionally the one document wanted and
 * the one account to look in. Out: a lookup that answers as findDocument does.
 */
export function documentIndex(listing: Listing | null, only?: string, account?: string): (orgId: number, docId: string) => ListedDocument | null {
  const found = new Map<string, ListedDocument>();
  for (const site of listing?.sites ?? []) {
    if (account !== undefined && site.account !== account) continue;
    for (const workspace of site.workspaces) {
      for (const document of workspace.documents) {
        if (only !== undefined && document.id !== only) continue;
        const key = `${site.orgId}/${document.id}`;
        const before = found.get(key);
        if (!before || (!canRename(before.document) && canRename(document))) found.set(key, { site, workspace, document });
      }
    }
  }
  return (orgId, docId) => found.get(`${orgId}/${docId}`) ?? null;
}

/** Renames under way, by document id: a second rename of a document waits for the first. */
const renamesUnderWay = new Map<string, Promise<unknown>>();

/** Runs `rename` after any earlier rename of the same document has settled. */
export function oneAtATime<T>(docId: string, rename: () => Promise<T>): Promise<T> {
  const next = (renamesUnderWay.get(docId) ?? Promise.resolve()).then(rename);
  const settled = next.catch(() => undefined);
  renamesUnderWay.set(docId, settled);
  void settled.then(() => {
    if (renamesUnderWay.get(docId) === settled) renamesUnderWay.delete(docId);
  });
  return next;
}

/**
 * The PATCH went out but its answer was lost (timeout, reset): it may or may not have happened.
 * Rather than send it again, read the document back (`GET {site}/api/docs/<id>`) and say which.
 * Returns when the new name is stored; throws an ApiError saying what is known otherwise.
 */
async function confirmAfterLostAnswer(client: GristClient, target: RenameTarget, name: string): Promise<void> {
  let stored: string;
  try {
    stored =
      target.workspaceId === undefined
        ? (await client.get(target.siteUrl, `/api/docs/${encodeURIComponent(target.docId)}`, documentSchema)).name
        : (await client.get(target.siteUrl, `/api/workspaces/${target.workspaceId}`, workspaceSchema)).name;
  } catch {
    throw new ApiError(
      'network',
      t('errorLostAnswerUnchecked'),
    );
  }
  if (stored !== name) {
    throw new ApiError('network', t('errorLostAnswerOldName'));
  }
}

/**
 * Checks the typed name and sends the one PATCH: `{site}/api/docs/<id>`, or for a workspace
 * `{site}/api/workspaces/<id>` (grist-api.md: the same body, the same silent no-ops, owners only).
 * In: the target's site, id and current name, and the typed name. Out: the name Grist now stores,
 * or null when it is unchanged (nothing sent).
 * Throws ApiError: `invalid-input` for an empty or too long name (nothing sent); `forbidden` for a
 * non-owner (Grist answers 403 "access denied" to editors and viewers); `not-found` for a
 * document gone from Grist (it is also removed from the cached listing) or a workspace gone;
 * `network` when the answer was lost and the target does not have the new name.
 */
export async function sendRename(client: GristClient, target: RenameTarget, typedName: string, { restoring = false }: { restoring?: boolean } = {}): Promise<string | null> {
  // An undo puts back a name Grist had, whatever its length.
  const check = checkDocumentName(typedName, target.currentName, { anyLength: restoring });
  if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
  if (check.kind === 'unchanged') return null;
  const workspace = target.workspaceId !== undefined;
  const path = workspace ? `/api/workspaces/${target.workspaceId}` : `/api/docs/${encodeURIComponent(target.docId)}`;
  try {
    await client.patch(target.siteUrl, path, { name: check.name }, anyJsonSchema);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network' || error.kind === 'timeout') {
      await confirmAfterLostAnswer(client, target, check.name);
    } else if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) {
      throw new ApiError('forbidden', t(workspace ? 'errorNotOwnerOfWorkspace' : 'errorNotOwnerOf', target.currentName), 403);
    } else if (error.status === 404) {
      if (!workspace) await forgetDocument(target.docId);
      throw new ApiError('not-found', t(workspace ? 'errorWorkspaceGone' : 'errorDocumentGone', target.currentName, new URL(target.siteUrl).host), 404);
    } else {
      throw error;
    }
  }
  return check.name;
}

/**
 * Adds the history entry of a rename Grist confirmed. From the call on, the history holds it
 * (readHistory waits for its write). Out, once written: the entry's id, or null when the history
 * could not be written (the rename happened, so that is logged, not thrown).
 */
export async function recordInHistory(target: RenameTarget, name: string, record: RenameRecord): Promise<string | null> {
  const entry = await addHistoryEntry({
    ...record,
    ...(target.workspaceId === undefined ? {} : { kind: 'workspace' as const }),
    site: { ...record.site, url: target.siteUrl },
    docId: target.docId,
    oldName: target.currentName,
    newName: name,
  }).catch((error: unknown) => {
    logFailure('recording the rename in the history')(error);
    return null;
  });
  return entry?.id ?? null;
}

/**
 * Renames a document: `sendRename`, then the name in the cached listing and the history. Out: the name as stored (the
 * current name, with no entry, when it is unchanged). Throws as `sendRename` does.
 */
export async function renameAt(
  client: GristClient,
  target: RenameTarget,
  typedName: string,
  record: RenameRecord,
  options: { restoring?: boolean } = {},
): Promise<RenameResult> {
  const name = await sendRename(client, target, typedName, options);
  if (name === null) return { name: target.currentName, entryId: null };
  // Both queued now, side by side.
  const cached = target.workspaceId === undefined ? recordRename(target.docId, name) : recordWorkspaceRename(target.siteUrl, target.workspaceId, name);
  const [, entryId] = await Promise.all([cached, recordInHistory(target, name, record)]);
  return { name, entryId };
}

/**
 * A workspace of the listing, with its site; null when the listing has no such workspace. In: which
 * sites to look in (workspace ids are per server), and the workspace's id. Where several accounts
 * list it, the first whose access is `owners`, else the first.
 */
export function findWorkspace(listing: Listing | null, inSite: (site: SiteEntry) => boolean, workspaceId: number) {
  let first: { site: SiteEntry; workspace: WorkspaceEntry } | null = null;
  for (const site of listing?.sites ?? []) {
    const workspace = inSite(site) ? site.workspaces.find((entry) => entry.id === workspaceId) : undefined;
    if (!workspace) continue;
    if (canRename(workspace)) return { site, workspace };
    first ??= { site, workspace };
  }
  return first;
}

/**
 * The cached listing and a client for each saved account (clientsFor), read together: what a
 * rename or a move from a page needs before its first request.
 */
export async function listingAndClients(): Promise<[Listing | null, (accountId: string) => GristClient]> {
  const [listing, accounts] = await Promise.all([readListing(), readKeyedAccounts()]);
  return [listing, clientsFor(accounts)];
}

/**
 * The popup's `renameWorkspace` message: renames a workspace of the cached listing, through its
 * own site (Grist would take any site's address, grist-api.md; the extension does not rely on it).
 */
export function renameWorkspace({ orgId, siteUrl, workspaceId, name }: { orgId: number; siteUrl: string; workspaceId: number; name: string }): Promise<RenameResult> {
  const key = workspaceKey(workspaceId);
  return oneAtATime(key, async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findWorkspace(listing, (site) => site.orgId === orgId && site.siteUrl === siteUrl, workspaceId);
    if (!found) throw new ApiError('not-found', t('errorWorkspaceNotInList'));
    const { site, workspace } = found;
    const client = clientOf(site.account);
    return renameAt(client, { siteUrl: site.siteUrl, docId: key, currentName: workspace.name, workspaceId }, name, {
      account: site.account,
      source: 'popup',
      site: { orgId: site.orgId, name: site.name },
      workspace: { id: workspace.id, name: workspace.name },
    });
  });
}

/**
 * The popup's `renameDocument` message: renames a document of the cached listing. Renames of one
 * document run one at a time, each checked against the name the one before it left.
 */
export function renameDocument({ orgId, docId, name, source }: RenameRequest): Promise<RenameResult> {
  return oneAtATime(docId, async () => {
    const [listing, clientOf] = await listingAndClients();
    const found = findDocument(listing, orgId, docId);
    if (!found) throw new ApiError('not-found', t('errorNotInList'));
    const { site, workspace, document } = found;
    const client = clientOf(site.account);
    return renameAt(client, { siteUrl: site.siteUrl, docId, currentName: document.name }, name, {
      account: site.account,
      source: source ?? 'popup',
      site: { orgId: site.orgId, name: site.name },
      workspace: { id: workspace.id, name: workspace.name },
    });
  });
}
