/**
 * Who may do what to a document besides renaming and moving it (grist-api.md "Trash, restore,
 * delete, pin, copy, create"), from the access the listing gives. Pure, for the worker's checks and
 * the pages' menus alike.
 */
import type { DocumentEntry } from './listing.ts';

/** Only owners move a document to the trash, restore it or delete it forever (others get 403). */
export function canTrash(document: Pick<DocumentEntry, 'access'>): boolean {
  return document.access === 'owners';
}

/** Owners and editors pin and unpin (a viewer gets 403 "access denied"). */
export function canPin(document: Pick<DocumentEntry, 'access'>): boolean {
  return document.access === 'owners' || document.access === 'editors';
}

/** The name a copy of `name` gets unless the user types another: Grist's own default. */
export function copyName(name: string): string {
  return `${name} (copy)`;
}
