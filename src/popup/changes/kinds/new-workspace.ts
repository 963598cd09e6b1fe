/**
 * A new workspace, from a site heading's New workspace field (sites the user owns): nothing shown at
 * once but "Creating…"; once Grist made it, it is listed on its site, empty, and the status offers
 * Undo (to the trash).
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import { checkNewName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import { siteDisplayName, type SiteEntry } from '../../../shared/protocol/listing.ts';
import type { CreatedWorkspace } from '../../../shared/protocol/messages.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { ChangeContext, RegisteredChange } from '../change-descriptor.ts';
import { withoutWorkspace, withWorkspaceAdded } from '../listing-edits.ts';
import { rowKey } from '../../reads/row-ref.ts';
import { runChange } from '../runner.ts';
import { workspaceUnlisted } from './workspace-trash.ts';

/** A new workspace asked: named `name` (checked), on `site`. */
interface NewWorkspaceVars {
  site: Pick<SiteEntry, 'account' | 'orgId' | 'name' | 'personal' | 'siteUrl'>;
  name: string;
}

/** A new workspace, as the runner runs it: nothing shown before Grist made it; then listed, with Undo. */
export const newWorkspace = {
  logged: [{ kind: 'create', target: 'workspace' }],
  undone: workspaceUnlisted,
  acts: { createWorkspaceOn },
  words: ['createdWorkspace', 'undoCreateWorkspaceOf', 'movedWorkspaceToTrash'],
  send: (backend: Pick<Backend, 'createWorkspace'>, { site, name }) => backend.createWorkspace({ orgId: site.orgId, siteUrl: site.siteUrl, name }),
  onSuccess(_context, { workspace }, { site }) {
    const row = { orgId: site.orgId, siteUrl: site.siteUrl, workspaceId: workspace.id, account: site.account };
    const name = plainTextName(workspace.name);
    const words = { message: t('createdWorkspace', name, siteDisplayName(site)), undoLabel: t('undoCreateWorkspaceOf', workspace.name), undoneMessage: () => t('movedWorkspaceToTrash', name) };
    return {
      shown: { key: rowKey(row), change: (shown) => withWorkspaceAdded(shown, row, workspace) },
      offer: { row, oldName: workspace.name, words, undone: () => ({ key: rowKey(row), change: (shown) => withoutWorkspace(shown, row) }) },
    };
  },
} satisfies RegisteredChange<NewWorkspaceVars, CreatedWorkspace>;

/**
 * A new workspace named `typed` (trimmed) on `site` (see `newWorkspace`). Out: null when made,
 * otherwise why not (an empty or too long name, or Grist's refusal in the worker's words), which
 * the status says too: a heading's field has no room under it.
 */
export async function createWorkspaceOn(context: ChangeContext, site: NewWorkspaceVars['site'], typed: string): Promise<string | null> {
  const { announcement } = context;
  const check = checkNewName(typed);
  if (check.kind === 'invalid') return (announcement.value = check.message);
  announcement.value = t('creating');
  const reply = await runChange(context, newWorkspace, { site, name: check.name });
  return reply.ok ? null : reply.error.message;
}
