/**
 * The Origin trap (docs/grist-api.md "The Origin trap"): browsers add `Origin: chrome-extension://<id>` to the extension's
 * PATCH requests and Grist then answers 403 "Credentials not supported for cross-origin requests".
 * One declarativeNetRequest rule removes `Origin` from the extension's own requests to the
 * user's Grist hosts only (host-policy.ts; `requestDomains` also matches their subdomains, which
 * only widens where the extension's own requests lose their Origin, not where the key goes); web pages' requests to those hosts keep theirs.
 * The rule shape is the one verified in docs/grist-api.md "The Origin trap" (initiatorDomains = the extension's URL host:
 * in Firefox `runtime.id` is not a host name).
 */
import browser from 'webextension-polyfill';
import type { DeclarativeNetRequest } from 'webextension-polyfill';
import { gristHostNames, type SiteAccess } from '../grist/host-policy.ts';

export const ORIGIN_RULE_ID = 1;

/**
 * The rule for the sites of every account together. In: the accounts' settings and key hosts, and
 * the extension's URL host name. Null with no account: a rule must name at least one host.
 */
export function originRule(access: readonly SiteAccess[], extensionHost: string): DeclarativeNetRequest.Rule | null {
  if (access.length === 0) return null;
  return {
    id: ORIGIN_RULE_ID,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    condition: {
      initiatorDomains: [extensionHost],
      requestDomains: gristHostNames(access),
      resourceTypes: ['xmlhttprequest'],
    },
  };
}

/**
 * Makes the dynamic rule the one for `access`. Dynamic rules survive restarts, but this runs at
 * every start-up anyway so the rule always matches the stored options; reading it is much quicker
 * than replacing it, so an unchanged rule is left alone. `installed`: the dynamic rules, when the
 * caller has already asked for them (start-up asks beside its storage reads).
 */
export async function syncOriginRule(access: readonly SiteAccess[], installed?: DeclarativeNetRequest.Rule[]): Promise<void> {
  const wanted = originRule(access, new URL(browser.runtime.getURL('/')).hostname);
  const current = (installed ?? (await browser.declarativeNetRequest.getDynamicRules())).find((rule) => rule.id === ORIGIN_RULE_ID);
  if (JSON.stringify(current ?? null) === JSON.stringify(wanted)) return;
  await browser.declarativeNetRequest.updateDynamicRules({ removeRuleIds: [ORIGIN_RULE_ID], addRules: wanted ? [wanted] : [] });
}
