/**
 * What the Bulk changes page says of a backup: each format's name and what its files hold, and the
 * path of each file in its folder (the folder's name: shared/rules/file-names.ts backupFolder, as
 * the worker names it; sizes: page-shared/file-size.ts, as the popup says them).
 */
import { t, type MessageKey } from '../../shared/i18n.ts';
import { FILE_EXTENSIONS, type DownloadFormat } from '../../shared/protocol/downloads.ts';

/** Each format's name (a radio button's label: the popup's Download ▸ words where it has them) and the line under it that says what its files hold. */
export const FORMAT_WORDS: Record<DownloadFormat, { label: MessageKey; holds: MessageKey }> = {
  grist: { label: 'bulkFormatGrist', holds: 'bulkFormatGristHolds' },
  'grist-history': { label: 'downloadGristHistory', holds: 'bulkFormatGristHistoryHolds' },
  xlsx: { label: 'downloadXlsx', holds: 'bulkFormatXlsxHolds' },
  csv: { label: 'bulkFormatCsv', holds: 'bulkFormatCsvHolds' },
};

/**
 * In: the backup's folder and its format. Out: where each file goes, in the page's words:
 * `Grist backup 2026-11-29 14.05/<site>/<workspace>/<document>.grist`, or for a CSV backup
 * `…/<document>/<table>.csv`.
 */
export function backupLayout(folder: string, format: DownloadFormat): string {
  return format === 'csv' ? t('bulkBackupLayoutCsv', folder) : t('bulkBackupLayout', folder, FILE_EXTENSIONS[format]);
}
