/** A document Grist said is gone, as a rename or a move meets it (an answer 404). */
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import type { ChangeContext, ListingEdit } from './change-kind.ts';
import { withoutDocument } from './listing-edits.ts';
import { rowKey } from './row-ref.ts';

/**
 * Takes out a document Grist said is gone: the worker already took it out of the cached listing;
 * here too, and over any refresh under way, rather than offer a retry that cannot work. `message`
 * names the document, so the user knows which row went; the view moves the focus it held
 * (removedDocument). Out: the listing's edit, for the runner to show.
 */
export function forgetGone({ removedDocument, announcement }: Pick<ChangeContext, 'removedDocument' | 'announcement'>, ref: DocumentRef, message: string): ListingEdit {
  removedDocument.value = ref;
  announcement.value = message;
  return { key: rowKey(ref), change: (shown) => withoutDocument(shown, ref) };
}
