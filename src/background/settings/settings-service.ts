/**
 * The options page's messages: read and save the settings, remove the key, confirm the saved key
 * for a site, test a connection. The key goes in, never out: replies carry `hasApiKey` only.
 */
import { t } from '../../shared/i18n.ts';
import type { ConnectionReport, PublicSettings, SettingsInput } from '../../shared/messages.ts';
import { normalizeSiteUrl } from '../../shared/site-url.ts';
import { apiKeyItem, keyHostsItem, removeTogether, type KeyHosts, type Settings } from '../../shared/storage-items.ts';
import { ApiError } from '../grist/api-error.ts';
import { connectToGrist } from '../grist/grist-connection.ts';
import { orgListSchema, profileSchema } from '../grist/grist-schemas.ts';
import { configuredOrigins, readSiteAccess, type SiteAccess } from '../grist/host-policy.ts';
import { forgetListing } from '../listing/listing-cache.ts';
import { ANONYMOUS_ANSWER_ERROR, NO_KEY_ERROR } from '../listing/listing-service.ts';
import { logFailure } from '../log-failure.ts';
import { syncOriginRule } from './origin-rule.ts';
import { syncContextMenus } from '../rename/rename-triggers.ts';
import { commitAccess, oneChangeAtATime } from './settings-writes.ts';

/** How long Test connection (and the check after Save) waits for an answer, in ms. */
const TEST_TIMEOUT_MS = 8000;

/** A Grist key is 40 hex characters; anything with spaces or control characters cannot be one. */
const PLAUSIBLE_KEY = /^[\x21-\x7e]+$/;

function checkedUrl(input: string, field: 'personalSiteUrl' | 'fieldTeamSiteUrl'): string {
  const check = normalizeSiteUrl(input);
  if (!check.ok) throw new ApiError('invalid-input', t('errorInField', t(field), check.message));
  return check.url;
}

function checkedKey(input: string): string {
  const key = input.trim();
  if (!PLAUSIBLE_KEY.test(key)) throw new ApiError('invalid-input', t('errorNotAKey'));
  return key;
}

/** The `getSettings` message. */
export async function getSettings(): Promise<PublicSettings> {
  const [access, apiKey] = await Promise.all([readSiteAccess(), apiKeyItem.get()]);
  return publicSettings(access, apiKey !== null);
}

function publicSettings({ settings, hosts }: SiteAccess, hasApiKey: boolean): PublicSettings {
  const unconfirmed = hasApiKey ? configuredOrigins(settings).filter((origin) => !hosts.confirmed.includes(origin) && !hosts.listed.includes(origin)) : [];
  return { ...settings, hasApiKey, keyNotConfirmedFor: unconfirmed, listedOrigins: hasApiKey ? hosts.listed : [] };
}

/**
 * Where the key may go after a save. A typed key goes to every configured site. The saved key
 * keeps only the confirmations of sites still configured: a changed or added address gets no key
 * until the user confirms it (confirmSavedKey) or types the key again. The team sites Grist
 * listed stay only while the key and the personal site that listed them stay.
 */
function hostsAfterSave(before: SiteAccess, settings: Settings, newKey: string | null): KeyHosts {
  const origins = configuredOrigins(settings);
  if (newKey) return { confirmed: origins, listed: [] };
  const samePersonal = new URL(before.settings.personalSiteUrl).origin === new URL(settings.personalSiteUrl).origin;
  return {
    confirmed: before.hosts.confirmed.filter((origin) => origins.includes(origin)),
    listed: samePersonal ? before.hosts.listed : [],
  };
}

/**
 * The `saveSettings` message: checks every URL again (the page is not trusted), then, one save at
 * a time, changes the Origin rule and stores the settings (with the key, if one was typed)
 * together (settings-writes.ts), and drops the cached listing when it no longer matches them.
 * Throws ApiError `invalid-input` for a bad address or key; what the browser threw when it refused
 * the rule or the write (nothing is saved then).
 */
