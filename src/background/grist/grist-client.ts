/**
 * The one network module: every call to Grist goes through here. It adds the API key, refuses
 * hosts the user did not configure and plain http outside localhost, gives every call a timeout,
 * never follows redirects (so the key cannot be carried to another host), checks the answer's
 * shape, and turns every failure into an ApiError. GETs are retried with backoff on 429, 5xx and
 * network errors; a PATCH never is (a rename must not happen twice behind the user's back).
 * At most MAX_IN_FLIGHT_PER_HOST calls run at once per host, to be gentle on Grist.
 * A file (a download or an export) is not fetched here: `download` hands it to the browser's
 * downloads, with the key in that download's Authorization header only.
 */
import * as v from 'valibot';
import browser from 'webextension-polyfill';
import { t, tCount } from '../../shared/i18n.ts';
import { DOWNLOADS_PERMISSION } from '../../shared/protocol/downloads.ts';
import { isLocalHost } from '../../shared/rules/site-url.ts';
import { ApiError, errorForStatus } from './api-error.ts';
import type { KeyDestination } from './host-policy.ts';
import { mayHoldKey } from './key-leak.ts';
import { readDocumentPages } from './document-pages.ts';
import type { PageEntry } from '../../shared/protocol/pages.ts';
import { perHostLimit, sleep } from '../pacing.ts';

export interface GristClientOptions {
  apiKey: string;
  /** Whether the key may go to a URL (see host-policy.ts): only 'allowed' ones are called. */
  keyDestination: (url: URL) => KeyDestination;
  /** True when the browser has granted the host permission (without it, Grist's CORS answer blocks the call). */
  hasHostPermission: (url: URL) => Promise<boolean>;
  /**
   * False once the settings or key this client was made with are out of date (changed, removed):
   * a call not sent yet is then not sent. Default: always current.
   */
  isCurrent?: () => boolean;
  /** Per-call timeout in ms; default 15 s. */
  timeoutMs?: number;
  /** How GETs are retried; default DEFAULT_RETRY. */
  retry?: RetryPolicy;
}

/**
 * At most `attempts` tries in all; the n-th retry waits `baseDelayMs * 3^(n-1)`, or what the
 * server's Retry-After asks. A wait over `maxDelayMs` is not made: the error goes to the user.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 400, maxDelayMs: 10_000 };

/**
 * Browsers open at most 6 HTTP/1.1 connections per host; more calls would only queue inside the
 * browser, where their timeouts would run while they wait.
 */
export const MAX_IN_FLIGHT_PER_HOST = 6;

/** A revalidated GET: the checked value and its ETag, or word that the stored copy is current. */
export type Revalidated<T> = { changed: true; value: T; etag: string | null } | { changed: false };

export interface GristClient {
  /**
   * Asks whether each of `siteUrls`' hosts is granted, all at once (one call to the browser where
   * the client batches them: connectToGrist), so that calls made to them later, one at a time, find
   * it known. Never throws: a call finds out for itself. Absent from fakes that need not have it.
   */
  knowHosts?(siteUrls: readonly string[]): Promise<void>;
  /** GET `{siteUrl}{path}`, answer checked against `schema`. Throws ApiError. */
  get<T>(siteUrl: string, path: string, schema: v.GenericSchema<unknown, T>): Promise<T>;
  /**
   * GET with `If-None-Match: etag` when an ETag is given: Grist answers 304 with no body when the
   * data is unchanged (docs/grist-api.md "Listing"). Throws ApiError.
   */
  revalidate<T>(siteUrl: string, path: string, schema: v.GenericSchema<unknown, T>, etag: string | null): Promise<Revalidated<T>>;
  /**
   * PATCH, POST or DELETE `{siteUrl}{path}`, with a JSON body and its Content-Type when `body` is
   * given (without that Content-Type Grist ignores a body, or worse: a copy answers 200 with an
   * unsaved `new~` document, docs/grist-api.md "Copy"). Never retried. Throws ApiError.
   */
  patch<T>(siteUrl: string, path: string, body: unknown, schema: v.GenericSchema<unknown, T>): Promise<T>;
  post<T>(siteUrl: string, path: string, body: unknown, schema: v.GenericSchema<unknown, T>): Promise<T>;
  delete<T>(siteUrl: string, path: string, schema: v.GenericSchema<unknown, T>): Promise<T>;
  /**
   * Has the browser download `{siteUrl}{path}` (a document's file or export) into `file.filename`,
   * relative to its download folder, and answers the browser's download id as soon as the download
   * has started (not when it ends: browser-downloads.ts waits for that). The key goes only in the
   * download's Authorization header, never in its URL, which stays in the browser's download
   * history; to the hosts `get` would send it to. No file passes through the extension.
   * Throws ApiError: `no-downloads-permission` without the optional `downloads` permission, the
   * checks of `get` (`no-host-permission`, `key-not-confirmed`, `invalid-input` for plain http),
   * `outdated`, and `invalid-input` when the browser refuses to start it (a bad file name).
   */
  download(siteUrl: string, path: string, file: DownloadFile): Promise<number>;
  /**
   * GET `{siteUrl}{path}` for its status only: a 2xx answer's body is cancelled unread (a file
   * never passes through the extension), an error's JSON body gives Grist's words. Tells why a
   * download failed (a trashed document: 404 "Document is deleted"). Not retried: its caller
   * decides. Throws ApiError as `get` does (a 429 carries `retryAfterMs`).
   */
  probe(siteUrl: string, path: string): Promise<void>;
  /**
   * Document `docId`'s pages in Grist's order, read as `get` reads (document-pages.ts): the `sql`
   * read, the metadata tables when its access rules refuse that; null when they refuse both.
   * Throws ApiError.
   */
  readPages(siteUrl: string, docId: string): Promise<PageEntry[] | null>;
}

