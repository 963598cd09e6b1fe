/**
 * The worker's one way to log a failure. Only the error's name (and an ApiError's kind) is
 * logged: the text of an error from a server or a browser API could hold anything, the API key
 * included, and the key must never reach a log line.
 */
import { ApiError } from './grist/api-error.ts';

/** In: what failed. Out: a handler that logs an error from it. */
export function logFailure(what: string): (error: unknown) => void {
  return (error) => {
    const kind = error instanceof ApiError ? `ApiError (${error.kind})` : error instanceof Error ? error.name : typeof error;
    console.error(`Grist Quick Rename: ${what} failed:`, kind);
  };
}
