/**
 * The popup's copies whose answer did not say whether Grist made them (created-document.ts), kept
 * with their making (keptCopiesItem, in storage.session: what the destination held before the
 * request left, when it left, the name it gave), so that the same copy asked again (Copy again, or
 * the same destination chosen again) first reads for the one that may be there, however the listing
 * changed since, and even after the browser stopped the worker.
 */
import { keptCopiesItem, MAX_KEPT_COPIES, type KeptCopy } from '../../shared/storage-items.ts';
import { serialQueue } from '../pacing.ts';
import { destinationRead, type Making, type MakingTarget } from './created-document.ts';

/** What names a copy among those kept: its account, its source (site and document) and its destination. */
function keyOf({ account, siteUrl, key, making: { place } }: MakingTarget): string {
  return JSON.stringify([account, siteUrl, key, place.site.url, place.workspace.id]);
}

/** The writes of the kept copies, one after another (each rewrites the list). */
const writes = serialQueue();

/** The making kept of a copy like `target` (same account, source and destination); null when none is. */
export async function keptMaking(target: MakingTarget): Promise<Making | null> {
  const key = keyOf(target);
  const kept = (await keptCopiesItem.get()).find((copy) => copy.key === key);
  if (!kept) return null;
  const { before, ...making } = kept.making;
  return { ...making, place: target.making.place, before: before && destinationRead(before) };
}

/** Keeps `target`'s making for the same copy asked again, in place of one kept for it before. Throws what the storage write met. */
export function keepMaking(target: MakingTarget): Promise<void> {
  const key = keyOf(target);
  const { id, name, sentAt, life, before } = target.making;
  const contents = before?.contents;
  const kept: KeptCopy = { key, making: { id, name, sentAt, life, before: contents ? { ids: [...contents.ids], answeredAt: contents.answeredAt } : null } };
  return writes(async () => {
    const others = (await keptCopiesItem.get()).filter((copy) => copy.key !== key);
    await keptCopiesItem.set([kept, ...others].slice(0, MAX_KEPT_COPIES));
  });
}

/** Forgets the making kept of a copy like `target`: what it came to is known. Throws what the storage write met. */
export function forgetMaking(target: MakingTarget): Promise<void> {
  const key = keyOf(target);
  return writes(async () => {
    const copies = await keptCopiesItem.get();
    if (copies.some((copy) => copy.key === key)) await keptCopiesItem.set(copies.filter((copy) => copy.key !== key));
  });
}
