/**
 * Brings stored data to the current schema version. Every item is validated on read (bad data
 * reads as its default), so the only thing a version change must do is drop what cannot be
 * trusted to have the new shape: the cached listing, which the next refresh rebuilds.
 */
import { listingItem, SCHEMA_VERSION, schemaVersionItem } from '../shared/storage-items.ts';

/** Runs at every worker start; cheap when the version is current. */
export async function migrateStorage(): Promise<void> {
  const version = await schemaVersionItem.get();
  if (version === SCHEMA_VERSION) return;
  await listingItem.remove();
  await schemaVersionItem.set(SCHEMA_VERSION);
}
