/**
 * The popup's listing, kept in step with the worker: the cache's first screen at once, then the
 * fresh listing as sites answer (progress and "Waiting for…" notices), the whole cached listing read
 * only once something needs it, and the changes this popup made kept over refreshes already under
 * way. The store (store.ts) holds search, the edit in progress and the undo offer on top of it.
 * Talks to the background only through the `Backend` interface, so tests hand in a fake.
 */
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import type { Backend, RefreshProgress } from '../../page-shared/backend-client.ts';
import { settle, type ErrorValue } from '../../shared/protocol/errors.ts';
import { PREVIEW_REVISION, type Listing, type SiteEntry } from '../../shared/protocol/listing.ts';
import { keptChanges } from './kept-changes.ts';
import { mergeSites } from './merge-sites.ts';

/** What the listing sync needs from the outside world. */
export interface ListingSyncDependencies {
  backend: Pick<Backend, 'refreshListing'>;
  /** The cached listing from storage (`listingItem.get` in the extension). */
  readCachedListing: () => Promise<Listing | null>;
  /**
   * The cached listing's first screen (`listingPreviewItem.get`): small, so it is on screen long
   * before the whole cache (megabytes at 20,000 documents) has been read.
   */
  readCachedPreview?: (() => Promise<Listing | null>) | undefined;
  /** The popup's status line: a refresh says what it found there, unless the user did something meanwhile. */
  announcement: Signal<string>;
  /**
   * Hands `say` the sentence a refresh ends with for `listing` ("Listing updated: …"): at once, or
   * later (its code may load first: store.ts).
   */
  summarize: (listing: Listing, say: (sentence: string) => void) => void;
}

/** The popup's listing and how it is kept fresh. */
export interface ListingSync {
  /** The last listing shown: the cached one at first, then the fresh one. */
  readonly listing: ReadonlySignal<Listing | null>;
  /** True once the cache was read or a fresh listing arrived, whichever came first. */
  readonly loaded: ReadonlySignal<boolean>;
  /** True while the listing shown is the cache's first screen only, the whole cache not read yet. */
  readonly partial: ReadonlySignal<boolean>;
  /**
   * The revision of the listing shown, as the background stored it (Listing.revision); undefined
   * while none is shown, and once the popup changed it itself (a rename).
   */
  readonly revision: ReadonlySignal<string | undefined>;
  readonly refreshing: ReadonlySignal<boolean>;
  /** While a refresh is under way and Grist has listed the sites: how many of them have answered. */
  readonly answered: ReadonlySignal<{ answered: number; total: number } | null>;
  /** Why the whole listing could not be refreshed; null after a good refresh. */
  readonly listingError: ReadonlySignal<ErrorValue | null>;
  /**
   * Shows the cached listing's first screen, then fetches a fresh one; the whole cache is read
   * only once needed (see readWholeCache). Resolves when the refresh is done.
   */
  start(): Promise<void>;
  /**
   * Asks the background for a fresh listing and shows it. `cachedRevision`: the revision of the
   * cached listing the page shows (its first screen): the worker then sends the sites as in it
   * without their workspaces, which the page takes from the whole cache.
   */
  refresh(cachedRevision?: string): Promise<void>;
  /**
   * Reads the whole cached listing, if start() showed only its first screen and has not read it:
   * a search or a scroll may need what is past that screen. Sites the refresh says are as cached,
   * and a failed refresh, read it by themselves.
   */
  readWholeCache(): void;
  /** Shows the listing as `change` makes it (a move Grist confirmed), now. */
  edit(change: (shown: Listing) => Listing): void;
  /**
   * Shows a change Grist confirmed, now and over any refresh already under way, which would
   * otherwise bring back what was before it. `key`: what it changes (a later change of the same
   * thing replaces it).
   */
  confirm(key: string, change: (shown: Listing) => Listing): void;
}

/**
 * How long a refresh runs before the sites that answered are shown without the others. Most
 * refreshes end well within it and are shown once, whole: showing them site by site would render
 * the list again and again for nothing (and flicker). After it, at most every PROGRESS_INTERVAL_MS.
 */
export const PROGRESS_DELAY_MS = 400;
export const PROGRESS_INTERVAL_MS = 100;

/** How long a refresh may run before the sites still waited for say so. */
export const WAITING_NOTICE_MS = 1000;

