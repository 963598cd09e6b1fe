/**
 * Brings stored data to the current schema version. Every item is validated on read (bad data
 * reads as its default), so a version change need only drop what cannot be trusted to have the
 * new shape: the cached listing, which the next refresh rebuilds.
 */
import { apiKeyItem, SCHEMA_VERSION, schemaVersionItem, settingsItem, type Settings } from '../shared/storage-items.ts';
import { forgetListing } from './listing-cache.ts';

/** Runs at every worker start; cheap when the version is current. Out: the settings, as they stand after it. */
export async function migrateStorage(): Promise<Settings> {
  const [settings, version] = await Promise.all([settingsItem.read(), schemaVersionItem.get()]);
  // Unreadable settings read as the default site, docs.getgrist.com: the saved key, made for the
  // user's own server, must not follow them there. Both go; the options page asks again.
  if (settings.corrupt) await Promise.all([settingsItem.remove(), apiKeyItem.remove(), forgetListing()]);
  if (version !== SCHEMA_VERSION) {
    await forgetListing();
    await schemaVersionItem.set(SCHEMA_VERSION);
  }
  return settings.value;
}
