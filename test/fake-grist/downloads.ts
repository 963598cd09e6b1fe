/**
 * The fake Grist's downloads and exports (docs/grist-api.md "Downloads and exports"): a document
 * as a `.grist` file, an Excel workbook, a table as CSV or TSV, and the list of its tables. They
 * answer as grist-core's DocApi.ts does:
 * - Who: anyone who may view the document; one in the trash is 404 "Document is deleted" (DocApi
 *   `canView`), one addressed on another site 404 "document not found" (server.ts `requireDoc`).
 *   Owners always get the `.grist`; anyone else is refused it (403 "not authorized to download this
 *   document", DocApi `/download` after `activeDoc.canDownload`) when the document's access rules
 *   hide data (`hidesData`); exports still answer (Grist filters them; the fake does not).
 * - The per-document limit: each of these requests takes one of the document's 10 slots while it is
 *   prepared (grist-core DocApiUsageTracker `acquire`, counted before the check and released after);
 *   the 11th at once answers 429 "Too many backlogged requests for document <docId> - try again
 *   later?", with no Retry-After header (ApiError carries none; the daily quota of the hosted
 *   service is not modelled). grist-core releases a `.grist` download's slot once the file starts
 *   to stream (DocWorker `downloadDoc` returns `res.download` at once), and so does the fake for
 *   every file.
 * - Names: `<document name>[-<tableId>].<ext>` (DocApi `_getDownloadFilename`: `?title=` instead when
 *   given; no suffix when the table is named as the document). The `.grist` and `.xlsx` answers say
 *   it as Express's `content-disposition` package does, the CSV and TSV ones as grist-core's
 *   `filenameContentDisposition` does.
 * The files are stand-ins: a `.grist` is the 16 bytes `SQLite format 3\0` then a line naming the
 * document and deterministic filler, an `.xlsx` the zip magic `PK\x03\x04` then the sheets' names;
 * the CSV and TSV are real, from the document's tables (sample-data.ts `tables`).
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { GristError } from './grist-error.ts';
import type { HomeDatabase } from './home-database.ts';
import type { CellValue, SeedDoc, SeedTable } from './sample-data.ts';
import type { ApiRequest } from './server.ts';

/** How the fake's downloads behave; each can be set when the server starts and changed later (`setDownloadOptions`). */
export interface DownloadOptions {
  /**
   * Bytes of a `.grist` download without history (`?nohistory=true`, what the extension asks by
   * default). With history it is twice that; as a template (`?template=true`) a quarter. Default
   * 4096; the bench sets 200 KB.
   */
  gristBytes?: number;
  /**
   * Milliseconds a download or export is prepared before its answer starts, holding one of the
   * document's 10 slots meanwhile (grist-core copies and filters the file first): how a test reaches
   * the per-document limit. Default 0.
   */
  prepareMs?: number;
  /** Sends a file's body at about this many bytes a second, in 16 KB pieces (a slow network, to watch progress). Default: at once. */
  bytesPerSecond?: number;
}

/** A file answer the server sends in place of JSON; `cutAfterBytes` (a Fault) drops the connection mid-body. */
export class FileAnswer {
  constructor(readonly send: (response: http.ServerResponse, cutAfterBytes?: number) => Promise<void>) {}
}

/** What the server finds a request's document with, as its other endpoints do. */
export interface DocumentFinder {
  /** With `inTrash`, a document in the trash too (404 "document not found" otherwise, and on another site). */
  requireDoc(ref: string, request: ApiRequest, inTrash?: boolean): SeedDoc;
}

type Route = [method: string, path: RegExp, handler: (id: string, request: ApiRequest) => unknown];

/** grist-core DocApiUsageTracker: `GRIST_MAX_PARALLEL_REQUESTS_PER_DOC`, default 10. */
export const MAX_PARALLEL_REQUESTS_PER_DOC = 10;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PIECE = 16 * 1024;

/** A new Grist document's table (what a document made without tables holds). */
const NEW_DOCUMENT_TABLE: SeedTable = { id: 'Table1', columns: ['A', 'B', 'C'], rows: [] };

