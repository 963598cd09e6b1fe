/**
 * What the user opened from the extension (a link of the popup, a page, the address bar's `gr`,
 * the document window), kept as each one's fading score (shared/rules/frecency.ts) in openedItem,
 * by open key (shared/protocol/pages.ts): the popup's "Recently opened" and the address bar rank by
 * it. Kept per account: Remove account takes its records away (forgetAccountOpens), the History's
 * Clear takes them all (forgetOpens). Written one write at a time (a queue), so two opens in a
 * row both count; through storage-writes.ts, so the address bar's index follows them.
 */
import type { DocumentKey } from '../../shared/protocol/messages.ts';
import { openKey, parseOpenKey, type OpenedMap } from '../../shared/protocol/pages.ts';
import { keepMost, recordOpen } from '../../shared/rules/frecency.ts';
import { accountsItem, openedItem } from '../../shared/storage/storage-items.ts';
import { findListedDocument } from '../changes/listed-documents.ts';
import { logFailure } from '../log-failure.ts';
import { serialQueue } from '../pacing.ts';
import { removeTogether, storeTogether } from '../storage-writes.ts';

/** The writes of openedItem, one after the other (each reads what the one before wrote). */
const queued = serialQueue();

/**
 * Stores `change` of the records (keepMost applied at `now`), unless it answers the same map.
 * `of`: an account whose records it adds, checked as saved in the same queued write, so an open
 * noted while Remove account runs cannot bring a record back after forgetAccountOpens.
 */
function changeOpened(change: (opened: OpenedMap) => OpenedMap, now: number, of?: string): Promise<void> {
  return queued(async () => {
    if (of !== undefined && !(await accountsItem.get()).some((entry) => entry.id === of)) return;
    const opened = await openedItem.get();
    const changed = keepMost(change(opened), now);
    if (changed !== opened) await storeTogether(openedItem.entry(changed));
  });
}

/**
 * Records that the user opened document `docId` of `account` now, and its page `viewRef` when
 * given (the document counts too: a page opened is its document used). An account no longer saved
 * (removed meanwhile) records nothing: Remove account has forgotten it for good. Never throws: a
 * failure (storage refused) is logged, and the open itself is not held up by it.
 */
export async function noteOpen(account: string, docId: string, viewRef?: number): Promise<void> {
  const now = Date.now();
  try {
    await changeOpened(
      (opened) => {
        const next = { ...opened };
        const keys = viewRef === undefined ? [openKey(account, docId)] : [openKey(account, docId), openKey(account, docId, viewRef)];
        for (const key of keys) next[key] = recordOpen(next[key], now);
        return next;
      },
      now,
      account,
    );
  } catch (error) {
    logFailure('noting an open')(error);
  }
}

/**
 * The `noteOpened` message (a document link of the popup, the document window): notes the open of
 * a document of the worker's listing, under `account` (the popup's row's, where two accounts list
 * it) when that account lists it, else the account that lists it (several: the one with the most
 * access, as the pages are read with: findListedDocument). A document the listing does not list is
 * not noted: its open key would name no row. Out: null, once noted.
 */
export async function noteOpened({ account: named, ...request }: DocumentKey & { account?: string | undefined }): Promise<null> {
  const found = await findListedDocument(request, named);
  if (found) await noteOpen(found.site.account, request.docId);
  return null;
}

/** Remove account: its records go (the records of opens of its documents and pages). */
export function forgetAccountOpens(account: string): Promise<void> {
  return changeOpened((opened) => {
    const left = Object.entries(opened).filter(([key]) => parseOpenKey(key).account !== account);
    return left.length === Object.keys(opened).length ? opened : Object.fromEntries(left);
  }, Date.now());
}

/** The History's Clear: every record goes. */
export function forgetOpens(): Promise<void> {
  return queued(() => removeTogether(openedItem));
}