/** Creates the popup's listing sync. Nothing happens until `start()` is called. */
export function createListingSync({ backend, readCachedListing, readCachedPreview, announcement, summarize }: ListingSyncDependencies): ListingSync {
  const listing = signal<Listing | null>(null);
  const loaded = signal(false);
  const refreshing = signal(false);
  const answered = signal<{ answered: number; total: number } | null>(null);
  const listingError = signal<ErrorValue | null>(null);
  // True while only the cache's first screen is known (see ListingSync.partial).
  const partial = signal(false);

  // The revision of the listing shown, as the background named it; undefined once the popup
  // changed that listing itself (a rename), since it no longer is what the revision names.
  const shownRevision = signal<string | undefined>(undefined);
  function show(next: Listing, revision: string | undefined): void {
    batch(() => {
      listing.value = next;
      shownRevision.value = revision;
    });
  }

  // The changes this popup made, shown again over refreshes already under way.
  const kept = keptChanges();
  let freshListingArrived = false;
  /** The sites of the cache's first screen: cut short, so never kept as a site's final content. */
  const previewSites = new WeakSet<SiteEntry>();
  /** Shows the progress of the refresh under way again (after the cache replaced what was shown). */
  let reapplyProgress: (() => void) | null = null;
  /** True while start() reads the whole cache: progress waits for it, to be shown on top of it. */
  let readingCache = false;
  /** Has start() read the whole cache, once it waits for a need of it (see ListingSync.readWholeCache). */
  let readWholeCache = () => {};
  /** The whole cached listing, when it is the one the refresh told the worker the page shows. */
  let wholeCache: Listing | null = null;
  let cacheReadDone!: () => void;
  /** Settles once start() has read the whole cache. */
  const cacheRead = new Promise<void>((resolve) => (cacheReadDone = resolve));

  /** mergeSites (merge-sites.ts) over what is shown now, for a refresh started at `startedAt`. */
  const merge = (fresh: readonly SiteEntry[], unchanged: readonly boolean[], startedAt: number, options: { markWaiting: boolean; final: boolean; asShown?: readonly boolean[] | undefined }) =>
    mergeSites(fresh, unchanged, { shown: listing.value, wholeCache, previewSites, kept, startedAt }, options);

  /**
   * Asks for a fresh listing and shows it. `cachedRevision`: the revision of the cached listing the
   * page shows (its first screen): the worker then sends the sites as in it without their
   * workspaces, which the page takes from the whole cache.
   */
  async function refresh(cachedRevision?: string): Promise<void> {
    if (refreshing.value) return;
    const startedAt = kept.last();
    batch(() => {
      refreshing.value = true;
      announcement.value = '';
    });
    // What the user did meanwhile (a rename) is said; the refresh's summary does not replace it.
    const announcedBefore = announcement.value;
    // The sites answered so far, shown as they come once the refresh is slow: one site that never
    // answers holds back only itself. Progress comes a message per site; it is shown from
    // PROGRESS_DELAY_MS on, at most every PROGRESS_INTERVAL_MS, on top of the cache shown (and
    // again at once over the whole cache when it is read); sites still waited for say so from
    // WAITING_NOTICE_MS on.
    let progress: RefreshProgress | null = null;
    let slow = false;
    let queued: ReturnType<typeof setTimeout> | undefined;
    let markWaiting = false;
    const showProgress = () => {
      queued = undefined;
      if (!progress || !refreshing.value || readingCache) return;
      const { sites } = merge(progress.sites, progress.unchanged, startedAt, { markWaiting, final: false, asShown: progress.asShown });
      const shown = listing.value;
      batch(() => {
        answered.value = { answered: progress!.sites.filter((site) => !site.pending).length, total: progress!.sites.length };
        if (!shown || sites.length !== shown.sites.length || sites.some((site, index) => site !== shown.sites[index])) {
          // The accounts' headings as the refresh's site list gave them (absent with one account).
          show({ fetchedAt: shown?.fetchedAt ?? Date.now(), sites, ...(progress!.accounts ? { accounts: progress!.accounts } : {}) }, undefined);
          loaded.value = true;
        }
      });
    };
    const queueProgress = () => {
      if (slow && queued === undefined) queued = setTimeout(showProgress, PROGRESS_INTERVAL_MS);
    };
    const slowed = setTimeout(() => {
      slow = true;
      showProgress();
    }, PROGRESS_DELAY_MS);
    const waiting = setTimeout(() => {
      markWaiting = true;
      queueProgress();
    }, WAITING_NOTICE_MS);
    reapplyProgress = () => {
      if (slow) showProgress();
    };
    const reply = await settle(
      backend.refreshListing(
        null,
        (next) => {
          progress = next;
          // Sites as cached come without their workspaces: the whole cache has them.
          if (next.asShown?.some(Boolean)) readWholeCache();
          queueProgress();
        },
        cachedRevision,
      ),
    );
    // Sites sent as shown are taken from the whole cache: a refresh that ends before it is read waits for it.
    if ((progress as RefreshProgress | null)?.asShown?.some(Boolean)) await cacheRead;
    // A failed refresh leaves the cache to show: all of it.
    if (!reply.ok) readWholeCache();
    let missing = false;
    // A later refresh must not meet this one's timers.
    for (const timer of [slowed, waiting, queued]) clearTimeout(timer);
    reapplyProgress = null;
    batch(() => {
      refreshing.value = false;
      answered.value = null;
      loaded.value = true;
      // A fresh listing ends the wait; a failed refresh only once the whole cache is read (or not there).
      if (reply.ok || !readingCache) partial.value = false;
      if (reply.ok) {
        freshListingArrived = true;
        const { revision } = reply.value;
        // The same revision as the listing shown: the same content, so nothing to render again.
        // (A rename confirmed meanwhile changed the shown listing, which then has no revision.)
        if (revision === undefined || revision !== shownRevision.value) {
          const lastProgress = progress as RefreshProgress | null;
          const merged = merge(reply.value.sites, lastProgress?.unchanged ?? [], startedAt, { markWaiting: false, final: true, asShown: lastProgress?.asShown });
          missing = merged.missing;
          show({ ...reply.value, sites: merged.sites }, merged.renamed || missing ? undefined : revision);
        }
        listingError.value = null;
        // Said later only if no other refresh began meanwhile.
        summarize(listing.value ?? reply.value, (sentence) => {
          if (announcement.value === announcedBefore && !refreshing.value) announcement.value = sentence;
        });
      } else {
        listingError.value = reply.error;
        // The error itself is shown (and announced) in the status region; no second sentence.
        if (announcement.value === announcedBefore) announcement.value = '';
      }
    });
    // The cache the worker took for the shown one could not be read: ask again, for everything.
    if (missing) await refresh();
  }

  async function start(): Promise<void> {
    // The preview is read first: it is small, and it names the cached listing's revision, which
    // the refresh tells the worker, so that sites Grist says are unchanged come without their
    // workspaces. An unreadable cache only means nothing to show until the refresh answers.
    const previewRead = readCachedPreview?.().catch(() => null);
    const preview = previewRead ? ((await previewRead) ?? null) : null;
    const previewOf = preview?.revision?.startsWith(PREVIEW_REVISION) ? preview.revision.slice(PREVIEW_REVISION.length) : '';
    // The whole cache (megabytes at 20,000 documents) is read once needed: at once with no first
    // screen to show, else once asked for (see readWholeCache). A refresh whose every site changed
    // never needs it, and reading it meanwhile would slow that refresh down (by 200 ms at 100,000
    // documents on the bench's machine).
    let wholeRead: Promise<void> | undefined;
    readWholeCache = () => {
      readWholeCache = () => {};
      readingCache = true;
      wholeRead = showWholeCache(previewOf);
    };
    // Asked for first: the whole cache is read once the refresh has made its own storage reads (see main.tsx).
    const refreshed = refresh(previewOf || undefined);
    if (!preview) readWholeCache();
    // The caches are older than any fresh answer: never let them replace one.
    else if (!freshListingArrived) {
      for (const site of preview.sites) previewSites.add(site);
      batch(() => {
        show(preview, preview.revision);
        loaded.value = true;
        partial.value = true;
      });
    }
    await refreshed;
    // Not asked for by the end of a good refresh: then never, since the listing shown is all fresh.
    // (Else a refresh asked for meanwhile made this one end at once: the cache is what there is.)
    if (freshListingArrived) readWholeCache = () => {};
    else readWholeCache();
    await wholeRead;
  }

  /** Reads the whole cache and shows it, with the sites the refresh has given so far on top. */
  async function showWholeCache(previewOf: string): Promise<void> {
    const cached = await readCachedListing().catch(() => null);
    readingCache = false;
    // Only the listing the worker was told of stands for the sites it sends as shown.
    wholeCache = cached && cached.revision === previewOf ? cached : null;
    cacheReadDone();
    batch(() => {
      if (cached && !freshListingArrived) show(cached, cached.revision);
      // With no whole cache, the refresh's end ends the wait (and has, if it is over).
      if (cached || !refreshing.value) partial.value = false;
      // The sites shown as they answered stay shown, on top of it, in the same render.
      reapplyProgress?.();
      loaded.value = true;
    });
  }

  /** Shows the listing as `change` makes it. */
  function edit(change: (shown: Listing) => Listing): void {
    if (listing.value) show(change(listing.value), undefined);
  }

  return {
    listing,
    loaded,
    partial,
    revision: shownRevision,
    refreshing,
    answered,
    listingError,
    start,
    refresh,
    readWholeCache: () => readWholeCache(),
    edit,
    confirm: (key, change) => {
      kept.keep(key, change);
      edit(change);
    },
  };
}
