/**
 * The Trash view's changes: reading every listed site's trash, taking a document back to its
 * workspace (listed there again, the status says so with Undo, back to the trash), and deleting one
 * forever, which has no undo.
 */
import { batch } from '@preact/signals';
import type { Backend } from '../../shared/backend-client.ts';
import { addedEntry } from '../../shared/document-rules.ts';
import { settle } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import type { LoggedChange } from '../../shared/messages.ts';
import { placeIn, placeName } from '../../shared/move.ts';
import { plainTextName } from '../../shared/plain-text-name.ts';
import type { TrashedDocument, TrashSite } from '../../shared/trash.ts';
import { addedUndone, shownAdded } from './added-document.ts';
import type { ChangeContext, RegisteredChange } from './change-descriptor.ts';
import { runChange } from './runner.ts';

/** A restore asked: `document` of `site`'s trash. */
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

/** Every listed site's trash, read afresh by the worker. Out: the sites, or why they could not be read. */
export async function readTrash({ backend }: Pick<ChangeContext, 'backend'>): Promise<TrashSite[] | string> {
  const reply = await settle(backend.readTrash(null));
  return reply.ok ? reply.value : reply.error.message;
}

/** Takes `document` of `site`'s trash back to its workspace (see `restoreFromTrash`). Out: null when done, otherwise why not. */
export async function restore(context: ChangeContext, site: TrashSite, document: TrashedDocument): Promise<string | null> {
  const reply = await runChange(context, restoreFromTrash, { site, document });
  return reply.ok ? null : reply.error.message;
}

/** Deletes `document` of `site`'s trash forever (asked in place first, trash-view.tsx): no undo. Out: null when done, otherwise why not. */
export async function deleteForever({ backend, announcement }: Pick<ChangeContext, 'backend' | 'announcement'>, site: TrashSite, document: TrashedDocument): Promise<string | null> {
  const reply = await settle(backend.deleteDocument({ orgId: site.orgId, siteUrl: site.siteUrl, docId: document.id }));
  if (!reply.ok) return reply.error.message;
  batch(() => (announcement.value = t('deletedForever', plainTextName(document.name))));
  return null;
}
