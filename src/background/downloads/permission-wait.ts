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

/**
 * The starts held now. `checking`: its first read of the permission is under way (a start of a
 * popup whose permission is granted already is never dropped by a newer one); `drop` ends its wait
 * with `no-downloads-permission`.
 */
const held = new Set<{ checking: boolean; drop: () => void }>();

/** The error of a start that was not granted the permission. */
const notGranted = () => new ApiError('no-downloads-permission', t('errorNoDownloadsPermission'));

/**
 * In: whether the start is marked `once: 'granted'` (a popup's click that asked the permission).
 * Out: settles once the browser has granted `downloads`: at once when it has. Marked and not
 * granted yet, the start is held (registered at once, so a drop sent right after it by the same
 * popup finds it) until `permissions.onAdded` names `downloads` or a read each PERMISSION_POLL_MS
 * finds it granted; finding it not granted, it drops the starts held before it. Throws ApiError
 * `no-downloads-permission`: at once when not marked (the Bulk page asks first, in its tab, and
 * sends only once granted); marked, when dropped (dropWaitingDownloads, or a newer start) or when
 * PERMISSION_WAIT_MS pass without the permission.
 */
export function downloadsGranted(once: 'granted' | undefined): Promise<void> {
  if (once !== 'granted') {
    return hasDownloadsPermission().then((granted) => {
      if (!granted) throw notGranted();
    });
  }
  return new Promise((resolve, reject) => {
    let ended = false;
    const end = (settle: () => void) => {
      if (ended) return;
      ended = true;
      clearTimeout(timeout);
      clearInterval(poll);
      browser.permissions.onAdded.removeListener(onAdded);
      held.delete(self);
      settle();
    };
    const self = { checking: true, drop: () => end(() => reject(notGranted())) };
    held.add(self);
    const check = () =>
      hasDownloadsPermission().then(
        (granted) => granted && end(resolve),
        () => false,
      );
    const onAdded = (permissions: Permissions.Permissions) => {
      if (permissions.permissions?.includes(DOWNLOADS_PERMISSION)) end(resolve);
    };
    const timeout = setTimeout(self.drop, PERMISSION_WAIT_MS);
    const poll = setInterval(check, PERMISSION_POLL_MS);
    // Listening before the first read: a grant that comes while it is under way is not missed.
    browser.permissions.onAdded.addListener(onAdded);
    void check().then((granted) => {
      self.checking = false;
      // Not granted: a start held before was refused in a popup that closed with the prompt.
      if (!granted && !ended) for (const other of [...held]) if (other !== self && !other.checking) other.drop();
    });
  });
}

/**
 * The popup's `dropWaitingDownloads` message (its permission request answered false): every start
 * held ends without starting (its sender is answered `no-downloads-permission`).
 */
export async function dropWaitingDownloads(): Promise<null> {
  for (const start of [...held]) start.drop();
  return null;
}
