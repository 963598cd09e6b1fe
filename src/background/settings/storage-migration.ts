/**
 * Brings stored data to the current schema version. Every item is validated on read (bad data
 * reads as its default), so a version change need only drop what cannot be trusted to have the
 * new shape: the cached listing, which the next refresh rebuilds; and say where a key saved by an
 * older version may go.
 */
import browser from 'webextension-polyfill';
import { apiKeyItem, keyHostsItem, SCHEMA_VERSION, schemaVersionItem, settingsItem } from '../../shared/storage-items.ts';
import { configuredOrigins, type SiteAccess } from '../grist/host-policy.ts';
import { forgetListing } from '../listing/listing-cache.ts';

/** Runs at every worker start; cheap when the version is current. Out: the settings and key hosts, as they stand after it. */
export async function migrateStorage(): Promise<SiteAccess> {
  // One round of reads: the worker's start waits for it.
  const [settings, version, storedHosts, stored] = await Promise.all([
    settingsItem.read(),
    schemaVersionItem.get(),
    keyHostsItem.get(),
    browser.storage.local.get([apiKeyItem.key, keyHostsItem.key]),
  ]);
  let hosts = storedHosts;
  // Unreadable settings read as the default site, docs.getgrist.com: the saved key, made for the
  // user's own server, must not follow them there. Both go; the options page asks again.
  if (settings.corrupt) {
    await Promise.all([settingsItem.remove(), apiKeyItem.remove(), keyHostsItem.remove(), forgetListing()]);
    hosts = keyHostsItem.fallback;
  }
  if (version !== SCHEMA_VERSION) {
    // Version 3 records the hosts a key may go to. A key saved before was saved with the sites
    // configured now, as far as anything can tell: it keeps them, and no other.
    if (!settings.corrupt && version < 3 && stored[apiKeyItem.key] !== undefined && stored[keyHostsItem.key] === undefined) {
      hosts = { confirmed: configuredOrigins(settings.value), listed: [] };
      await keyHostsItem.set(hosts);
    }
    await forgetListing();
    await schemaVersionItem.set(SCHEMA_VERSION);
  }
  return { settings: settings.value, hosts };
}
