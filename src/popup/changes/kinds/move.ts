/**
 * A document's move to another workspace, from its destination picker: the picker shows it on its
 * way and any refusal; once Grist confirms, the listing shows it there in the same frame as the
 * status ("Moved … to …", with Undo).
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import { t } from '../../../shared/i18n.ts';
import type { DocumentPlace, MovedDocument } from '../../../shared/protocol/listing.ts';
import { movedBackText, movedText } from '../../../move-view/moved-text.ts';
import type { ChangeContext, RegisteredChange } from '../change-descriptor.ts';
import type { MoveState } from '../edit-states.ts';
import { focusDocumentLink } from '../../focus/focus.ts';
import { forgetGone } from '../gone.ts';
import { removedDocument, withMoved } from '../listing-edits.ts';
import { placeOf, rowDocument } from '../../reads/listing-lookups.ts';
import { loggedDocument, loggedPlace } from '../logged-rows.ts';
import { runChange } from '../runner.ts';

/** A move asked: the picker's state before it was sent, where to (`to`), where from, and the document's name. */
interface MoveVars {
  state: MoveState;
  to: DocumentPlace;
  from: DocumentPlace;
  name: string;
}

/** A move: shown once Grist confirms (not over refreshes under way), then offered for undo. */
export const move = {
  logged: [{ kind: 'move', target: 'document' }],
  // Undone, the document goes back where it was (from where the move took it, on its site there).
  undone: (entry) => {
    const from = loggedPlace(entry);
    const to = entry.kind === 'move' ? entry.to : undefined;
    return from && to ? { change: (shown) => withMoved(shown, loggedDocument(entry, to.site), from) } : null;
  },
  acts: { commitMove },
  words: ['movedTo', 'undoMoveOf', 'movedBack', 'oldLinksStayBroken'],
  // With the row's account, whose destinations the picker offered (with one account the ref has none).
  send: (backend: Pick<Backend, 'moveDocument'>, { state: { ref }, to }) =>
    backend.moveDocument({ ...(ref.account === undefined ? {} : { account: ref.account }), orgId: ref.orgId, siteUrl: ref.siteUrl, docId: ref.docId, to: { orgId: to.site.orgId, workspaceId: to.workspace.id } }),
  // A refusal stays in the picker, in Grist's words as the worker put them; a document Grist no
  // longer has closes it rather than leave one whose every choice would fail the same way.
  onError({ moving, ...context }, error, { state }) {
    if (error.kind === 'not-found' && error.status === 404) {
      moving.value = null;
      forgetGone(context, state.ref, error.message);
      return removedDocument(state.ref);
    }
    moving.value = { ...state, error: error.message };
    return null;
  },
  onSuccess({ moving }, { to: there }, { state, from, name }) {
    moving.value = null;
    // Moved to another site, the row is named by its new site.
    const ref = { ...state.ref, orgId: there.site.orgId, siteUrl: there.site.url };
    focusDocumentLink(ref);
    const words = { message: movedText('movedTo', name, there), undoLabel: t('undoMoveOf', name), undoneMessage: (restored: string) => movedBackText({ from, to: there }, restored) };
    return {
      shown: { change: (shown) => withMoved(shown, state.ref, there) },
      offer: { row: ref, oldName: name, move: true, words, undone: () => ({ change: (shown) => withMoved(shown, ref, from) }) },
    };
  },
} satisfies RegisteredChange<MoveVars, MovedDocument>;

/** Moves the document of the open picker (`moving`) to `to` through the worker (see `move`); not while one is on its way. */
export async function commitMove(context: ChangeContext, to: DocumentPlace): Promise<void> {
  const { listing, moving } = context;
  const state = moving.value;
  const from = state && placeOf(listing.value, state.ref);
  const document = state && rowDocument(listing.value, state.ref);
  if (!state || state.saving || !from || !document) return;
  moving.value = { ...state, saving: true, error: null };
  await runChange(context, move, { state, to, from, name: document.name });
}
