/**
 * The errors the options page fixes, apart from errors.ts: only the pages that offer
 * **Open options** need it, and the popup's own script, which imports errors.ts, stays without it.
 */
import type { ErrorKind } from '../shared/protocol/errors.ts';

/**
 * What the options page fixes: a missing or refused key, a host the browser may not reach, a key
 * not confirmed for a host, a site not added. The pages offer **Open options** for these.
 */
export const FIXED_IN_OPTIONS: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
  'no-key',
  'auth',
  'forbidden',
  'no-host-permission',
  'key-not-confirmed',
  'not-configured',
]);
