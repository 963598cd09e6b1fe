/**
 * Every change the popup makes, as the store calls them (store.ts): the actions by name
 * (registry.ts ACTS), the status line's Undo and the History. The store loads this module (and its
 * folder) when a change is first asked for, or when the popup is idle (main.tsx), and hands each
 * the change context, never itself. Most popups make none.
 */
export { ACTS } from './registry.ts';
export { undoLast } from './undo.ts';
export { historyStore } from './history.ts';
/** The downloads and backups (reads/downloads.ts): no change of Grist's, loaded with the changes all the same (the status line's code). */
export * as downloads from '../reads/downloads.ts';
