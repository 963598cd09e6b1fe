/**
 * The popup's copies whose answer did not say whether Grist made them (created-document.ts), kept
 * with their making (keptCopiesItem, in storage.session: which documents of the copy's name the
 * destination held before the request left, when it left, the name it gave), so that the same copy
 * asked again (Copy again, or the same destination, name and template choice again) first reads for
 * the one that may be there, however the listing changed since, and even after the browser stopped
 * the worker. A copy asked with another name, or as a template where the lost one was not, is
 * another copy: it never reads for the lost one, nor reports it.
 */
import { keptCopiesItem, MAX_KEPT_COPIES, type KeptCopy } from '../../shared/storage/storage-items.ts';
import { serialQueue } from '../pacing.ts';
import { destinationRead, type Making, type MakingTarget } from './created-document.ts';

/** A copy as kept-copies names it: a making, and whether it copies as a template. */
type KeptTarget = MakingTarget & { asTemplate: boolean };

/** What names a copy among those kept: its account, its source (site and document), its destination, its name and whether it is a template. */
function keyOf({ account, siteUrl, key, name, asTemplate, making: { place } }: KeptTarget): string {
  return JSON.stringify([account, siteUrl, key, place.site.url, place.workspace.id, name, asTemplate]);
}

/** The writes of the kept copies, one after another (each rewrites the list). */
const writes = serialQueue();

/** The making kept of a copy like `target` (same account, source, destination, name and template choice); null when none is. */
export async function keptMaking(target: KeptTarget): Promise<Making | null> {
  const key = keyOf(target);
  const kept = (await keptCopiesItem.get()).find((copy) => copy.key === key);
  if (!kept) return null;
  const { before, ...making } = kept.making;
  return { ...making, place: target.making.place, before: before && destinationRead({ idsByName: new Map([[making.name, before.ids]]), answeredAt: before.answeredAt }) };
}

/**
 * Keeps `target`'s making for the same copy asked again, in place of one kept for it before: of
 * what the destination held before, only the documents of its name (the only ones its read-back
 * looks at). Throws what the storage write met.
 */
export function keepMaking(target: KeptTarget): Promise<void> {
  const key = keyOf(target);
  const { id, name, sentAt, life, before } = target.making;
  const contents = before?.contents;
  const kept: KeptCopy = { key, making: { id, name, sentAt, life, before: contents ? { ids: [...(contents.idsByName.get(name) ?? [])], answeredAt: contents.answeredAt } : null } };
  return writes(async () => {
    const others = (await keptCopiesItem.get()).filter((copy) => copy.key !== key);
    await keptCopiesItem.set([kept, ...others].slice(0, MAX_KEPT_COPIES));
  });
}

/** Forgets the making kept of a copy like `target`: what it came to is known, or will never be. Throws what the storage write met. */
export function forgetMaking(target: KeptTarget): Promise<void> {
  const key = keyOf(target);
  return writes(async () => {
    const copies = await keptCopiesItem.get();
    if (copies.some((copy) => copy.key === key)) await keptCopiesItem.set(copies.filter((copy) => copy.key !== key));
  });
}

/** The account a kept copy's key (keyOf) names; null for a key that is not one. */
function accountOf(key: string): string | null {
  try {
    const named: unknown = JSON.parse(key);
    return Array.isArray(named) && typeof named[0] === 'string' ? named[0] : null;
  } catch {
    return null;
  }
}

/**
 * Forgets the makings kept of account `accountId`'s copies (the account removed: its key is gone,
 * so they will never be asked again). Throws what the storage write met.
 */
export function forgetAccountMakings(accountId: string): Promise<void> {
  return writes(async () => {
    const copies = await keptCopiesItem.get();
    const left = copies.filter((copy) => accountOf(copy.key) !== accountId);
    if (left.length !== copies.length) await keptCopiesItem.set(left);
  });
}