export async function saveSettings(input: SettingsInput): Promise<PublicSettings> {
  const settings: Settings = {
    personalSiteUrl: checkedUrl(input.personalSiteUrl, 'personalSiteUrl'),
    teamSiteUrls: [...new Set(input.teamSiteUrls.map((url) => checkedUrl(url, 'fieldTeamSiteUrl')))],
  };
  const newKey = input.apiKey?.trim() ? checkedKey(input.apiKey) : null;
  return oneChangeAtATime(async () => {
    const [before, savedKey] = await Promise.all([readSiteAccess(), apiKeyItem.get()]);
    const after = { settings, hosts: hostsAfterSave(before, settings, newKey) };
    await commitAccess(before, after, newKey ?? undefined);
    if (newKey || JSON.stringify(before.settings) !== JSON.stringify(settings)) await forgetListing();
    return publicSettings(after, newKey !== null || savedKey !== null);
  });
}

/** The `removeApiKey` message: forgets the key, where it went, and the listing it fetched. */
export function removeApiKey(): Promise<PublicSettings> {
  return oneChangeAtATime(async () => {
    const before = await readSiteAccess();
    await removeTogether(apiKeyItem, keyHostsItem);
    // After the key is gone: a refresh that read it before stores nothing (see cacheEpoch).
    await forgetListing();
    const after = { settings: before.settings, hosts: keyHostsItem.fallback };
    await syncOriginRule(after).catch(logFailure('Origin rule update'));
    await syncContextMenus(after).catch(logFailure('menu update'));
    return publicSettings(after, false);
  });
}

/**
 * The `confirmSavedKey` message: the user's "Use the saved key for <host>". In: a site URL whose
 * origin the saved key may now go to (while that origin is, or becomes, a configured site).
 * Throws ApiError `no-key` with no saved key, `invalid-input` for a bad address.
 */
export async function confirmSavedKey({ siteUrl }: { siteUrl: string }): Promise<PublicSettings> {
  const check = normalizeSiteUrl(siteUrl);
  if (!check.ok) throw new ApiError('invalid-input', check.message);
  const origin = new URL(check.url).origin;
  return oneChangeAtATime(async () => {
    const [before, apiKey] = await Promise.all([readSiteAccess(), apiKeyItem.get()]);
    if (!apiKey) throw NO_KEY_ERROR();
    const confirmed = [...new Set([...before.hosts.confirmed, origin])];
    const after = { settings: before.settings, hosts: { ...before.hosts, confirmed } };
    await commitAccess(before, after);
    return publicSettings(after, true);
  });
}

/**
 * The `testConnection` message: `GET {personal}/api/orgs` and `GET /api/profile/user` with the
 * typed key, or with the saved key when none is typed. The saved key goes only where it was typed
 * or confirmed for (`key-not-confirmed` otherwise), so an edited address can be tested once the
 * user confirms the key for it.
 */
export async function testConnection(request: { apiKey?: string; personalSiteUrl: string }): Promise<ConnectionReport> {
  const personalSiteUrl = checkedUrl(request.personalSiteUrl, 'personalSiteUrl');
  const typedKey = request.apiKey?.trim() ? checkedKey(request.apiKey) : null;
  const [apiKey, saved] = await Promise.all([typedKey ?? apiKeyItem.get(), keyHostsItem.get()]);
  if (!apiKey) throw NO_KEY_ERROR();
  const origin = new URL(personalSiteUrl).origin;
  const confirmed = typedKey || saved.confirmed.includes(origin) || saved.listed.includes(origin) ? [origin] : [];
  // A person waits on this, right after pressing a button: one try, and a shorter wait.
  const client = connectToGrist({ settings: { personalSiteUrl, teamSiteUrls: [] }, hosts: { confirmed, listed: [] } }, apiKey, {
    timeoutMs: TEST_TIMEOUT_MS,
    retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
  });
  const [orgs, profile] = await Promise.all([
    client.get(personalSiteUrl, '/api/orgs', orgListSchema),
    client.get(personalSiteUrl, '/api/profile/user', profileSchema),
  ]);
  if (orgs.length === 0) throw ANONYMOUS_ANSWER_ERROR(new URL(personalSiteUrl).host);
  return { userName: profile.name, userEmail: profile.email, siteCount: orgs.length };
}
