/**
 * Remove account while a bulk backup of its documents runs (settings/remove-account.ts,
 * run-engine.ts forgetAccountRuns): what the run had not sent is never sent, and the run as stored
 * for a worker started again (backupRunsItem, storage.session) says so at once, so that worker does
 * not take those documents up again. The downloads end when the test says
 * (test/setup/backup-downloads.ts, not fetching).
 */
import { expect, it, vi } from 'vitest';
import { startBulkBackup } from '../../../../../src/background/bulk/targets/backup.ts';
import { BACKUP_IN_FLIGHT_PER_HOST } from '../../../../../src/background/downloads/backup-operation.ts';
import { removeAccount } from '../../../../../src/background/settings/remove-account.ts';
import { t } from '../../../../../src/shared/i18n.ts';
import { backupRunsItem } from '../../../../../src/shared/storage/backup-run-items.ts';
import { generateSeed } from '../../../../fake-grist/sample-data.ts';
import { connect, documentsOf, useBulkGrist } from '../../../../setup/bulk-grist.ts';
import { downloads, restartedWorker, useBackupDownloads } from '../../../../setup/backup-downloads.ts';

useBulkGrist();
useBackupDownloads();


it('Remove account during a backup: its queued documents are stored as not sent at once, and a worker started again sends none of them', async () => {
  // More documents on the host than the downloads it takes at once.
  await connect(generateSeed({ teams: 2, docsPerTeam: BACKUP_IN_FLIGHT_PER_HOST + 3 }));
  downloads.fetching = false;
  const documents = documentsOf(1, BACKUP_IN_FLIGHT_PER_HOST + 2);
  await startBulkBackup({ requestId: crypto.randomUUID(), items: documents, format: 'grist' });
  await vi.waitFor(async () => expect((await backupRunsItem.get())[0]!.entries.filter((entry) => entry?.files[0]?.downloadId != null)).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST));
  const account = (await backupRunsItem.get())[0]!.entries[0]!.account;

  await removeAccount({ account });
  // Stored as it stands now, with nothing else changing in the run (the browser may stop the worker next).
  const queued = documents.slice(BACKUP_IN_FLIGHT_PER_HOST).map(() => ({ state: 'not-sent', message: t('bulkAccountRemoved') }));
  await vi.waitFor(async () => expect((await backupRunsItem.get())[0]!.items.slice(BACKUP_IN_FLIGHT_PER_HOST)).toEqual(queued.map((item) => expect.objectContaining(item))));

  // The worker stops and starts again: the two never started stay so.
  const { getBulkRun, resumeBackupRuns } = await restartedWorker();
  await resumeBackupRuns();
  const run = (await getBulkRun({ runId: null }))!;
  expect(run.items.slice(BACKUP_IN_FLIGHT_PER_HOST)).toEqual(queued.map((item) => expect.objectContaining(item)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  // No document's file asked for again (a backup.json may be written: it is no document's).
  expect(downloads.started.filter(({ url }) => !url.startsWith('data:'))).toHaveLength(BACKUP_IN_FLIGHT_PER_HOST);
});
