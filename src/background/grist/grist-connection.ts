/**
 * A Grist client bound to the saved options: the key goes only where host-policy.ts allows, and
 * only when the browser has granted the host permission.
 */
import DataLoader from 'dataloader';
import browser from 'webextension-polyfill';
import { hostPermissionPattern } from '../../shared/site-url.ts';
import { createGristClient, type GristClient, type GristClientOptions } from './grist-client.ts';
import { keyDestination, type SiteAccess } from './host-policy.ts';

/**
 * In: host permission patterns asked for together. Out: whether each is granted. Granted patterns
 * are the usual case, so they are asked in one call; only when that says no is each asked alone.
 */
async function containsEach(patterns: readonly string[]): Promise<boolean[]> {
  if (await browser.permissions.contains({ origins: [...patterns] })) return patterns.map(() => true);
  if (patterns.length === 1) return [false];
  return Promise.all(patterns.map((pattern) => browser.permissions.contains({ origins: [pattern] })));
}

/**
 * In: the settings and key hosts that say where the key may go (see host-policy.ts), the key, and
 * optionally the calls' `isCurrent` (a refresh stops sending once its settings are not the saved
 * ones), timeout and retries (see GristClientOptions). A client lives for one
 * refresh or rename, so each host's permission is asked of the browser once in it, not per call;
 * and the hosts a refresh asks for at once (one per site, 50 on a big account) share one call,
 * since each call is a round trip to the browser process that delays the requests behind it.
 */
export function connectToGrist(access: SiteAccess, apiKey: string, calls: Pick<GristClientOptions, 'isCurrent' | 'timeoutMs' | 'retry'> = {}): GristClient {
  const granted = new DataLoader(containsEach);
  return createGristClient({
    apiKey,
    ...calls,
    keyDestination: (url) => keyDestination(url, access),
    hasHostPermission: (url) => granted.load(hostPermissionPattern(url.href)),
  });
}
