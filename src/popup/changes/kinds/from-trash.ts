/**
 * The Trash view's changes: taking a document back to its workspace (listed there again, the
 * status says so with Undo, back to the trash), and deleting one forever, which has no undo: each
 * through the pages' one lifecycle (a restore by the popup's runner, which offers its undo; a
 * delete forever by page-shared/change-lifecycle.ts itself). The view's read of every listed
 * site's trash: reads/trash.ts.
 */
import { runPageChange, type PageChange } from '../../../page-shared/change-lifecycle.ts';
import type { Backend } from '../../../page-shared/backend-client.ts';
import { addedEntry } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import type { LoggedChange } from '../../../shared/protocol/messages.ts';
import { placeIn, placeName } from '../../../shared/rules/move.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { TrashedDocument, TrashSite } from '../../../shared/protocol/trash.ts';
import { addedUndone, shownAdded } from '../added-document.ts';
import type { ChangeContext, RegisteredChange } from '../change-descriptor.ts';
import { runChange } from '../runner.ts';

/** A restore or a delete forever asked: `document` of `site`'s trash. */
interface RestoreVars {
  site: TrashSite;
  document: TrashedDocument;
}

/** A restore: shown once Grist confirms; a refusal is the Trash view's to say (restore's answer), not the status's. */
export const restoreFromTrash = {
  logged: [{ kind: 'restore', target: 'document' }],
  undone: addedUndone,
  acts: { restore },
  words: ['restoredTo', 'undoRestoreOf', 'movedToTrash'],
  send: (backend: Pick<Backend, 'restoreDocument'>, { site, document }) => backend.restoreDocument({ orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id }),
  onError: () => null,
  onSuccess(_context, _answer, { site, document }) {
    const place = placeIn(site, document.workspace);
    const name = plainTextName(document.name);
    const words = { message: t('restoredTo', name, placeName(place)), undoLabel: t('undoRestoreOf', document.name), undoneMessage: t('movedToTrash', name) };
    return shownAdded(addedEntry(document.id, document.name), place, site.account, words, false);
  },
} satisfies RegisteredChange<RestoreVars, LoggedChange>;

/** Takes `document` of `site`'s trash back to its workspace (see `restoreFromTrash`). Out: null when done, otherwise why not. */
export async function restore(context: ChangeContext, site: TrashSite, document: TrashedDocument): Promise<string | null> {
  const reply = await runChange(context, restoreFromTrash, { site, document });
  return reply.ok ? null : reply.error.message;
}

/**
 * A delete forever, in the pages' one lifecycle: nothing shown at once (the Trash view shows it on
 * its way); a refusal is the Trash view's to say (deleteForever's answer), not the status's; once
 * Grist confirms, the status says it is gone. It has no undo: the status's offer of an earlier
 * change stays.
 */
export const deleteFromTrash: PageChange<Pick<ChangeContext, 'backend' | 'announcement'>, RestoreVars, LoggedChange> = {
  send: (backend, { site, document }) => backend.deleteDocument({ orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id }),
  onError: () => undefined,
  onSuccess({ announcement }, _answer, { document }) {
    announcement.value = t('deletedForever', plainTextName(document.name));
  },
};

/** Deletes `document` of `site`'s trash forever (asked in place first, trash-view.tsx; see `deleteFromTrash`). Out: null when done, otherwise why not. */
export async function deleteForever(context: Pick<ChangeContext, 'backend' | 'announcement'>, site: TrashSite, document: TrashedDocument): Promise<string | null> {
  const reply = await runPageChange(context, deleteFromTrash, { site, document });
  return reply.ok ? null : reply.error.message;
}