/** Where a download lands: a path under the browser's download folder, and what to do when a file of that name is there. */
export interface DownloadFile {
  filename: string;
  /** `uniquify`: a new file beside the old one (a new download); `overwrite`: the same file again (a retry). */
  conflictAction: 'uniquify' | 'overwrite';
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_SERVER_MESSAGE = 300;

/**
 * Grist's own error text from a `{"error": "..."}` body, shortened; none when the body is not
 * that, or when the text could give the key away (a hostile or broken server may echo the request
 * back, whole, cut, upper-cased or URL-encoded: see key-leak.ts).
 */
function serverMessageOf(text: string, apiKey: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error !== 'string' || mayHoldKey(error, apiKey)) return undefined;
    // A plan's refusal names its limit beside the message (docs/grist-api.md "Moving a document").
    const limit = (body as { details?: { limit?: unknown } }).details?.limit;
    return `${error}${typeof limit === 'number' ? ` (limit ${limit})` : ''}`.slice(0, MAX_SERVER_MESSAGE);
  } catch {
    return undefined;
  }
}

/**
 * A Retry-After header (RFC 9110: seconds, or an HTTP date) in ms from `now`; undefined when absent
 * or unreadable. getgrist.com sends none with its 429 (docs/grist-api.md "Errors and limits"), proxies may.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isRetryable(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.kind === 'rate-limited' || error.kind === 'server' || error.kind === 'network');
}

/** One limit per host, shared by every client, so parallel refreshes and renames add up. */
const limitFor = perHostLimit(MAX_IN_FLIGHT_PER_HOST);

interface Call {
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE';
  siteUrl: string;
  path: string;
  body?: unknown;
  etag?: string | null;
}

