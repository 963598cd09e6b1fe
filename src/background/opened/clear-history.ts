/**
 * The History's Clear (the `clearChangeLog` message): the change log (changes/undo.ts), and what
 * was opened from the extension (note-open.ts: the popup's "Recently opened" and the address
 * bar's order, which are history too); Grist is not touched. Out: null, once both are gone.
 */
import { clearChangeLog } from '../changes/undo.ts';
import { forgetOpens } from './note-open.ts';

export async function clearHistory(): Promise<null> {
  await Promise.all([clearChangeLog(), forgetOpens()]);
  return null;
}
