/**
 * One document's file, as the popup asks for it (a row's Download ▸): its `.grist`, its `.xlsx`,
 * or one table's CSV, saved by the browser in its download folder under the document's name; the
 * tables a CSV may be of; a downloaded file shown in its folder. Each document is one of the
 * worker's listing (listed-documents.ts), so a message cannot aim the key at a document or host
 * the extension did not list. A download reads: nothing is written to the change log, there is no
 * Undo. The file never passes through the extension (docs/grist-api.md "Downloads and exports").
 */
import * as v from 'valibot';
import { t } from '../../shared/i18n.ts';
import type { DownloadDone, DownloadFormat } from '../../shared/protocol/downloads.ts';
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import { safeFileName } from '../../shared/rules/file-names.ts';
import { findListedDocument } from '../changes/listed-documents.ts';
import { clientsFor, readKeyedAccounts } from '../grist/grist-connection.ts';
import { ApiError } from '../grist/api-error.ts';
import { downloadPath, tablesPath } from '../grist/download-urls.ts';
import { FILE_EXTENSIONS } from '../../shared/protocol/downloads.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { mayRetryDownload, showDownload as showInFolder, waitForDownload, type DownloadOutcome } from './browser-downloads.ts';
import { downloadsGranted } from './permission-wait.ts';

/**
 * The most UTF-16 code units of a single download's name before its extension: the file lands in
 * the download folder itself, not a backup's deep folders, so it may be longer than a backup's
 * (file-names.ts FILE_NAME_MAX_LENGTH); 80 × 3 UTF-8 bytes + `.grist` stays within the 255 bytes
 * ext4 and APFS allow per name.
 */
const SINGLE_NAME_MAX_LENGTH = 80;

/** `GET /api/docs/<id>/tables`: `{"tables":[{"id":"Expenses","fields":{...}}]}` (docs/grist-api.md "Downloads and exports"). */
const tablesSchema = v.object({ tables: v.array(v.object({ id: v.string() })) });

/**
 * The name a document's file is saved under in the download folder: `<name>.<ext>`, a CSV
 * `<name>-<tableId>.csv` (as Grist itself names them in its Content-Disposition), made safe
 * on every file system (file-names.ts).
 */
export function singleFileName(documentName: string, format: DownloadFormat, tableId?: string): string {
  const name = format === 'csv' && tableId ? `${documentName}-${tableId}` : documentName;
  return `${safeFileName(name, undefined, SINGLE_NAME_MAX_LENGTH)}.${FILE_EXTENSIONS[format]}`;
}

/** The file name of `path` (a full path, as the browser gives it), on any system. */
const baseName = (path: string) => path.split(/[\\/]/).pop() ?? '';

/** Where a document of the listing is: its site's address and account, and its id and name. */
interface DocumentFound {
  site: { siteUrl: string; account: string };
  document: { id: string; name: string };
}

/**
 * A document of the listing (findListedDocument: from the worker's index of the listing when named
 * with its site's address, as the popup names it; at 20,000 documents a read of the whole cached
 * listing was most of the time from the menu choice to the download started, npm run bench, the
 * `download` row), and its account's client; ApiError `not-found` when the listing has no such document.
 */
async function listedDocument(request: DocumentKey): Promise<{ found: DocumentFound; client: GristClient }> {
  const [found, accounts] = await Promise.all([findListedDocument(request), readKeyedAccounts()]);
  if (!found) throw new ApiError('not-found', t('errorNotInList'));
  return { found, client: clientsFor(accounts)(found.site.account) };
}

/**
 * The popup's `downloadDocument` message. In: a document of the worker's listing, a format, a
 * CSV's table, and `once: 'granted'` when sent in the click that asks the permission (started once
 * it is granted: permission-wait.ts). Out: once the browser has the file, its download id, full
 * path and size.
 * The browser downloads it under singleFileName (`uniquify`: a file already there is kept). An
 * interrupted download that a second try may help (mayRetryDownload) is started once more into the
 * file the browser had chosen (`overwrite`: no second file; `uniquify` if it had chosen none).
 * A download that still fails is explained in Grist's words by a GET of the same address
 * (`probe`: a trashed document is `not-found` "Document is deleted", an access rule `forbidden`).
 * Throws ApiError: `invalid-input` for a CSV without its table, `not-found` for a document not
 * listed, `no-downloads-permission`, what the client's `download` or `probe` throw, and `network`
 * when the download failed though Grist would send the file.
 */
export async function downloadDocument(request: DocumentKey & { format: DownloadFormat; tableId?: string; once?: 'granted' }): Promise<DownloadDone> {
  if (request.format === 'csv' && !request.tableId) throw new ApiError('invalid-input', t('errorCsvNeedsTable'));
  await downloadsGranted(request.once);
  const { found, client } = await listedDocument(request);
  const { site, document } = found;
  const path = downloadPath(document.id, request.format, request.format === 'csv' ? request.tableId : undefined);
  const filename = singleFileName(document.name, request.format, request.tableId);
  let downloadId = await client.download(site.siteUrl, path, { filename, conflictAction: 'uniquify' });
  let outcome: DownloadOutcome = await waitForDownload(downloadId);
  if (outcome.state === 'interrupted' && mayRetryDownload(outcome.error)) {
    const chosen = baseName(outcome.path ?? '');
    downloadId = await client.download(site.siteUrl, path, chosen ? { filename: chosen, conflictAction: 'overwrite' } : { filename, conflictAction: 'uniquify' });
    outcome = await waitForDownload(downloadId);
  }
  if (outcome.state === 'complete') return { downloadId, path: outcome.path, bytes: outcome.bytes };
  // Why, in Grist's words: the download itself cannot say (its error body is not readable).
  await client.probe(site.siteUrl, path);
  throw new ApiError('network', t('errorDownloadInterrupted', document.name, outcome.error));
}

/**
 * The popup's `readDocumentTables` message: the table ids of a document of the worker's listing,
 * in Grist's order (one GET of its `/tables`). Throws ApiError as `get` does, `not-found` for a
 * document not listed.
 */
export async function readDocumentTables(request: DocumentKey): Promise<string[]> {
  const { found, client } = await listedDocument(request);
  const { tables } = await client.get(found.site.siteUrl, tablesPath(found.document.id), tablesSchema);
  return tables.map((table) => table.id);
}

/** The popup's `showDownload` message: shows a downloaded file in its folder. Throws ApiError `no-downloads-permission`. */
export async function showDownload({ downloadId }: { downloadId: number }): Promise<null> {
  await showInFolder(downloadId);
  return null;
}
