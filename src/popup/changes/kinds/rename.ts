/**
 * A rename of a document or a workspace, from its field in the list: the field's states (begin,
 * type, cancel, commit) and the change itself, which the runner sends (runner.ts). The row shows
 * the typed name while it is on its way (the field's `saving`), back in the field if refused.
 */
import { batch } from '@preact/signals';
import type { Backend } from '../../../page-shared/backend-client.ts';
import { checkDocumentName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import type { RenamedDocument } from '../../../shared/protocol/messages.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { ChangeContext, RegisteredChange } from '../change-descriptor.ts';
import type { RenameState } from '../edit-states.ts';
import { forgetGone } from '../gone.ts';
import { removedDocument, renamedTo } from '../listing-edits.ts';
import { renameSubject } from '../../reads/listing-lookups.ts';
import { loggedRow } from '../logged-rows.ts';
import { rowKey, type RowRef } from '../../reads/row-ref.ts';
import { runChange } from '../runner.ts';

/** A rename asked: of `ref`, from `oldName` to `name` (checked), as typed (`draft`, put back if refused). */
interface RenameVars {
  ref: RowRef;
  name: string;
  draft: string;
  oldName: string;
}

/** A rename: nothing shown at once but the field's state; the name Grist stored once confirmed, with Undo. */
export const rename = {
  logged: [
    { kind: 'rename', target: 'document' },
    { kind: 'rename', target: 'workspace' },
  ],
  // Undone, the row shows the name Grist answered, under every account.
  undone: (entry, restored) => {
    const row = loggedRow(entry);
    return row && renamedTo(row, restored);
  },
  acts: { beginRename, setDraft, cancelRename, commitRename },
  words: ['renamedFromTo', 'undoRenameOf', 'renamedBack'],
  // The worker renames with the first account that owns it: the row's account is not sent.
  send: (backend: Pick<Backend, 'renameDocument' | 'renameWorkspace'>, { ref, name }) =>
    'docId' in ref
      ? backend.renameDocument({ orgId: ref.orgId, siteUrl: ref.siteUrl, docId: ref.docId, name })
      : backend.renameWorkspace({ orgId: ref.orgId, siteUrl: ref.siteUrl, workspaceId: ref.workspaceId, name }),
  // A document Grist no longer has leaves the list; any other failure goes back to the field with
  // the typed text, so the user can fix it and retry.
  onError(context, error, { ref, draft }) {
    if (error.kind === 'not-found' && 'docId' in ref) {
      setRename(context, ref, null);
      forgetGone(context, ref, error.message);
      return removedDocument(ref);
    }
    setRename(context, ref, { draft, saving: false, error: error.message });
    context.announcement.value = '';
    return null;
  },
  // Grist may store the name differently from what was typed: what it stored is shown.
  onSuccess(context, { name: stored }, { ref, oldName }) {
    setRename(context, ref, null);
    const words = {
      message: t('renamedFromTo', plainTextName(oldName), plainTextName(stored)),
      undoLabel: t('undoRenameOf', stored),
      undoneMessage: (restored: string) => t('renamedBack', plainTextName(restored)),
    };
    return { shown: renamedTo(ref, stored), offer: { row: ref, oldName, words, undone: (restored) => renamedTo(ref, restored) } };
  },
} satisfies RegisteredChange<RenameVars, RenamedDocument>;

/** Puts a document or workspace in a rename state, or (null) out of it. */
function setRename({ renames }: Pick<ChangeContext, 'renames'>, ref: RowRef, state: RenameState | null): void {
  const next = new Map(renames.value);
  if (state) next.set(rowKey(ref), state);
  else next.delete(rowKey(ref));
  renames.value = next;
}

/**
 * Puts `ref` in edit mode, its field holding its name; not one the user may not rename, nor one
 * whose rename is on its way.
 */
export function beginRename(context: ChangeContext, ref: RowRef): void {
  const { listing, renames, announcement } = context;
  const subject = renameSubject(listing.value, ref);
  if (!subject?.renamable || renames.value.get(rowKey(ref))?.saving) return;
  batch(() => {
    setRename(context, ref, { draft: subject.name, saving: false, error: null });
    // The last result is news no more once the user moves on to another rename; the last
    // rename's Undo stays until another rename replaces it.
    announcement.value = '';
  });
}

/** The rename of `ref` while in edit mode, not saving; undefined otherwise. */
function editing({ renames }: Pick<ChangeContext, 'renames'>, ref: RowRef): RenameState | undefined {
  const state = renames.value.get(rowKey(ref));
  return state && !state.saving ? state : undefined;
}

/** What the field of `ref` holds becomes `draft`, while in edit mode. */
export function setDraft(context: ChangeContext, ref: RowRef, draft: string): void {
  const state = editing(context, ref);
  if (state) setRename(context, ref, { ...state, draft });
}

/** `ref` leaves edit mode, nothing sent; not while its rename is on its way. */
export function cancelRename(context: ChangeContext, ref: RowRef): void {
  if (editing(context, ref)) setRename(context, ref, null);
}

/**
 * Renames `ref` to the name typed in its field, which it shows at once (put back in the field if
 * refused); not a second time while the first is on its way (a second Enter). The name is checked
 * first: an empty or too long one goes back to the field with why; an unchanged one just leaves
 * edit mode.
 */
export async function commitRename(context: ChangeContext, ref: RowRef): Promise<void> {
  const state = editing(context, ref);
  if (!state) return;
  const { announcement, listing } = context;
  batch(() => {
    setRename(context, ref, { ...state, saving: true, error: null });
    announcement.value = t('savingNewName');
  });
  const subject = renameSubject(listing.value, ref);
  const check = subject ? checkDocumentName(state.draft, subject.name) : { kind: 'unchanged' as const };
  if (!subject || check.kind !== 'ok') {
    batch(() => {
      setRename(context, ref, check.kind === 'invalid' ? { ...state, saving: false, error: t('nameRefusedKeepHint', check.message) } : null);
      announcement.value = '';
    });
    return;
  }
  await runChange(context, rename, { ref, name: check.name, draft: state.draft, oldName: subject.name });
}
