/**
 * A popup's first download, started while the browser asks the user for the optional `downloads`
 * permission. Chromium's permission dialog takes the focus, so the popup closes and the code after
 * its `permissions.request()` never runs (uBlockOrigin/uBOL-home issue 280): the popup therefore
 * sends its start in the same click, marked `once: 'granted'`, and the worker holds it here until
 * the browser grants the permission (`permissions.onAdded` naming `downloads`, or a read of
 * `permissions.contains` each second, which also keeps a worker the browser would stop after 30 s
 * idle awake meanwhile), at most PERMISSION_WAIT_MS.
 *
 * Nothing the user refused is ever started: a refusal grants nothing, so the held start ends
 * unstarted after PERMISSION_WAIT_MS; a popup still open when the request answers false drops it at
 * once (`dropWaitingDownloads`); and only the latest held start is kept: a new one drops the one
 * before, so a start refused in a popup that closed is not started by a later click that is granted.
 */
import browser, { type Permissions } from 'webextension-polyfill';
import { t } from '../../shared/i18n.ts';
import { DOWNLOADS_PERMISSION } from '../../shared/protocol/downloads.ts';
import { ApiError } from '../grist/api-error.ts';
import { hasDownloadsPermission } from './browser-downloads.ts';

/**
 * How long a start waits for the user's answer to the permission prompt, in ms: a minute is ample
 * to read a one-line prompt and click, and short enough that a start whose popup closed on a
 * refusal does not linger for a later grant of another reason.
 */
export const PERMISSION_WAIT_MS = 60_000;

/** How often the wait reads the permission again, in ms (see the module's comment). */
export const PERMISSION_POLL_MS = 1000;

/** The start held now, if any: dropping it ends its wait with `no-downloads-permission`. */
let held: { drop: () => void } | null = null;

/** The error of a start that was not granted the permission. */
const notGranted = () => new ApiError('no-downloads-permission', t('errorNoDownloadsPermission'));

/**
 * In: a start marked `once: 'granted'`. Out: settles once the browser has granted `downloads`
 * (at once when it has already). Drops the start held before it, if any. Throws ApiError
 * `no-downloads-permission` when it is dropped (dropWaitingDownloads, or a newer start) or
 * PERMISSION_WAIT_MS pass without the permission.
 */
export function whenDownloadsGranted(): Promise<void> {
  held?.drop();
  return new Promise((resolve, reject) => {
    let ended = false;
    const end = (settle: () => void) => {
      if (ended) return;
      ended = true;
      clearTimeout(timeout);
      clearInterval(poll);
      browser.permissions.onAdded.removeListener(onAdded);
      if (held === self) held = null;
      settle();
    };
    const self = { drop: () => end(() => reject(notGranted())) };
    held = self;
    const check = () => {
      hasDownloadsPermission().then(
        (granted) => granted && end(resolve),
        () => undefined,
      );
    };
    const onAdded = (permissions: Permissions.Permissions) => {
      if (permissions.permissions?.includes(DOWNLOADS_PERMISSION)) end(resolve);
    };
    const timeout = setTimeout(self.drop, PERMISSION_WAIT_MS);
    const poll = setInterval(check, PERMISSION_POLL_MS);
    // Listening before the first read: a grant that comes while it is under way is not missed.
    browser.permissions.onAdded.addListener(onAdded);
    check();
  });
}

/**
 * The popup's `dropWaitingDownloads` message (its permission request answered false): the start
 * held, if any, ends without starting (its sender is answered `no-downloads-permission`).
 */
export async function dropWaitingDownloads(): Promise<null> {
  held?.drop();
  return null;
}

/**
 * In: whether the start is marked `once: 'granted'` (a popup's click that asked the permission).
 * Out: settles once the permission is granted: at once when it is; marked, after the wait
 * (whenDownloadsGranted, which drops a start held before). Throws ApiError `no-downloads-permission` when it is not granted (at
 * once when not marked: the Bulk page asks first, in its tab, and sends only once granted).
 */
export async function downloadsGranted(once: 'granted' | undefined): Promise<void> {
  // Granted already (the usual case): no wait, and no start held before is dropped.
  if (await hasDownloadsPermission()) return;
  if (once !== 'granted') throw notGranted();
  await whenDownloadsGranted();
}
