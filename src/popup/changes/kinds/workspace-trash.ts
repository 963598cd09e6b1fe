/**
 * A workspace's move to the trash, from its heading (its owners): it goes at once with its
 * documents, and comes back if Grist refuses (but for one Grist no longer has); once Grist
 * confirms, the status says so with Undo, which brings it back with them. And its restore from
 * the Trash view: listed again once Grist confirms, with Undo (back to the trash).
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import type { ChangeEntry } from '../../../shared/protocol/change-log.ts';
import { addedEntry } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import { siteDisplayName, type WorkspaceEntry } from '../../../shared/protocol/listing.ts';
import type { LoggedChange } from '../../../shared/protocol/messages.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { TrashedWorkspace, TrashSite } from '../../../shared/protocol/trash.ts';
import type { WorkspaceRef } from '../../../listing-view/row-identity.ts';
import type { ChangeContext, ListingEdit, RegisteredChange } from '../change-descriptor.ts';
import { focusOnceDrawn } from '../../focus/focus.ts';
import { withoutWorkspace, withWorkspaceAdded } from '../listing-edits.ts';
import { rowWorkspace } from '../../reads/listing-lookups.ts';
import { loggedName, loggedWorkspace } from '../logged-rows.ts';
import { rowKey } from '../../reads/row-ref.ts';
import { runChange } from '../runner.ts';

/** A trash asked: of workspace `ref`, as listed (`workspace`, with its documents). */
interface WorkspaceTrashVars {
  ref: WorkspaceRef;
  workspace: WorkspaceEntry;
}

/** The listing with workspace `ref` listed (again) as `workspace`, kept over refreshes under way. */
const listed = (ref: WorkspaceRef, workspace: WorkspaceEntry): ListingEdit => ({ key: rowKey(ref), change: (shown) => withWorkspaceAdded(shown, ref, workspace) });
/** The listing without workspace `ref`, kept over refreshes under way. */
const unlisted = (ref: WorkspaceRef): ListingEdit => ({ key: rowKey(ref), change: (shown) => withoutWorkspace(shown, ref) });

/** The listing once a restore or a new workspace logged as `entry` is undone (it goes to the trash): without it. */
export const workspaceUnlisted = (entry: ChangeEntry): ListingEdit | null => {
  const ref = loggedWorkspace(entry);
  return ref && unlisted(ref);
};

/** A workspace's move to the trash, as the runner runs it: it goes at once, with its documents; put back if Grist refuses (but after a 404). */
export const trashWorkspaceChange = {
  logged: [{ kind: 'remove', target: 'workspace' }],
  // Undone from the History, it is listed again for the account that made the change, its owner;
  // its documents come with the next refresh.
  undone: (entry) => {
    const ref = loggedWorkspace(entry);
    return ref && listed(ref, { id: ref.workspaceId, name: loggedName(entry), access: 'owners', documents: [] });
  },
  acts: { trashWorkspace },
  words: ['movedWorkspaceToTrash', 'undoTrashWorkspaceOf', 'restoredWorkspace'],
  onMutate({ confirm, announcement }, { ref, workspace }) {
    const gone = unlisted(ref);
    confirm(gone.key!, gone.change);
    announcement.value = '';
    // Its heading, which held the focus, went: the search box takes it.
    focusOnceDrawn(() => globalThis.document.getElementById('search-documents'));
    return { putBack: listed(ref, workspace) };
  },
  send: (backend: Pick<Backend, 'removeWorkspace'>, { ref }) => backend.removeWorkspace({ orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: ref.workspaceId }),
  onError({ announcement }, error, _vars, { putBack }) {
    announcement.value = error.message;
    // Gone from Grist: nothing to put back.
    return error.status === 404 ? null : (putBack ?? null);
  },
  onSuccess(_context, _answer, { ref, workspace }) {
    const name = plainTextName(workspace.name);
    const words = { message: t('movedWorkspaceToTrash', name), undoLabel: t('undoTrashWorkspaceOf', workspace.name), undoneMessage: () => t('restoredWorkspace', name) };
    return { offer: { row: ref, oldName: workspace.name, words, undone: () => listed(ref, workspace) } };
  },
} satisfies RegisteredChange<WorkspaceTrashVars, LoggedChange>;

/** Moves workspace `ref` to the trash, with its documents (see `trashWorkspaceChange`); nothing when the listing does not have it. */
export async function trashWorkspace(context: ChangeContext, ref: WorkspaceRef): Promise<void> {
  const workspace = rowWorkspace(context.listing.value, ref);
  if (workspace) await runChange(context, trashWorkspaceChange, { ref, workspace });
}

/** A restore asked: `workspace` of `site`'s trash. */
interface RestoreWorkspaceVars {
  site: TrashSite;
  workspace: TrashedWorkspace;
}

/** A workspace's restore: shown once Grist confirms; a refusal is the Trash view's to say, not the status's. */
export const restoreWorkspaceChange = {
  logged: [{ kind: 'restore', target: 'workspace' }],
  undone: workspaceUnlisted,
  acts: { restoreWorkspace },
  words: ['restoredWorkspaceTo', 'undoRestoreWorkspaceOf', 'movedWorkspaceToTrash'],
  send: (backend: Pick<Backend, 'restoreWorkspace'>, { site, workspace }) => backend.restoreWorkspace({ orgId: site.orgId, siteUrl: site.siteUrl, workspaceId: workspace.id }),
  onError: () => null,
  onSuccess(_context, _answer, { site, workspace }) {
    const ref = { orgId: site.orgId, siteUrl: site.siteUrl, workspaceId: workspace.id, account: site.account };
    // Its restorer owns it: they own what is in it, until the next refresh says more.
    const entry: WorkspaceEntry = { id: workspace.id, name: workspace.name, access: 'owners', documents: workspace.documents.map(({ id, name }) => addedEntry(id, name)) };
    const name = plainTextName(workspace.name);
    const words = { message: t('restoredWorkspaceTo', name, siteDisplayName(site)), undoLabel: t('undoRestoreWorkspaceOf', workspace.name), undoneMessage: () => t('movedWorkspaceToTrash', name) };
    return { shown: listed(ref, entry), offer: { row: ref, oldName: workspace.name, words, undone: () => unlisted(ref) } };
  },
} satisfies RegisteredChange<RestoreWorkspaceVars, LoggedChange>;

/** Takes `workspace` of `site`'s trash back, with its documents (see `restoreWorkspaceChange`). Out: null when done, otherwise why not. */
export async function restoreWorkspace(context: ChangeContext, site: TrashSite, workspace: TrashedWorkspace): Promise<string | null> {
  const reply = await runChange(context, restoreWorkspaceChange, { site, workspace });
  return reply.ok ? null : reply.error.message;
}
