/**
 * The options page's messages: read and save the settings, remove the key, test a connection.
 * The key goes in, never out: replies carry `hasApiKey` only.
 */
import { t } from '../shared/i18n.ts';
import type { ConnectionReport, PublicSettings, SettingsInput } from '../shared/messages.ts';
import { normalizeSiteUrl } from '../shared/site-url.ts';
import { apiKeyItem, settingsItem, type Settings } from '../shared/storage-items.ts';
import { ApiError } from './api-error.ts';
import { applySettings } from './apply-settings.ts';
import { forgetListing } from './listing-cache.ts';
import { connectToGrist } from './grist-connection.ts';
import { orgListSchema, profileSchema } from './grist-schemas.ts';
import { ANONYMOUS_ANSWER_ERROR, NO_KEY_ERROR } from './listing-service.ts';

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
  const [settings, apiKey] = await Promise.all([settingsItem.get(), apiKeyItem.get()]);
  return { ...settings, hasApiKey: apiKey !== null };
}

/**
 * The `saveSettings` message: checks every URL again (the page is not trusted), stores, rebuilds
 * the Origin rule and the context menus, and drops the cached listing when it no longer matches the settings.
 */
export async function saveSettings(input: SettingsInput): Promise<PublicSettings> {
  const settings: Settings = {
    personalSiteUrl: checkedUrl(input.personalSiteUrl, 'personalSiteUrl'),
    teamSiteUrls: [...new Set(input.teamSiteUrls.map((url) => checkedUrl(url, 'fieldTeamSiteUrl')))],
  };
  const newKey = input.apiKey?.trim() ? checkedKey(input.apiKey) : null;
  const before = await settingsItem.get();
  await settingsItem.set(settings);
  if (newKey) await apiKeyItem.set(newKey);
  if (newKey || JSON.stringify(before) !== JSON.stringify(settings)) await forgetListing();
  await applySettings(settings);
  return getSettings();
}

/** The `removeApiKey` message: forgets the key and the listing it fetched. */
export async function removeApiKey(): Promise<PublicSettings> {
  await Promise.all([apiKeyItem.remove(), forgetListing()]);
  return getSettings();
}

/**
 * The `testConnection` message: `GET {personal}/api/orgs` and `GET /api/profile/user` with the
 * typed key, or with the saved key when none is typed. The saved key is only ever sent to the
 * saved hosts: testing a new, unsaved address needs the key typed too.
 */
export async function testConnection(request: { apiKey?: string; personalSiteUrl: string }): Promise<ConnectionReport> {
  const personalSiteUrl = checkedUrl(request.personalSiteUrl, 'personalSiteUrl');
  const saved = await settingsItem.get();
  const typedKey = request.apiKey?.trim() ? checkedKey(request.apiKey) : null;
  const apiKey = typedKey ?? (await apiKeyItem.get());
  if (!apiKey) throw NO_KEY_ERROR();
  const settings: Settings = typedKey ? { personalSiteUrl, teamSiteUrls: [] } : saved;
  if (!typedKey && new URL(personalSiteUrl).origin !== new URL(saved.personalSiteUrl).origin) {
    throw new ApiError('invalid-input', t('errorSaveSiteFirst'));
  }
  const client = connectToGrist(settings, apiKey);
  const [orgs, profile] = await Promise.all([
    client.get(personalSiteUrl, '/api/orgs', orgListSchema),
    client.get(personalSiteUrl, '/api/profile/user', profileSchema),
  ]);
  if (orgs.length === 0) throw ANONYMOUS_ANSWER_ERROR(new URL(personalSiteUrl).host);
  return { userName: profile.name, userEmail: profile.email, siteCount: orgs.length };
}
