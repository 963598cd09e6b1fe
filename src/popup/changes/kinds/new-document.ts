/**
 * A new document, from a workspace's New document field: nothing shown at once but "Creating…";
 * once Grist made it, it is listed there and the status offers Open and Undo.
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import { checkNewName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';
import type { CreatedDocument } from '../../../shared/protocol/messages.ts';
import { placeIn, placeName } from '../../../shared/rules/move.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { WorkspaceRef } from '../../../listing-view/row-identity.ts';
import { addedUndone, shownAdded } from '../added-document.ts';
import type { ChangeContext, RegisteredChange } from '../change-descriptor.ts';
import { rowWorkspace } from '../../reads/listing-lookups.ts';
import { runChange } from '../runner.ts';

/** A new document asked: named `name` (checked), in workspace `ref`, which is `place`. */
interface NewDocumentVars {
  ref: WorkspaceRef;
  place: DocumentPlace;
  name: string;
}

/** A new document, as the runner runs it: nothing shown before Grist made it; then listed, with Open and Undo. */
export const newDocument = {
  logged: [{ kind: 'create', target: 'document' }],
  undone: addedUndone,
  acts: { createIn },
  words: ['createdIn', 'undoCreateOf', 'createUndone'],
  send: (backend: Pick<Backend, 'createDocument'>, { ref, name }) => backend.createDocument({ orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: ref.workspaceId, name }),
  onSuccess(_context, { document }, { ref, place }) {
    const name = plainTextName(document.name);
    const words = { message: t('createdIn', name, placeName(place)), undoLabel: t('undoCreateOf', document.name), undoneMessage: t('createUndone', name) };
    return shownAdded(document, place, ref.account, words, true);
  },
} satisfies RegisteredChange<NewDocumentVars, CreatedDocument>;

/**
 * A new document named `typed` (trimmed) in workspace `ref` (see `newDocument`). Out: null when
 * made, otherwise why not (an empty or too long name, or Grist's refusal in its words as the worker
 * put them), which the status says too: a heading's field has no room under it.
 */
export async function createIn(context: ChangeContext, ref: WorkspaceRef, typed: string): Promise<string | null> {
  const { listing, announcement } = context;
  const workspace = rowWorkspace(listing.value, ref);
  const site = listing.value?.sites.find((entry) => entry.orgId === ref.orgId && entry.siteUrl === ref.siteUrl);
  const check = checkNewName(typed);
  const refused = (message: string) => (announcement.value = message);
  if (!workspace || !site) return refused(t('errorWorkspaceNotInList'));
  if (check.kind === 'invalid') return refused(check.message);
  announcement.value = t('creating');
  const reply = await runChange(context, newDocument, { ref, place: placeIn(site, workspace), name: check.name });
  return reply.ok ? null : reply.error.message;
}
