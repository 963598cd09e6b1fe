/**
 * The options page's side of the browser's optional host permissions: the functions it is given
 * (real or fake), asking for hosts inside a click, and saying what a refusal means.
 */
import { t, type MessageKey } from '../shared/i18n.ts';

/**
 * Asks the browser for host permissions; answers whether they are all granted.
 * The real one wraps `browser.permissions.request({ origins })`.
 */
export type RequestHostPermissions = (origins: string[]) => Promise<boolean>;

/**
 * Answers whether the browser has granted one host permission pattern (`https://host/*`).
 * The real one wraps `browser.permissions.contains({ origins: [origin] })`.
 */
export type HasHostPermission = (origin: string) => Promise<boolean>;

/**
 * Calls `listener` whenever host permissions are granted or taken back (in the options, the
 * browser's extension settings or a prompt), until `signal` aborts.
 * The real one listens to `browser.permissions.onAdded` and `onRemoved`.
 */
export type WatchHostPermissions = (listener: () => void, signal: AbortSignal) => void;

/** What the browser answered; `reason` is what it threw, if it threw. */
export type PermissionAnswer = { granted: true } | { granted: false; reason?: string };

/** Asks for host permission patterns; never rejects (see askForHosts). */
export type AskForHosts = (origins: string[]) => Promise<PermissionAnswer>;

/**
 * Makes `askForHosts` from the browser's request. It starts the request at once: Chrome (and
 * Firefox) show the prompt only while the click is being handled, so callers must reach it with no
 * `await` before it. Asking again for hosts already granted resolves granted without a prompt.
 */
export function hostAsker(requestHostPermissions: RequestHostPermissions): AskForHosts {
  return (origins) => {
    let request: Promise<boolean>;
    try {
      request = requestHostPermissions(origins);
    } catch (error) {
      request = Promise.reject(error);
    }
    return request.then(
      (granted): PermissionAnswer => (granted ? { granted: true } : { granted: false }),
      (error: unknown): PermissionAnswer => ({
        granted: false,
        ...(error instanceof Error && error.message ? { reason: error.message } : {}),
      }),
    );
  };
}

/**
 * The sentence for a refusal. In: the patterns refused, the browser's reason if any, what did not
 * happen (`consequence`) and what to do (`retry`), as message keys.
 */
export function describeRefusal(origins: readonly string[], answer: { reason?: string }, consequence: MessageKey, retry: MessageKey): string {
  const hosts = origins.map(describeHostPattern).join(', ');
  return answer.reason
    ? t('accessRefusedBecause', hosts, answer.reason, t(consequence), t(retry))
    : t('accessRefused', hosts, t(consequence), t(retry));
}

/** A pattern `https://host/*` as it reads best to a person: `https://host`. */
export function describeHostPattern(origin: string): string {
  return origin.replace(/\/\*$/, '');
}
