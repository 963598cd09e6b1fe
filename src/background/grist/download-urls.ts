/**
 * The paths of a document's files and exports, and of its tables, under its site
 * (docs/grist-api.md "Downloads and exports": all GETs on the document's own site).
 */
import type { DownloadFormat } from '../../shared/protocol/downloads.ts';

/**
 * The path of document `docId`'s file as `format`: `.grist` without its action history
 * (`?nohistory=true`, smaller) or with it, every table in one `.xlsx`, or table `tableId` as CSV
 * (Grist answers 400 "tableId parameter is required" without it). Throws a RangeError for a CSV without a table.
 */
export function downloadPath(docId: string, format: DownloadFormat, tableId?: string): string {
  const doc = `/api/docs/${encodeURIComponent(docId)}`;
  switch (format) {
    case 'grist':
      return `${doc}/download?nohistory=true`;
    case 'grist-history':
      return `${doc}/download`;
    case 'xlsx':
      return `${doc}/download/xlsx`;
    case 'csv':
      if (!tableId) throw new RangeError('A CSV download names its table.');
      return `${doc}/download/csv?tableId=${encodeURIComponent(tableId)}`;
  }
}

/** The path of document `docId`'s tables: `{"tables":[{"id":"Expenses",...}]}`, in Grist's order. */
export function tablesPath(docId: string): string {
  return `/api/docs/${encodeURIComponent(docId)}/tables`;
}
