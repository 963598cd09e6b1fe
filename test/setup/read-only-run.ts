/**
 * What a read-only bulk run (a backup, the engine's read-only operation) must leave as it was:
 * the worker's change log and cached listing, with no undo offered and none sent. For the bulk
 * backup and run-engine tests, against the fake Grist of bulk-grist.ts.
 */
import { expect } from 'vitest';
import { undoBatch } from '../../src/background/bulk/batch-undo.ts';
import { readChangeLog } from '../../src/background/change-log/change-log.ts';
import { readListing } from '../../src/background/listing/listing-cache.ts';
import type { BulkRunSnapshot } from '../../src/shared/protocol/bulk.ts';
import { grist } from './bulk-grist.ts';

/** The change log and the cached listing now: what expectNothingWritten compares with. */
export async function storedNow(): Promise<{ log: unknown; cached: unknown }> {
  const [log, cached] = await Promise.all([readChangeLog(), readListing()]);
  return { log, cached };
}

/**
 * Asserts that `run` wrote nothing: the change log and the cached listing are as `before`
 * (storedNow), the page is told there is nothing to undo, and an undo of its batch sends nothing.
 */
export async function expectNothingWritten(run: BulkRunSnapshot, before: { log: unknown; cached: unknown }): Promise<void> {
  expect(await storedNow()).toEqual(before);
  expect(run.withoutUndo).toBe(true);
  grist!.clearRequests();
  expect(await undoBatch({ batchId: run.batchId })).toEqual([]);
  expect(grist!.requests).toEqual([]);
}
