/**
 * A Grist client bound to the saved options: the key goes only to configured hosts, and only when
 * the browser has granted the host permission.
 */
import browser from 'webextension-polyfill';
import type { Settings } from '../shared/storage-items.ts';
import { hostPermissionPattern } from '../shared/site-url.ts';
import { createGristClient, type GristClient } from './grist-client.ts';
import { isConfiguredUrl } from './host-policy.ts';

/** In: the settings that say which hosts are Grist sites, and the API key. */
export function connectToGrist(settings: Settings, apiKey: string): GristClient {
  return createGristClient({
    apiKey,
    isConfiguredUrl: (url) => isConfiguredUrl(url, settings),
    hasHostPermission: (url) => browser.permissions.contains({ origins: [hostPermissionPattern(url.href)] }),
  });
}
