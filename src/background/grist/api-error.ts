/**
 * The one error class of the network module, and how Grist's answers map onto it.
 * Messages name the host, never the API key.
 */
import type { ErrorKind, ErrorValue } from '../../shared/protocol/errors.ts';
import { t, tCount } from '../../shared/i18n.ts';

/** A failed call to Grist: `kind` for the UI, `status` when the server answered, a readable message. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | undefined;
  /** Grist's own `error` text, when it sent one; lets callers tell apart answers with one status. */
  readonly serverMessage: string | undefined;
  /** How long the server asked to wait before trying again (Retry-After), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(kind: ErrorKind, message: string, status?: number, serverMessage?: string, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterMs = retryAfterMs;
  }

  /** The plain value that crosses the message boundary. */
  toValue(): ErrorValue {
    return this.status === undefined
      ? { kind: this.kind, message: this.message }
      : { kind: this.kind, status: this.status, message: this.message };
  }
}

/** Grist's answer to a request with credentials and a foreign Origin (docs/grist-api.md, "The Origin trap"). */
export const CROSS_ORIGIN_REFUSAL = 'Credentials not supported for cross-origin requests';

/**
 * Maps an HTTP error answer to an ApiError.
 * In: status, the server's own `error` text if its body was Grist's `{"error": ...}` JSON, the host,
 * and the wait a Retry-After header asked for (ms).
 * Grist's error bodies and statuses: docs/grist-api.md "Errors and limits", "Authentication".
 */
export function errorForStatus(status: number, serverMessage: string | undefined, host: string, retryAfterMs?: number): ApiError {
  const error = mapStatus(status, serverMessage, host, retryAfterMs);
  return new ApiError(error.kind, error.message, status, serverMessage, retryAfterMs);
}

function mapStatus(status: number, serverMessage: string | undefined, host: string, retryAfterMs: number | undefined): ApiError {
  const said = serverMessage ? ` ${t('errorGristSaid', serverMessage)}` : '';
  if (status === 401) {
    return new ApiError(
      'auth',
      t('errorKeyRefused'),
      status,
    );
  }
  if (status === 403 && serverMessage === CROSS_ORIGIN_REFUSAL) {
    return new ApiError(
      'forbidden',
      t('errorCrossOrigin', host),
      status,
    );
  }
  if (status === 403) return new ApiError('forbidden', `${t('errorForbidden', host)}${said}`, status);
  if (status === 404) return new ApiError('not-found', `${t('errorNotFound', host)}${said}`, status);
  if (status === 429) {
    const wait = retryAfterMs === undefined ? t('waitAMinute') : tCount('waitSeconds', Math.max(1, Math.ceil(retryAfterMs / 1000)));
    return new ApiError('rate-limited', t('errorRateLimited', host, wait), status);
  }
  if (status >= 500) {
    return new ApiError('server', t('errorServer', host, String(status)), status);
  }
  if (status === 400 || status === 413) return new ApiError('bad-request', `${t('errorBadRequest', host)}${said}`, status);
  return new ApiError('bad-response', t('errorUnexpectedStatus', host, String(status)), status);
}
