/**
 * More backup runs under way than MAX_STORED_BACKUP_RUNS (a heading's Back up… clicked on six
 * workspaces in a row) across a stop of the worker: each is stored, and each is taken up again by
 * the worker started again (targets/backup.ts resumeBackupRuns). The downloads end when the test
 * says (test/setup/backup-downloads.ts, not fetching).
 */
import { expect, it, vi } from 'vitest';
import { startBulkBackup } from '../../../../../src/background/bulk/targets/backup.ts';
import type { BulkRunSnapshot } from '../../../../../src/shared/protocol/bulk.ts';
import { backupRunsItem, MAX_STORED_BACKUP_RUNS } from '../../../../../src/shared/storage/backup-run-items.ts';
import { connect, documentsOf, useBulkGrist } from '../../../../setup/bulk-grist.ts';
import { downloads, restartedWorker, useBackupDownloads } from '../../../../setup/backup-downloads.ts';

useBulkGrist();
useBackupDownloads();


it('six backup runs under way when the worker stops: each is taken up again, its download followed by its id', async () => {
  await connect();
  downloads.fetching = false;
  const documents = documentsOf(1, MAX_STORED_BACKUP_RUNS + 1);
  const runs: BulkRunSnapshot[] = [];
  for (const document of documents) runs.push(await startBulkBackup({ requestId: crypto.randomUUID(), items: [document], format: 'grist' }));
  await vi.waitFor(async () => expect((await backupRunsItem.get()).flatMap((run) => run.entries.map((entry) => entry?.files[0]?.downloadId ?? null))).toEqual(documents.map((_, index) => index + 1)));

  const { getBulkRun, resumeBackupRuns } = await restartedWorker();
  await resumeBackupRuns();
  documents.forEach((_, index) => downloads.complete(index + 1, 10 + index));
  await vi.waitFor(async () => {
    for (const [index, run] of runs.entries()) expect((await getBulkRun({ runId: run.id }))!.items[0]).toMatchObject({ state: 'saved', bytes: 10 + index });
  });
  expect(downloads.started.filter(({ url }) => !url.startsWith('data:'))).toHaveLength(documents.length);
});
