/**
 * Who may do what to a document besides renaming and moving it (docs/grist-api.md "Trash, restore,
 * delete, pin, copy, create"), from the access the listing gives. Pure, for the worker's checks and
 * the pages' menus alike.
 */
import type { DocumentEntry } from '../protocol/listing.ts';

/** Only owners move a document to the trash, restore it or delete it forever (others get 403). */
export function canTrash(document: Pick<DocumentEntry, 'access'>): boolean {
  return document.access === 'owners';
}

/** Owners and editors pin and unpin (a viewer gets 403 "access denied"). */
export function canPin(document: Pick<DocumentEntry, 'access'>): boolean {
  return document.access === 'owners' || document.access === 'editors';
}

/**
 * A document as the listing has it once a change added it (a copy, a new document, one restored),
 * until the next refresh says more: its maker or restorer owns it (docs/grist-api.md "Copy", "New
 * document"; only owners restore), and its full id stands for its urlId.
 */
export function addedEntry(id: string, name: string): DocumentEntry {
  return { id, urlId: id, name, access: 'owners', isPinned: false, updatedAt: new Date().toISOString() };
}

/** The name a copy of `name` gets unless the user types another: Grist's own default. */
export function copyName(name: string): string {
  return `${name} (copy)`;
}
