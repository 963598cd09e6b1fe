/**
 * The History's Clear (the `clearChangeLog` message): the change log (changes/undo.ts), and what
 * was opened from the extension (note-open.ts: the popup's "Recently opened" and the address
 * bar's order, which are history too); Grist is not touched.
 */
import { clearChangeLog } from '../changes/undo.ts';
import { forgetOpens } from './note-open.ts';

/**
 * Forgets the change log and every open recorded, at once: the History offers one Clear for both
 * (history-view.tsx), offered when either holds anything. Out: null, once both writes are done;
 * a storage write refused rejects with its error, and what the other cleared stays cleared.
 */
export async function clearHistory(): Promise<null> {
  await Promise.all([clearChangeLog(), forgetOpens()]);
  return null;
}
