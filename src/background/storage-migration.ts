/**
 * Brings stored data to the current schema version. Every item is validated on read (bad data
 * reads as its default), so a version change need only drop what cannot be trusted to have the
 * new shape: the cached listing, which the next refresh rebuilds.
 */
import { apiKeyItem, SCHEMA_VERSION, schemaVersionItem, settingsItem } from '../shared/storage-items.ts';
import { forgetListing } from './listing-cache.ts';

/** Runs at every worker start; cheap when the version is current. */
export async function migrateStorage(): Promise<void> {
  // Unreadable settings read as the default site, docs.getgrist.com: the saved key, made for the
  // user's own server, must not follow them there. Both go; the options page asks again.
  const [corrupt, version] = await Promise.all([settingsItem.isCorrupt(), schemaVersionItem.get()]);
  if (corrupt) await Promise.all([settingsItem.remove(), apiKeyItem.remove(), forgetListing()]);
  if (version === SCHEMA_VERSION) return;
  await forgetListing();
  await schemaVersionItem.set(SCHEMA_VERSION);
}
