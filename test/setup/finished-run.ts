/**
 * Waits for a bulk run of the worker (src/background/bulk/run-engine.ts) to be done: nothing
 * queued or on its way. For the bulk rename and bulk move tests.
 */
import { expect, vi } from 'vitest';
import { getBulkRun } from '../../src/background/bulk/run-engine.ts';
import type { BulkRunSnapshot } from '../../src/shared/protocol/bulk.ts';

/** In: the run's id. Out: its snapshot once done; fails the test after 8 s. */
export async function finished(runId: string): Promise<BulkRunSnapshot> {
  let run!: BulkRunSnapshot;
  await vi.waitFor(async () => {
    run = (await getBulkRun({ runId }))!;
    expect(run.done).toBe(true);
  }, { timeout: 8000 });
  return run;
}
