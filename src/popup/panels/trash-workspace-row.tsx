/**
 * A workspace in the Trash view: its name, that it is a workspace and how many documents went with
 * it, when it was removed, and for its owners Restore (it comes back with its documents). Grist
 * deletes it itself once its documents are gone; the view offers no Delete forever for it.
 */
import { t, tCount } from '../../shared/i18n.ts';
import type { TrashedWorkspace } from '../../shared/protocol/trash.ts';
import { TrashItem } from './trash-item.tsx';

interface TrashWorkspaceRowProps {
  workspace: TrashedWorkspace;
  busy: boolean;
  error: string | undefined;
  onRestore: () => void;
}

export function TrashWorkspaceRow({ workspace, busy, error, onRestore }: TrashWorkspaceRowProps) {
  return (
    <TrashItem workspace name={workspace.name} detail={tCount('trashedWorkspaceLabel', workspace.documents.length)} removedAt={workspace.removedAt} error={error}>
      {/* Owners only: Grist answers 403 to others (docs/grist-api.md "Workspaces"). */}
      {workspace.access === 'owners' ? (
        <div class="trash-actions">
          <button type="button" class="link-button" aria-label={t('restoreWorkspaceOf', workspace.name)} aria-disabled={busy ? 'true' : undefined} onClick={onRestore}>
            {t('restore')}
          </button>
        </div>
      ) : null}
    </TrashItem>
  );
}
