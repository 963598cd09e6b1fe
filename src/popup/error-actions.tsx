/**
 * The way out of an error, as a button next to it: the options for what they fix (a refused key,
 * a host the browser may not reach, a key not confirmed for a host), or another try for what may
 * go away by itself (no answer, a server error).
 */
import type { ErrorKind } from '../shared/errors.ts';
import { t } from '../shared/i18n.ts';
import type { PopupStore } from './store.ts';

/** Errors the options page can fix. */
const FIXED_IN_OPTIONS: ReadonlySet<ErrorKind> = new Set(['no-key', 'auth', 'forbidden', 'no-host-permission', 'key-not-confirmed']);
/** Errors that may go away by themselves; `invalid-input` here is a refresh outdated by new settings. */
const WORTH_RETRYING: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'server', 'rate-limited', 'bad-response', 'invalid-input']);

/** The buttons for an error of `kind`: **Open options** and/or **Try again** (a refresh). */
export function ErrorActions({ store, kind }: { store: PopupStore; kind: ErrorKind }) {
  return (
    <>
      {FIXED_IN_OPTIONS.has(kind) && (
        <button type="button" class="button" onClick={() => store.openOptions()}>
          {t('openOptions')}
        </button>
      )}
      {WORTH_RETRYING.has(kind) && (
        <button type="button" class="button" disabled={store.refreshing.value} onClick={() => void store.refresh()}>
          {t('tryAgain')}
        </button>
      )}
    </>
  );
}