/** grist-core `isAffirmative`: `1`, `true`, `on`, `yes` (any case). */
function isAffirmative(value: string | null): boolean {
  return value !== null && /^(1|on|true|yes)$/i.test(value);
}

/**
 * Express's `Content-Disposition` (the `content-disposition` package): the base name only; a plain
 * `filename` when it is Latin-1 text, else a Latin-1 fallback with `?` for other characters and an
 * RFC 5987 `filename*`.
 */
function expressAttachment(filename: string): string {
  const name = filename.slice(filename.lastIndexOf('/') + 1);
  const quoted = (text: string) => `"${text.replace(/([\\"])/g, '\\$1')}"`;
  const fallback = name.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  if (/^[\x20-\x7e\x80-\xff]+$/.test(name) && fallback === name && !/%[0-9A-Fa-f]{2}/.test(name)) return `attachment; filename=${quoted(name)}`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename=${quoted(fallback)}; filename*=UTF-8''${encoded}`;
}

/** grist-core `filenameContentDisposition` (filenamesUtils.ts), as the CSV and TSV answers say their name. */
function gristAttachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\x20-\x7E]/g, '').replace('%', '')}"; filename*=utf-8''${encodeURIComponent(filename)}`;
}

/** One CSV or TSV field: quoted (quotes doubled) when it holds the delimiter, a quote or a line break, as csv-stringify does. */
function field(value: CellValue, delimiter: string): string {
  const text = value === null ? '' : String(value);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as delimiter-separated values: the header row of column ids (the fake's labels), then a line per row. */
export function delimited(table: SeedTable, delimiter: string): string {
  return [table.columns, ...table.rows].map((row) => `${row.map((value) => field(value, delimiter)).join(delimiter)}\n`).join('');
}

/** The tables of a document of `database`: its own; a copy's source's (a template's emptied); else a new document's (also its pages by default, pages.ts). */
export function documentTables(database: HomeDatabase, doc: SeedDoc): SeedTable[] {
  if (doc.tables) return doc.tables;
  const source = doc.copyOf && database.findDoc(doc.copyOf.docId);
  if (source && doc.copyOf) return documentTables(database, source).map((table) => (doc.copyOf?.asTemplate ? { ...table, rows: [] } : table));
  return [NEW_DOCUMENT_TABLE];
}

/**
 * A stand-in `.grist` file of `size` bytes: the SQLite header, a line naming the document and
 * variant, then filler from a hash of both (the same bytes every time).
 */
function gristFile(doc: SeedDoc, variant: string, size: number): Buffer {
  const file = Buffer.alloc(Math.max(size, 64));
  SQLITE_HEADER.copy(file);
  const line = Buffer.from(`\nGrist document ${doc.id} (${variant})\n`, 'utf8');
  line.copy(file, SQLITE_HEADER.length);
  const start = SQLITE_HEADER.length + line.length;
  if (start < file.length) file.fill(createHash('sha256').update(`${doc.id}/${variant}`).digest('hex'), start);
  return file;
}

/**
 * The downloads and exports of the documents of `database`, found with `finder`.
 * Out: their routes, for server.ts to add to its own, and handles for tests (`mostAtOnce`, `clear`, `setOptions`).
 */
export function downloadRoutes(database: HomeDatabase, { requireDoc }: DocumentFinder, initial: DownloadOptions = {}) {
  let options: Required<DownloadOptions> = { gristBytes: 4096, prepareMs: 0, bytesPerSecond: Infinity, ...initial };
  /** Requests holding one of a document's slots now, by document id. */
  const slots = new Map<string, number>();
  /** `.grist` downloads under way (from request to the end of the body), and the most at once, by document id. */
  const active = new Map<string, number>();
  const peak = new Map<string, number>();

  /** A document of the address's site that may be read through the document API: not in the trash. */
  function requireReadable(ref: string, request: ApiRequest): SeedDoc {
    const doc = requireDoc(ref, request, true);
    if (database.isRemoved(doc)) throw new GristError(404, 'Document is deleted');
    return doc;
  }

  /** Takes one of the document's slots (429 when it was the 11th), runs `work`, gives the slot back. */
  async function throttled<T>(doc: SeedDoc, work: () => T | Promise<T>): Promise<T> {
    const count = (slots.get(doc.id) ?? 0) + 1;
    slots.set(doc.id, count);
    try {
      if (count > MAX_PARALLEL_REQUESTS_PER_DOC) throw new GristError(429, `Too many backlogged requests for document ${doc.id} - try again later?`);
      return await work();
    } finally {
      slots.set(doc.id, (slots.get(doc.id) ?? 1) - 1);
    }
  }

  /** Waits out `prepareMs`, if any. */
  async function prepare(): Promise<void> {
    if (options.prepareMs > 0) await new Promise((resolve) => setTimeout(resolve, options.prepareMs));
  }

  const tablesOf = (doc: SeedDoc) => documentTables(database, doc);

  /** DocApi `_getDownloadFilename`: `?title=`, else the name with `-<tableId>` unless the table is named as the document. */
  function fileName(doc: SeedDoc, query: URLSearchParams, tableId?: string): string {
    const title = query.get('title');
    if (title) return title;
    return `${doc.name}${tableId && tableId !== doc.name ? `-${tableId}` : ''}` || 'document';
  }

  /** Sends `body` with these headers: paced by `bytesPerSecond`, cut (the socket destroyed) after `cutAfterBytes`. */
  async function sendFile(response: http.ServerResponse, type: string, disposition: string, body: Buffer, cutAfterBytes = Infinity): Promise<void> {
    response.writeHead(200, { 'Content-Type': type, 'Content-Disposition': disposition, 'Content-Length': body.length });
    const pace = Number.isFinite(options.bytesPerSecond);
    if (!pace && cutAfterBytes >= body.length) {
      response.end(body);
      return;
    }
    // The headers go at once, so the browser knows the size (totalBytes) while the body is slow.
    response.flushHeaders();
    for (let at = 0; at < body.length; at += PIECE) {
      const piece = body.subarray(at, Math.min(at + PIECE, body.length));
      if (at + piece.length > cutAfterBytes) {
        // The connection drops mid-body: what was written arrives, then the socket is reset.
        response.write(piece.subarray(0, Math.max(0, cutAfterBytes - at)), () => response.socket?.destroy());
        return;
      }
      // Each piece waits its share of the time first, so the whole body takes size / bytesPerSecond.
      if (pace) await new Promise((resolve) => setTimeout(resolve, (piece.length / options.bytesPerSecond) * 1000));
      if (response.destroyed) return;
      response.write(piece);
    }
    if (!response.destroyed) response.end();
  }

  /** `GET /api/docs/<id>/download` (`?nohistory=true`, `?template=true`, `?dryrun=1`). */
  function downloadGrist(ref: string, request: ApiRequest): unknown {
    const doc = requireReadable(ref, request);
    const { query } = request;
    const refused = () => doc.hidesData === true && database.docAccess(doc, request.caller) !== 'owners';
    // `dryrun` asks only whether the download would be allowed (DocApi: `{dryRun: 'allowed'}`).
    if (isAffirmative(query.get('dryrun') ?? query.get('dryRun'))) {
      return throttled(doc, () => {
        if (refused()) throw new GristError(403, 'not authorized to download this document');
        return { dryRun: 'allowed' };
      });
    }
    const variant = isAffirmative(query.get('template')) ? 'template' : isAffirmative(query.get('nohistory')) ? 'nohistory' : 'history';
    const size = { history: 2 * options.gristBytes, nohistory: options.gristBytes, template: Math.ceil(options.gristBytes / 4) }[variant];
    const filename = `${fileName(doc, query)}.grist`;
    return new FileAnswer(async (response, cutAfterBytes) => {
      const count = (active.get(doc.id) ?? 0) + 1;
      active.set(doc.id, count);
      peak.set(doc.id, Math.max(peak.get(doc.id) ?? 0, count));
      response.once('close', () => active.set(doc.id, (active.get(doc.id) ?? 1) - 1));
      await throttled(doc, async () => {
        if (refused()) throw new GristError(403, 'not authorized to download this document');
        await prepare();
      });
      await sendFile(response, 'application/x-sqlite3', expressAttachment(filename), gristFile(doc, variant, size), cutAfterBytes);
    });
  }

  /** `GET /api/docs/<id>/download/xlsx` (`?tableId=` one table): every table, one sheet each. */
  function downloadXlsx(ref: string, request: ApiRequest): FileAnswer {
    const doc = requireReadable(ref, request);
    const tableId = request.query.get('tableId') ?? undefined;
    const filename = `${fileName(doc, request.query, tableId)}.xlsx`;
    return new FileAnswer(async (response, cutAfterBytes) => {
      const tables = await throttled(doc, async () => {
        const all = tablesOf(doc);
        const chosen = tableId === undefined ? all : all.filter((table) => table.id === tableId);
        if (chosen.length === 0) throw new GristError(404, `Table ${tableId} not found.`);
        await prepare();
        return chosen;
      });
      const sheets = Buffer.from(tables.map((table) => `sheet ${table.id}\n${delimited(table, ',')}`).join(''), 'utf8');
      await sendFile(response, XLSX_TYPE, expressAttachment(filename), Buffer.concat([ZIP_MAGIC, sheets]), cutAfterBytes);
    });
  }

  /**
   * `GET /api/docs/<id>/download/csv?tableId=<id>` and `.../tsv`: one table. Without tableId: 400
   * "tableId parameter is required"; an unknown table: 404 "Table <tableId> not found." (grist-core
   * ExportDSV.ts `makeDSVFromTable`).
   */
  function downloadDelimited(extension: 'csv' | 'tsv') {
    const [delimiter, type] = extension === 'csv' ? [',', 'text/csv; charset=utf-8'] : ['\t', 'text/tab-separated-values; charset=utf-8'];
    return (ref: string, request: ApiRequest): FileAnswer => {
      const doc = requireReadable(ref, request);
      const tableId = request.query.get('tableId');
      return new FileAnswer(async (response, cutAfterBytes) => {
        const table = await throttled(doc, async () => {
          if (!tableId) throw new GristError(400, 'tableId parameter is required');
          const found = tablesOf(doc).find((candidate) => candidate.id === tableId);
          if (!found) throw new GristError(404, `Table ${tableId} not found.`);
          await prepare();
          return found;
        });
        const filename = `${fileName(doc, request.query, tableId ?? undefined)}.${extension}`;
        await sendFile(response, type, gristAttachment(filename), Buffer.from(delimited(table, delimiter), 'utf8'), cutAfterBytes);
      });
    };
  }

  /**
   * `GET /api/docs/<id>/tables`: `{"tables": [{"id", "fields"}]}` in the document's order, the
   * fields of `_grist_Tables` but its tableId, plus `tableRef` (DocApi `/tables`).
   */
  function tables(ref: string, request: ApiRequest): Promise<object> {
    const doc = requireReadable(ref, request);
    return throttled(doc, () => ({
      tables: tablesOf(doc).map((table, index) => ({
        id: table.id,
        fields: { primaryViewId: index + 1, summarySourceTable: 0, onDemand: false, rawViewSectionRef: 3 * index + 2, recordCardViewSectionRef: 3 * index + 3, tableRef: index + 1 },
      })),
    }));
  }

  const routes: Route[] = [
    ['GET', /^\/api\/docs\/([^/]+)\/download$/, downloadGrist],
    ['GET', /^\/api\/docs\/([^/]+)\/download\/xlsx$/, downloadXlsx],
    ['GET', /^\/api\/docs\/([^/]+)\/download\/csv$/, downloadDelimited('csv')],
    ['GET', /^\/api\/docs\/([^/]+)\/download\/tsv$/, downloadDelimited('tsv')],
    ['GET', /^\/api\/docs\/([^/]+)\/tables$/, tables],
  ];

  return {
    routes,
    /** In: a document id or urlId. Out: the most `.grist` downloads of it under way at once (since the last `clear`). */
    mostAtOnce: (ref: string): number => peak.get(database.findDoc(ref)?.id ?? ref) ?? 0,
    /** Forgets the most at once. */
    clear: (): void => peak.clear(),
    /** Changes some options; the others stay. */
    setOptions: (changes: DownloadOptions): void => {
      options = { ...options, ...changes };
    },
  };
}
