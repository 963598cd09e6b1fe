/**
 * What the Bulk changes page says of a backup (src/bulk/backup/backup-words.ts): the layout per
 * format (the folder's name: shared/rules/file-names.ts, sizes: page-shared/file-size.ts, each
 * tested there); and the bytes a run received (runs/runner.ts bytesReceived).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupLayout } from '../../../../src/bulk/backup/backup-words.ts';
import { bytesReceived } from '../../../../src/bulk/runs/runner.ts';
import type { BulkItemStatus, BulkRunSnapshot } from '../../../../src/shared/protocol/bulk.ts';

afterEach(() => vi.restoreAllMocks());

describe('the backup’s layout', () => {
  it('lays each format’s files out under it: one file per document, or a folder of tables for CSV', () => {
    const folder = 'Grist backup 2026-01-05 09.07';
    expect(backupLayout(folder, 'grist')).toBe(`${folder}/<site>/<workspace>/<document>.grist`);
    expect(backupLayout(folder, 'grist-history')).toBe(`${folder}/<site>/<workspace>/<document>.grist`);
    expect(backupLayout(folder, 'xlsx')).toBe(`${folder}/<site>/<workspace>/<document>.xlsx`);
    expect(backupLayout(folder, 'csv')).toBe(`${folder}/<site>/<workspace>/<document>/<table>.csv`);
  });
});

describe('the bytes a backup run received', () => {
  const item = (state: BulkItemStatus['state'], bytes?: number): BulkItemStatus => ({ orgId: 1, docId: state, oldName: 'D', newName: 'D', siteName: 'S', workspaceName: 'W', state, ...(bytes === undefined ? {} : { bytes }) });
  it('adds every item’s bytes, saved or on its way; a queued item adds none', () => {
    const run: BulkRunSnapshot = { id: 'r', kind: 'backup', batchId: 'b', stopped: false, done: false, items: [item('saved', 1000), item('sending', 250), item('queued'), item('failed')] };
    expect(bytesReceived(run)).toBe(1250);
  });
});
