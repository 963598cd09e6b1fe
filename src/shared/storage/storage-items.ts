/**
 * Every item the extension stores but the change log (change-log-items.ts), declared once: key,
 * schema, default (see storage-item.ts). All live in `storage.local` (never `sync`: the API key
 * must not leave this browser), but for what the worker keeps only while the browser runs, in
 * `storage.session` (keptCopiesItem). The worker writes several at once through
 * background/storage-writes.ts.
 * `apiKeysItem` is read only by the background worker (lint forbids it elsewhere).
 */
import * as v from 'valibot';
import { DEFAULT_PERSONAL_SITE_URL, normalizeSiteUrl } from '../rules/site-url.ts';
import { FIRST_SCREEN_KEY, isFirstScreen, type FirstScreen } from './first-screen.ts';
import { isListing, type Listing } from '../protocol/listing.ts';
import type { KnownPagesMap, OpenedMap } from '../protocol/pages.ts';
import { bySchema, defineItem, encodeJson, jsonString } from './storage-item.ts';

/**
 * Bumped whenever a stored shape changes; see the background's storage migration.
 * 2: the listing is stored as a JSON string.
 * 3: the hosts the API key may go to (keyHosts); the listing and its ETags carry a shared stamp.
 * 4: the listing's workspaces carry the caller's access (a cached 304 would keep them without it).
 * 5: several accounts: `accounts` and `apiKeys` replace `settings`, `apiKey` and `keyHosts`; the
 *    listing's sites name their account, and its ETags are kept per account.
 * 6: the rename history (`renameHistory`) becomes the change log (`changeLog`, see CHANGE_LOG_VERSION).
 * 7: the listing's documents carry their public mark, and its sites the caller's role (a cached 304
 *    would keep them without).
 * 8: the popup's first screen pictures the list only (FIRST_SCREEN_FORMAT 2): an older drawing, which
 *    may hold a Share panel's people, is removed; and Remove account takes the account's change-log
 *    entries with it: those of accounts removed before are removed.
 * 9: a listing's `personal` site is the user's own; another person's personal site carries its
 *    owner's name (`owner`) and its own address: a listing cached before, which marked every
 *    personal site as the user's and addressed it at the user's own, is dropped, its first screen
 *    with it.
 * 10: a change-log entry says what it changed (CHANGE_LOG_VERSION 4): the log and its runs' entries
 *    are turned into it, entry by entry.
 */
export const SCHEMA_VERSION = 10;

export const schemaVersionItem = defineItem('schemaVersion', bySchema(v.number()), 0);

const siteUrlSchema = v.pipe(
  v.string(),
  v.check((url) => {
    const check = normalizeSiteUrl(url);
    return check.ok && check.url === url;
  }),
);

/** One account's sites, as the user typed them in the options. */
export interface Settings {
  personalSiteUrl: string;
  teamSiteUrls: string[];
}

/** The schema of Settings as stored (also by versions before accounts, see the storage migration). */
export const settingsSchema = v.object({ personalSiteUrl: siteUrlSchema, teamSiteUrls: v.array(siteUrlSchema) });

/** The sites of a new account: the personal site on getgrist.com, no team site. */
export const DEFAULT_SETTINGS: Settings = { personalSiteUrl: DEFAULT_PERSONAL_SITE_URL, teamSiteUrls: [] };

/**
 * Where an account's saved API key may be sent, by origin (`https://host[:port]`): never more
 * than this, and of its configured sites only those the user saved or confirmed the key for.
 * Holds no key.
 */
export interface KeyHosts {
  /** Origins of configured sites the key was typed for, or that the user confirmed it for. */
  confirmed: string[];
  /**
   * Origins of the team sites that `GET /api/orgs` on the personal site listed for this key
   * (on getgrist.com `https://<domain>.getgrist.com`; an org's custom host).
   */
  listed: string[];
}

export const keyHostsSchema = v.object({ confirmed: v.array(v.string()), listed: v.array(v.string()) });

/** Who an account's key belongs to (`GET /api/profile/user`). */
export interface AccountUser {
  name: string;
  email: string;
}

/** One Grist account: an API key (stored apart, in apiKeysItem) and the sites it is for. */
export interface Account {
  /** Random, never reused: history entries and listings name the account by it. */
  id: string;
  settings: Settings;
  hosts: KeyHosts;
  /** Who the key belongs to, as the last successful connection check found; null before any. */
  user: AccountUser | null;
}

