/**
 * Downloads and exports as the pages ask for them: one document's file (a row's Download ▸), the
 * tables a CSV may be of, and a downloaded file shown in its folder. The browser downloads every
 * file itself, with the key in the download's Authorization header only (docs/grist-api.md
 * "Downloads and exports"): no file passes through the extension. A backup of many documents is a
 * bulk run (bulk.ts BulkBackupRequest).
 */

/**
 * What a document is downloaded as: `grist` the whole document without its action history
 * (`/download?nohistory=true`, smaller: the default), `grist-history` with it (`/download`),
 * `xlsx` every table in one Excel file (`/download/xlsx`), `csv` one table (`/download/csv?tableId=`;
 * in a backup, every table, one file each).
 */
export type DownloadFormat = 'grist' | 'grist-history' | 'xlsx' | 'csv';

/** Every format, in the order the menus and the Bulk form offer them. */
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ['grist', 'grist-history', 'xlsx', 'csv'];

/** A file's extension, by format: both `.grist` formats are one SQLite file (a CSV: one file per table). */
export const FILE_EXTENSIONS: Readonly<Record<DownloadFormat, string>> = { grist: 'grist', 'grist-history': 'grist', xlsx: 'xlsx', csv: 'csv' };

/** The optional permission downloads need, asked by a page at the user's first download (a click). */
export const DOWNLOADS_PERMISSION = 'downloads';

/** A document of the worker's listing (as the popup names it) to download as `format`; a CSV names its table. */
export interface DocumentDownload {
  orgId: number;
  siteUrl?: string;
  docId: string;
  format: DownloadFormat;
  /** The table of a `csv` download (required there), as `readDocumentTables` lists it. */
  tableId?: string;
}

/** A download the browser finished. */
export interface DownloadDone {
  /** The browser's download id: what `showDownload` shows. */
  downloadId: number;
  /** Where the browser saved it: the full path, as `downloads.search` gives it. */
  path: string;
  /** Its size in bytes. */
  bytes: number;
}

/**
 * Downloads on their way to one host at once in a backup. The engine's BULK_IN_FLIGHT_PER_HOST (2)
 * paces changes, each a short request; a download holds its slot for the whole file, and the
 * browser creates it only once the server has answered, so a slot also waits out each request's
 * round trip. Measured (npm run bench, the bulk-backup row: 500 files of 200 KB over 10 hosts at
 * 100 ms latency, against the same downloads all started at once): 2.1 × the bare downloads at 6
 * per host, 1.5 × at 12. Kept at 6, what Chromium's HTTP/1.1 connections per host are
 * (max_sockets_per_group): each `.grist` download makes Grist copy the document, and the end-to-end
 * tests' Stop and restart runs are built on 6; 12 is the next step once those are.
 */
export const BACKUP_DOWNLOADS_PER_HOST = 6;
