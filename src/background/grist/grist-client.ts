/**
 * The one network module: every call to Grist goes through here. It adds the API key, refuses
 * hosts the user did not configure and plain http outside localhost, gives every call a timeout,
 * never follows redirects (so the key cannot be carried to another host), checks the answer's
 * shape, and turns every failure into an ApiError. GETs are retried with backoff on 429, 5xx and
 * network errors; a PATCH never is (a rename must not happen twice behind the user's back).
 * At most MAX_IN_FLIGHT_PER_HOST calls run at once per host, to be gentle on Grist.
 */
import * as v from 'valibot';
import { t, tCount } from '../../shared/i18n.ts';
import { isLocalHost } from '../../shared/rules/site-url.ts';
import { ApiError, errorForStatus } from './api-error.ts';
import type { KeyDestination } from './host-policy.ts';
import { mayHoldKey } from './key-leak.ts';
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

  async function send<T>({ method, siteUrl, path, body, etag }: Call, schema: v.GenericSchema<unknown, T>): Promise<Revalidated<T>> {
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
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (etag) headers['If-None-Match'] = etag;
    const { status, text, responseHeaders } = await limitFor(url.host)(async () => {
      // Checked as late as can be: a call may wait here behind others for a while.
      if (!isCurrent()) throw new ApiError('outdated', t('errorSettingsChanged'));
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
          redirect: 'error',
          credentials: 'omit',
          // The extension revalidates itself with If-None-Match; the HTTP cache would only add a copy.
          cache: 'no-store',
        });
        return { status: response.status, responseHeaders: response.headers, text: await response.text() };
      } catch {
        if (signal.aborted) {
          throw new ApiError('timeout', t('errorTimeout', url.host, tCount('waitSeconds', Math.round(timeoutMs / 1000))));
        }
        if (globalThis.navigator?.onLine === false) {
          throw new ApiError('network', t('errorOffline'));
        }
        throw new ApiError('network', t('errorUnreachable', url.host));
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

  return {
    knowHosts: async (siteUrls) => {
      await Promise.all(siteUrls.map((siteUrl) => hasHostPermission(new URL(siteUrl)).catch(() => false)));
    },
    get: async (siteUrl, path, schema) => valueOf(await getWithRetries({ method: 'GET', siteUrl, path }, schema)),
    revalidate: (siteUrl, path, schema, etag) => getWithRetries({ method: 'GET', siteUrl, path, etag }, schema),
    patch: async (siteUrl, path, body, schema) => valueOf(await send({ method: 'PATCH', siteUrl, path, body }, schema)),
    post: async (siteUrl, path, body, schema) => valueOf(await send({ method: 'POST', siteUrl, path, body }, schema)),
    delete: async (siteUrl, path, schema) => valueOf(await send({ method: 'DELETE', siteUrl, path }, schema)),
  };
}