/** Makes a client bound to one API key. */
export function createGristClient(options: GristClientOptions): GristClient {
  const { apiKey, keyDestination, hasHostPermission, isCurrent = () => true, timeoutMs = DEFAULT_TIMEOUT_MS, retry = DEFAULT_RETRY } = options;

  /** `{siteUrl}{path}` once it is known that the key may go there. Throws ApiError. */
  async function checkedUrl(siteUrl: string, path: string): Promise<URL> {
    const url = new URL(`${siteUrl}${path}`);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalHost(url.hostname))) {
      throw new ApiError('invalid-input', t('errorInsecure', url.host));
    }
    const destination = keyDestination(url);
    if (destination === 'not-a-site') {
      throw new ApiError('no-host-permission', t('errorNotConfiguredHost', url.host, url.origin));
    }
    if (destination === 'not-confirmed') throw new ApiError('key-not-confirmed', t('errorKeyNotConfirmed', url.host));
    if (!(await hasHostPermission(url))) {
      throw new ApiError(
        'no-host-permission',
        t('errorHostNotGranted', url.host),
      );
    }
    return url;
  }

  /** Fetches `url` within the call timeout; a failure to get any answer becomes a `timeout` or `network` ApiError. */
  async function fetchOrFail(url: URL, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        signal,
        redirect: 'error',
        credentials: 'omit',
        // The extension revalidates itself with If-None-Match; the HTTP cache would only add a copy.
        cache: 'no-store',
      });
    } catch {
      throw networkError(url, signal);
    }
  }

  function networkError(url: URL, signal: AbortSignal): ApiError {
    if (signal.aborted) {
      return new ApiError('timeout', t('errorTimeout', url.host, tCount('waitSeconds', Math.round(timeoutMs / 1000))));
    }
    if (globalThis.navigator?.onLine === false) return new ApiError('network', t('errorOffline'));
    return new ApiError('network', t('errorUnreachable', url.host));
  }

  async function send<T>({ method, siteUrl, path, body, etag }: Call, schema: v.GenericSchema<unknown, T>): Promise<Revalidated<T>> {
    const url = await checkedUrl(siteUrl, path);
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (etag) headers['If-None-Match'] = etag;
    const { status, text, responseHeaders } = await limitFor(url.host)(async () => {
      // Checked as late as can be: a call may wait here behind others for a while.
      if (!isCurrent()) throw new ApiError('outdated', t('errorSettingsChanged'));
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetchOrFail(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, signal);
      try {
        return { status: response.status, responseHeaders: response.headers, text: await response.text() };
      } catch {
        throw networkError(url, signal);
      }
    });
    if (status === 304 && etag) return { changed: false };
    if (status < 200 || status > 299) {
      throw errorForStatus(status, serverMessageOf(text, apiKey), url.host, retryAfterMs(responseHeaders.get('Retry-After')));
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError('bad-response', t('errorNotGrist', url.host), status);
    }
    const checked = v.safeParse(schema, json);
    if (!checked.success) {
      throw new ApiError('bad-response', t('errorBadShape', url.host), status);
    }
    return { changed: true, value: checked.output, etag: responseHeaders.get('ETag') };
  }

  async function getWithRetries<T>(call: Call, schema: v.GenericSchema<unknown, T>): Promise<Revalidated<T>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(call, schema);
      } catch (error) {
        if (!isRetryable(error) || attempt >= retry.attempts) throw error;
        const wait = error.retryAfterMs ?? retry.baseDelayMs * 3 ** (attempt - 1);
        if (wait > retry.maxDelayMs) throw error;
        await sleep(wait);
      }
    }
  }

  /** The value of an answer that cannot be a 304 (no ETag was sent). */
  const valueOf = <T>(answer: Revalidated<T>): T => {
    if (!answer.changed) throw new ApiError('bad-response', t('errorNotModified'), 304);
    return answer.value;
  };

  async function download(siteUrl: string, path: string, file: DownloadFile): Promise<number> {
    // In Chrome `downloads` is absent until the optional permission is granted; in Firefox it is
    // there, and the permission says (docs/develop.md "Downloads in Firefox").
    const downloads = browser.downloads as typeof browser.downloads | undefined;
    if (!downloads || !(await browser.permissions.contains({ permissions: [DOWNLOADS_PERMISSION] }))) {
      throw new ApiError('no-downloads-permission', t('errorNoDownloadsPermission'));
    }
    const url = await checkedUrl(siteUrl, path);
    if (!isCurrent()) throw new ApiError('outdated', t('errorSettingsChanged'));
    try {
      return await downloads.download({
        url: url.href,
        headers: [{ name: 'Authorization', value: `Bearer ${apiKey}` }],
        filename: file.filename,
        conflictAction: file.conflictAction,
        saveAs: false,
      });
    } catch (error) {
      // The browser's reason ("Invalid filename") helps; it is dropped if it could hold the key.
      const reason = error instanceof Error && !mayHoldKey(error.message, apiKey) ? error.message.slice(0, MAX_SERVER_MESSAGE) : '';
      throw new ApiError('invalid-input', t('errorDownloadNotStarted', file.filename, reason));
    }
  }

  async function probe(siteUrl: string, path: string): Promise<void> {
    const url = await checkedUrl(siteUrl, path);
    const { status, text, responseHeaders } = await limitFor(url.host)(async () => {
      if (!isCurrent()) throw new ApiError('outdated', t('errorSettingsChanged'));
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetchOrFail(url, { method: 'GET', headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' } }, signal);
      if (response.ok) {
        // The file itself: not read, not kept.
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, text: '', responseHeaders: response.headers };
      }
      try {
        return { status: response.status, responseHeaders: response.headers, text: await response.text() };
      } catch {
        throw networkError(url, signal);
      }
    });
    if (status < 200 || status > 299) {
      throw errorForStatus(status, serverMessageOf(text, apiKey), url.host, retryAfterMs(responseHeaders.get('Retry-After')));
    }
  }

  const get = async <T>(siteUrl: string, path: string, schema: v.GenericSchema<unknown, T>): Promise<T> =>
    valueOf(await getWithRetries({ method: 'GET', siteUrl, path }, schema));

  return {
    knowHosts: async (siteUrls) => {
      await Promise.all(siteUrls.map((siteUrl) => hasHostPermission(new URL(siteUrl)).catch(() => false)));
    },
    get,
    revalidate: (siteUrl, path, schema, etag) => getWithRetries({ method: 'GET', siteUrl, path, etag }, schema),
    patch: async (siteUrl, path, body, schema) => valueOf(await send({ method: 'PATCH', siteUrl, path, body }, schema)),
    post: async (siteUrl, path, body, schema) => valueOf(await send({ method: 'POST', siteUrl, path, body }, schema)),
    delete: async (siteUrl, path, schema) => valueOf(await send({ method: 'DELETE', siteUrl, path }, schema)),
    download,
    probe,
    readPages: (siteUrl, docId) => readDocumentPages(get, siteUrl, docId),
  };
}
