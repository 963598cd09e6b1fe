/**
 * A Grist client bound to the saved options: the key goes only to configured hosts, and only when
 * the browser has granted the host permission.
 */
import browser from 'webextension-polyfill';
import type { Settings } from '../shared/storage-items.ts';
import { hostPermissionPattern } from '../shared/site-url.ts';
import { createGristClient, type GristClient } from './grist-client.ts';
import { isConfiguredUrl } from './host-policy.ts';

/**
 * In: the settings that say which hosts are Grist sites, and the API key. A client lives for one
 * refresh or rename, so each host's permission is asked of the browser once in it, not per call.
 */
export function connectToGrist(settings: Settings, apiKey: string): GristClient {
  const granted = new Map<string, Promise<boolean>>();
  return createGristClient({
    apiKey,
    isConfiguredUrl: (url) => isConfiguredUrl(url, settings),
    hasHostPermission: (url) => {
      const pattern = hostPermissionPattern(url.href);
      let answer = granted.get(pattern);
      if (!answer) {
        answer = browser.permissions.contains({ origins: [pattern] });
        granted.set(pattern, answer);
      }
      return answer;
    },
  });
}
