/**
 * A document's copy, from its copy form (the destination picker with a name and a template box):
 * nothing shown at once. Once Grist made it, the copy is listed there, the form closes and the
 * status offers Open and Undo (saying "as a template" for one); a refusal stays in the form in
 * Grist's words; a lost answer the worker could not confirm says so, and the form offers Copy
 * again (`lost`) for as long as the latest answer is such a one: an answer that nothing is kept to
 * read for any more (`cannot-tell`) leaves the form with Copy, which the worker sends after reading
 * afresh.
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import { addedEntry } from '../../../shared/rules/document-rules.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentPlace } from '../../../shared/protocol/listing.ts';
import type { CopiedDocument } from '../../../shared/protocol/messages.ts';
import { placeName } from '../../../shared/rules/move.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { DocumentRef } from '../../../listing-view/row-identity.ts';
import { addedUndone, shownAdded } from '../added-document.ts';
import type { ChangeContext, RegisteredChange } from '../change-descriptor.ts';
import type { MoveState } from '../edit-states.ts';
import { focusDocumentLink } from '../../focus/focus.ts';
import { runChange } from '../runner.ts';

/** A copy asked: the form's state before it was sent, where to, its name and whether structure only; `again`: a lost one asked again. */
interface CopyVars {
  form: Omit<MoveState, 'lost'>;
  to: DocumentPlace;
  name: string;
  asTemplate: boolean;
  again: boolean;
}

/** A copy, as the runner runs it: nothing shown before Grist made it; then listed, with Open and Undo; a lost answer keeps the form for Copy again. */
export const copy = {
  logged: [{ kind: 'copy', target: 'document' }],
  undone: addedUndone,
  acts: { beginCopy, commitCopy },
  words: ['copiedTo', 'copiedAsTemplateTo', 'undoCopyOf', 'copyUndone'],
  // With the row's account, whose destinations the form offered (with one account the ref has none);
  // `again`: the worker reads for the copy whose answer was lost first.
  send: (backend: Pick<Backend, 'copyDocument'>, { form: { ref }, to, name, asTemplate, again }) =>
    backend.copyDocument({
      ...(ref.account === undefined ? {} : { account: ref.account }),
      orgId: ref.orgId,
      siteUrl: ref.siteUrl,
      docId: ref.docId,
      to: { orgId: to.site.orgId, workspaceId: to.workspace.id },
      name,
      asTemplate,
      ...(again ? { again: true } : {}),
    }),
  onError({ moving }, error, { form, to, name, asTemplate }) {
    const stillLost = error.kind === 'network' || error.kind === 'timeout';
    moving.value = { ...form, error: error.message, ...(stillLost ? { lost: { to, name, asTemplate } } : {}) };
    return null;
  },
  // The name as the worker sent it (trimmed).
  onSuccess({ moving }, { id, name: made, to: there }, { form, asTemplate }) {
    moving.value = null;
    // The form took the focus with it: back to the document copied.
    focusDocumentLink(form.ref);
    const words = { message: t(asTemplate ? 'copiedAsTemplateTo' : 'copiedTo', plainTextName(made), placeName(there)), undoLabel: t('undoCopyOf', made), undoneMessage: t('copyUndone', plainTextName(made)) };
    return shownAdded(addedEntry(id, made), there, form.ref.account, words, true);
  },
} satisfies RegisteredChange<CopyVars, CopiedDocument>;

/** Opens the copy form of document `ref` in place of its row, unless a move or copy is on its way. */
export function beginCopy({ moving }: Pick<ChangeContext, 'moving'>, ref: DocumentRef): void {
  if (!moving.value?.saving) moving.value = { ref, saving: false, error: null, copy: true };
}

/**
 * Copies the document of the open copy form to `to`, named `name` (`asTemplate`: structure only),
 * see `copy`; not while one is on its way. The same copy as one whose answer was lost (same
 * destination, name and template choice) is asked again as such.
 */
export async function commitCopy(context: ChangeContext, to: DocumentPlace, name: string, asTemplate: boolean): Promise<void> {
  const { moving } = context;
  const state = moving.value;
  if (!state?.copy || state.saving) return;
  moving.value = { ...state, saving: true, error: null };
  const { lost, ...form } = state;
  const again = Boolean(lost && lost.to.site.url === to.site.url && lost.to.workspace.id === to.workspace.id && lost.name === name && lost.asTemplate === asTemplate);
  await runChange(context, copy, { form, to, name, asTemplate, again });
}
