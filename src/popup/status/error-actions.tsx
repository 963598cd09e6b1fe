/**
 * The way out of an error, as a button next to it: the options for what they fix (a refused key,
 * a host the browser may not reach, a key not confirmed for a host), or another try for what may
 * go away by itself (no answer, a server error); and the row that says why a site or an account
 * could not be listed, with that way out.
 */
import type { ErrorKind, ErrorValue } from '../../shared/protocol/errors.ts';
import { FIXED_IN_OPTIONS } from '../../page-shared/fixed-in-options.ts';
import { t } from '../../shared/i18n.ts';
import type { PopupStore } from '../store-types.ts';

/**
 * The buttons for an error of `kind`: **Open options** for what the options fix (FIXED_IN_OPTIONS),
 * **Try again** (a refresh) for anything else. Never disabled while a refresh runs: a button that
 * turns disabled under the pointer drops the keyboard focus to the page; a second refresh is
 * simply not started.
 */
export function ErrorActions({ store, kind }: { store: PopupStore; kind: ErrorKind }) {
  if (FIXED_IN_OPTIONS.has(kind)) {
    return (
      <button type="button" class="button primary" onClick={() => store.openOptions()}>
        {t('openOptions')}
      </button>
    );
  }
  return (
    <button type="button" class="button primary" aria-disabled={store.refreshing.value ? 'true' : undefined} onClick={() => void store.refresh()}>
      {t('tryAgain')}
    </button>
  );
}

/**
 * Why a site or an account could not be listed, in its row, with the way out; `earlier`: the hint
 * that what is shown under it comes from an earlier refresh.
 */
export function ListingError({ store, error, earlier }: { store: PopupStore; error: ErrorValue; earlier: string | null }) {
  return (
    <div class="site-error" title={error.message}>
      <p class={earlier ? 'message' : 'message message-only'}>{error.message}</p>
      <div class="site-error-footer">
        {earlier && <p class="hint">{earlier}</p>}
        <ErrorActions store={store} kind={error.kind} />
      </div>
    </div>
  );
}
