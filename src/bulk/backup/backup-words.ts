/**
 * What the Bulk changes page says of a backup: each format's name and what its files hold, the
 * folder it saves into (its name, and the path of each file in it), and a file's size in the
 * page's language.
 */
import { t, type MessageKey } from '../../shared/i18n.ts';
import type { DownloadFormat } from '../../shared/protocol/downloads.ts';

/** Each format's name (a radio button's label) and the line under it that says what its files hold. */
export const FORMAT_WORDS: Record<DownloadFormat, { label: MessageKey; holds: MessageKey }> = {
  grist: { label: 'bulkFormatGrist', holds: 'bulkFormatGristHolds' },
  'grist-history': { label: 'bulkFormatGristHistory', holds: 'bulkFormatGristHistoryHolds' },
  xlsx: { label: 'bulkFormatXlsx', holds: 'bulkFormatXlsxHolds' },
  csv: { label: 'bulkFormatCsv', holds: 'bulkFormatCsvHolds' },
};

/** A file's extension in each format (a CSV backup: one `.csv` per table, in a folder per document). */
const EXTENSIONS: Record<DownloadFormat, string> = { grist: 'grist', 'grist-history': 'grist', xlsx: 'xlsx', csv: 'csv' };

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * In: when a backup starts. Out: its folder's name as the worker names it when the run starts
 * (shared/rules/file-names.ts backupFolder, built at the same time as this page: the same rule):
 * `Grist backup YYYY-MM-DD HH.MM`, local time, a dot for the colon Windows refuses.
 */
export function backupFolderName(date: Date): string {
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  return `Grist backup ${day} ${twoDigits(date.getHours())}.${twoDigits(date.getMinutes())}`;
}

/**
 * In: the backup's folder and its format. Out: where each file goes, in the page's words:
 * `Grist backup 2026-11-29 14.05/<site>/<workspace>/<document>.grist`, or for a CSV backup
 * `…/<document>/<table>.csv`.
 */
export function backupLayout(folder: string, format: DownloadFormat): string {
  return format === 'csv' ? t('bulkBackupLayoutCsv', folder) : t('bulkBackupLayout', folder, EXTENSIONS[format]);
}

/** A number formatter per language and unit, made once each. */
const formatters = new Map<string, Intl.NumberFormat>();

/** The units a size is said in, each 1000 times the one before (SI, as Chrome's and Firefox's download lists count on macOS and Linux). */
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * In: a size in bytes. Out: it in the page's language (the `languageCode` message), in the largest
 * unit it has at least one of, to one decimal: "1.2 MB", "1,2 Mo", "640 kB", "12 byte".
 */
export function sizeText(bytes: number): string {
  let unit = 0;
  let value = Math.max(0, bytes);
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const language = t('languageCode') || 'en';
  const key = `${language} ${UNITS[unit]}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(language, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 })));
  return formatter.format(value);
}
