/**
 * The Origin trap (grist-api.md): browsers add `Origin: chrome-extension://<id>` to the extension's
 * PATCH requests and Grist then answers 403 "Credentials not supported for cross-origin requests".
 * One declarativeNetRequest rule removes `Origin` from the extension's own requests to the
 * configured Grist hosts only; web pages' requests to those hosts keep theirs.
 * The rule shape is the one verified in grist-api.md (initiatorDomains = the extension's URL host:
 * in Firefox `runtime.id` is not a host name).
 */
import browser from 'webextension-polyfill';
import type { DeclarativeNetRequest } from 'webextension-polyfill';
import type { Settings } from '../shared/storage-items.ts';
import { gristDomains } from './host-policy.ts';

export const ORIGIN_RULE_ID = 1;

/** The rule for these settings. In: settings and the extension's URL host name. */
export function originRule(settings: Settings, extensionHost: string): DeclarativeNetRequest.Rule {
  return {
    id: ORIGIN_RULE_ID,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    condition: {
      initiatorDomains: [extensionHost],
      requestDomains: gristDomains(settings),
      resourceTypes: ['xmlhttprequest'],
    },
  };
}

/**
 * Makes the dynamic rule the one for `settings`. Dynamic rules survive restarts, but this runs at
 * every start-up anyway so the rule always matches the stored options; reading it is much quicker
 * than replacing it, so an unchanged rule is left alone. `installed`: the dynamic rules, when the
 * caller has already asked for them (start-up asks beside its storage reads).
 */
export async function syncOriginRule(settings: Settings, installed?: DeclarativeNetRequest.Rule[]): Promise<void> {
  const wanted = originRule(settings, new URL(browser.runtime.getURL('/')).hostname);
  const current = (installed ?? (await browser.declarativeNetRequest.getDynamicRules())).find((rule) => rule.id === ORIGIN_RULE_ID);
  if (current && JSON.stringify(current) === JSON.stringify(wanted)) return;
  await browser.declarativeNetRequest.updateDynamicRules({ removeRuleIds: [ORIGIN_RULE_ID], addRules: [wanted] });
}
