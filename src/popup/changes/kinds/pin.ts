/**
 * A document pinned or unpinned, from its menu: it takes its place among the pinned at once, back
 * if Grist refuses; once Grist confirms, the status says so with Undo.
 */
import type { Backend } from '../../../page-shared/backend-client.ts';
import { t } from '../../../shared/i18n.ts';
import type { LoggedChange } from '../../../shared/protocol/messages.ts';
import { plainTextName } from '../../../shared/rules/plain-text-name.ts';
import type { DocumentRef } from '../../../listing-view/row-identity.ts';
import type { ChangeContext, ListingEdit, RegisteredChange } from '../change-descriptor.ts';
import { withPinned } from '../listing-edits.ts';
import { rowDocument } from '../../reads/listing-lookups.ts';
import { loggedDocument } from '../logged-rows.ts';
import { rowKey } from '../../reads/row-ref.ts';
import { runChange } from '../runner.ts';

/** A pin asked: document `ref` (named `name`) pinned, or (`pinned` false) unpinned. */
interface PinVars {
  ref: DocumentRef;
  name: string;
  pinned: boolean;
}

/** The listing with document `ref` pinned (or not), kept over refreshes under way. */
const pinnedAs = (ref: DocumentRef, pinned: boolean): ListingEdit => ({ key: rowKey(ref), change: (shown) => withPinned(shown, ref, pinned) });

/** A pin or unpin, as the runner runs it: among the pinned (or not) at once, flipped back if Grist refuses. */
export const pin = {
  logged: [{ kind: 'pin', target: 'document' }],
  // Undone, it is flipped back.
  undone: (entry) => (entry.kind === 'pin' ? pinnedAs(loggedDocument(entry), !entry.pinned) : null),
  acts: { pinDocument },
  words: ['pinnedDocument', 'unpinnedDocument', 'undoPinOf', 'undoUnpinOf', 'pinUndone'],
  onMutate({ confirm, announcement }, { ref, pinned }) {
    confirm(rowKey(ref), (shown) => withPinned(shown, ref, pinned));
    announcement.value = '';
    return { putBack: pinnedAs(ref, !pinned) };
  },
  send: (backend: Pick<Backend, 'pinDocument'>, { ref, pinned }) => backend.pinDocument({ orgId: ref.orgId, siteUrl: ref.siteUrl, docId: ref.docId, pinned }),
  onSuccess(_context, _answer, { ref, name, pinned }) {
    const words = {
      message: t(pinned ? 'pinnedDocument' : 'unpinnedDocument', plainTextName(name)),
      undoLabel: t(pinned ? 'undoPinOf' : 'undoUnpinOf', name),
      undoneMessage: () => t('pinUndone', plainTextName(name)),
    };
    return { offer: { row: ref, oldName: name, words, undone: () => pinnedAs(ref, !pinned) } };
  },
} satisfies RegisteredChange<PinVars, LoggedChange>;

/** Pins (or unpins) document `ref` (see `pin`); nothing when the listing does not have it. */
export async function pinDocument(context: ChangeContext, ref: DocumentRef, pinned: boolean): Promise<void> {
  const document = rowDocument(context.listing.value, ref);
  if (document) await runChange(context, pin, { ref, name: document.name, pinned });
}