/** The accounts, in the options' order (the first owner among them renames a document both list). Holds no key. */
export const accountsItem = defineItem<Account[]>(
  'accounts',
  bySchema(
    v.array(
      v.object({
        id: v.pipe(v.string(), v.minLength(1)),
        settings: settingsSchema,
        hosts: keyHostsSchema,
        user: v.nullable(v.object({ name: v.string(), email: v.string() })),
      }),
    ),
  ),
  [],
);

/**
 * The Grist API keys by account id: 40 hex characters in Grist, but any non-empty string is kept
 * as given. Read only by the background worker (lint forbids it elsewhere).
 */
export const apiKeysItem = defineItem<Record<string, string>>('apiKeys', bySchema(v.record(v.string(), v.pipe(v.string(), v.minLength(1)))), {});

/**
 * The ETag of each listing response the cached listing was built from, by account id, then by
 * request URL (two users of one server ask the same URL and get different answers): the next
 * refresh sends them as If-None-Match, and Grist answers 304 with no body when nothing changed.
 * `revision` is the revision of the listing they were stored with: ETags whose listing is not the
 * cached one (a write that failed halfway, in an older version) are never paired with it.
 */
export interface ListingTags {
  revision: string;
  tags: Record<string, Record<string, string>>;
}

export const listingTagsItem = defineItem<ListingTags | null>(
  'listingTags',
  bySchema(v.nullable(v.object({ revision: v.string(), tags: v.record(v.string(), v.record(v.string(), v.string())) }))),
  null,
);

const storedListing = jsonString(isListing);

/** The last good listing, shown by the popup at once while a fresh one loads. */
export const listingItem = defineItem<Listing | null>('listing', storedListing, null, encodeJson);

/** The first screen of the cached listing (see listingPreview), which the popup reads first. */
export const listingPreviewItem = defineItem<Listing | null>('listingPreview', storedListing, null, encodeJson);

/**
 * The popup's first screen as it last drew it (see shared/storage/first-screen.ts), stored as one JSON
 * string like the listing. Only the popup writes it; forgetting the listing forgets it too.
 */
export const firstScreenItem = defineItem<FirstScreen | null>(FIRST_SCREEN_KEY, jsonString(isFirstScreen), null, encodeJson);

const pageSchema = v.object({ viewRef: v.number(), name: v.string(), indentation: v.number() });

/** A document's pages known by the worker, by pagesKey (shared/protocol/pages.ts); only documents whose pages were shown or opened. */
export const knownPagesItem = defineItem<KnownPagesMap>('knownPages', bySchema(v.record(v.string(), v.object({ pages: v.nullable(v.array(pageSchema)), readAt: v.number() }))), {});

/** What the user opened from the extension, by openKey (shared/protocol/pages.ts): each one's fading score (shared/rules/frecency.ts). */
export const openedItem = defineItem<OpenedMap>('opened', bySchema(v.record(v.string(), v.object({ score: v.number(), at: v.number() }))), {});

/**
 * A copy asked in the popup whose answer did not say whether Grist made it, and that no read has
 * settled since, as the worker keeps it for Copy again (background/changes/kept-copies.ts): its
 * source, destination, name and template choice (`key`), and its making as created-document.ts has
 * it, of what the destination held before (`before.ids`) only the documents of the copy's name.
 */
export interface KeptCopy {
  key: string;
  making: { id: string; name: string; sentAt: number; life: string; before: { ids: string[]; answeredAt: number } | null };
}

/** The most copies kept at once: the newest. */
export const MAX_KEPT_COPIES = 20;

/**
 * The popup's copies kept for Copy again, newest first, at most MAX_KEPT_COPIES: in
 * `storage.session`, which outlives the worker's stops (a worker idle for 30 s is stopped) but not
 * the browser, and no page reads. Holds no key.
 */
export const keptCopiesItem = defineItem<KeptCopy[]>(
  'keptCopies',
  bySchema(
    v.pipe(
      v.array(
        v.object({
          key: v.string(),
          making: v.object({
            id: v.string(),
            name: v.string(),
            sentAt: v.number(),
            life: v.string(),
            before: v.nullable(v.object({ ids: v.array(v.string()), answeredAt: v.number() })),
          }),
        }),
      ),
      v.maxLength(MAX_KEPT_COPIES),
    ),
  ),
  [],
  undefined,
  'session',
);
