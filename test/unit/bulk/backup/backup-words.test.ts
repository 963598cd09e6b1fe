/**
 * What the Bulk changes page says of a backup (src/bulk/backup/backup-words.ts): the folder's name
 * by the date, the layout per format, and sizes in the page's language; and the bytes a run received
 * (runs/runner.ts bytesReceived).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fr from '../../../../public/_locales/fr/messages.json' with { type: 'json' };
import { backupFolderName, backupLayout, sizeText } from '../../../../src/bulk/backup/backup-words.ts';
import { bytesReceived } from '../../../../src/bulk/runs/runner.ts';
import type { BulkItemStatus, BulkRunSnapshot } from '../../../../src/shared/protocol/bulk.ts';
import { getMessageFrom } from '../../../setup/messages.ts';

afterEach(() => vi.restoreAllMocks());

describe('the backup’s folder and layout', () => {
  it('names the folder by the local date and minute, with a dot for the colon Windows refuses', () => {
    expect(backupFolderName(new Date(2026, 0, 5, 9, 7, 59))).toBe('Grist backup 2026-01-05 09.07');
    expect(backupFolderName(new Date(2026, 11, 31, 23, 59))).toBe('Grist backup 2026-12-31 23.59');
  });

  it('lays each format’s files out under it: one file per document, or a folder of tables for CSV', () => {
    const folder = 'Grist backup 2026-01-05 09.07';
    expect(backupLayout(folder, 'grist')).toBe(`${folder}/<site>/<workspace>/<document>.grist`);
    expect(backupLayout(folder, 'grist-history')).toBe(`${folder}/<site>/<workspace>/<document>.grist`);
    expect(backupLayout(folder, 'xlsx')).toBe(`${folder}/<site>/<workspace>/<document>.xlsx`);
    expect(backupLayout(folder, 'csv')).toBe(`${folder}/<site>/<workspace>/<document>/<table>.csv`);
  });
});

describe('sizes', () => {
  it('in English: bytes in words, then kB, MB, GB to one decimal (1000 each)', () => {
    expect([0, 1, 999, 1000, 640_000, 1_234_567, 2_000_000, 5_500_000_000].map(sizeText)).toEqual(['0 bytes', '1 byte', '999 bytes', '1 kB', '640 kB', '1.2 MB', '2 MB', '5.5 GB']);
  });

  // French puts a no-break space (U+00A0, U+202F before a short unit) between a number and its unit (Intl, CLDR).
  it('in French, as the page’s language says them', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(getMessageFrom(fr) as never);
    expect([12, 1_234_567].map(sizeText)).toEqual(['12\u00a0octets', '1,2\u202fMo']);
  });
});

describe('the bytes a backup run received', () => {
  const item = (state: BulkItemStatus['state'], bytes?: number): BulkItemStatus => ({ orgId: 1, docId: state, oldName: 'D', newName: 'D', siteName: 'S', workspaceName: 'W', state, ...(bytes === undefined ? {} : { bytes }) });
  it('adds every item’s bytes, saved or on its way; a queued item adds none', () => {
    const run: BulkRunSnapshot = { id: 'r', kind: 'backup', batchId: 'b', stopped: false, done: false, items: [item('saved', 1000), item('sending', 250), item('queued'), item('failed')] };
    expect(bytesReceived(run)).toBe(1250);
  });
});
