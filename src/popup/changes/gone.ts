/** A document Grist said is gone, as a rename or a move meets it (an answer 404). */
import type { DocumentRef } from '../../listing-view/row-identity.ts';
import type { ChangeContext } from './change-descriptor.ts';

/**
 * Says a document Grist said is gone is gone: the worker already took it out of the cached
 * listing, and the change's onError takes it out here too (listing-edits.ts removedDocument),
 * rather than offer a retry that cannot work. `message` names the document, so the user knows
 * which row went; the view moves the focus it held (removedDocument).
 */
export function forgetGone({ removedDocument, announcement }: Pick<ChangeContext, 'removedDocument' | 'announcement'>, ref: DocumentRef, message: string): void {
  removedDocument.value = ref;
  announcement.value = message;
}
