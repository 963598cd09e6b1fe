/**
 * What a change that adds a document (a copy, a new document, one restored) shows once Grist made
 * it: the document listed in its place, and the offer of its undo, which takes it out again; and
 * what such a change's undo from the History shows (addedUndone).
 */
import type { ChangeEntry } from '../../shared/protocol/change-log.ts';
import { documentPageUrl, type DocumentEntry, type DocumentPlace } from '../../shared/protocol/listing.ts';
import type { ChangeWords, ListingEdit, UndoOffered } from './change-descriptor.ts';
import { removedDocument, withAdded, withoutDocument } from './listing-edits.ts';
import { loggedDocument } from './logged-rows.ts';
import { rowKey } from '../reads/row-ref.ts';

/** The listing once the change that added `entry`'s document is undone (it goes to the trash): without it. */
export const addedUndone = (entry: ChangeEntry): ListingEdit => removedDocument(loggedDocument(entry));

/**
 * `document` added to `place` of `account`'s listing (any account's, when absent), with `words`;
 * `open`: its page is offered too (Open).
 */
export function shownAdded(document: DocumentEntry, place: DocumentPlace, account: string | undefined, words: Omit<ChangeWords, 'undoneMessage'> & { undoneMessage: string }, open: boolean): { shown: ListingEdit; offer: UndoOffered } {
  const row = { orgId: place.site.orgId, siteUrl: place.site.url, docId: document.id, ...(account === undefined ? {} : { account }) };
  return {
    shown: { change: (shown) => withAdded(shown, place, document, account) },
    offer: {
      row,
      oldName: document.name,
      words: { ...words, undoneMessage: () => words.undoneMessage },
      ...(open ? { open: { url: documentPageUrl(place.site.url, document), name: document.name } } : {}),
      undone: () => ({ key: rowKey(row), change: (shown) => withoutDocument(shown, row) }),
    },
  };
}
