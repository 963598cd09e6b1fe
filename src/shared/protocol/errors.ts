/**
 * Errors as values, the shape that crosses the message boundary between the background service
 * worker and the extension pages. Messages are written for a person and never contain the API key.
 */

import { t } from '../i18n.ts';

/** What went wrong, coarse enough for the UI to choose what to show. */
export type ErrorKind =
  | 'auth' // Grist refused the API key (401)
  | 'forbidden' // 403: not an owner, or a request Grist refuses for the caller
  | 'not-found' // 404: document or site gone
  | 'bad-request' // 400: Grist refused the request and said why
  | 'rate-limited' // 429
  | 'server' // 5xx
  | 'network' // no answer: host unreachable, offline, connection reset, CORS refusal
  | 'timeout' // no answer in time
  | 'bad-response' // an answer that is not what a Grist server sends
  | 'no-key' // no API key saved
  | 'invalid-input' // the request itself is wrong (bad URL, empty name)
  | 'no-host-permission' // the browser has not granted this host
  | 'no-downloads-permission' // the browser has not granted the optional `downloads` permission
  | 'key-not-confirmed' // a configured site the saved API key was not saved or confirmed for
  | 'not-configured' // a Grist page or link of a site that is not one of the user's
  | 'outdated' // the settings or the key changed while the request waited: nothing was sent
  | 'cannot-tell'; // a copy Grist may have made, and nothing left to read will say: the user checks; nothing was sent

/** An error as a plain, serialisable value: `{kind, status?, message}`. */
export interface ErrorValue {
  kind: ErrorKind;
  /** HTTP status, when the server answered. */
  status?: number;
  /** A sentence a person can act on. */
  message: string;
}

/** The reply of every message: the value, or the error as a value. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorValue };

/** Wraps a value as a successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Wraps an error value as a failed result. */
export function fail<T = never>(error: ErrorValue): Result<T> {
  return { ok: false, error };
}

/** What a page shows when the background worker does not answer a message. */
export const NO_WORKER_ERROR: ErrorValue = {
  kind: 'network',
  message: t('errorNoWorker'),
};

/**
 * Replies are errors as values; a reply that rejects anyway (a worker gone, a backend that throws)
 * becomes NO_WORKER_ERROR, so no page is left waiting in a busy state.
 */
export async function settle<T>(reply: Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await reply;
  } catch {
    return { ok: false, error: NO_WORKER_ERROR };
  }
}
