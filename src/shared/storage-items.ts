/**
 * Every item the extension stores, declared once: key, schema, default. All live in
 * `storage.local` (never `sync`: the API key must not leave this browser), but for what the worker
 * keeps only while the browser runs, in `storage.session` (keptCopiesItem).
 * A read that finds nothing, or data that does not match the schema, answers the default instead
 * of throwing, so corrupt or foreign data can never break a page.
 * `apiKeysItem` is read only by the background worker (lint forbids it elsewhere).
 */
import { extensionApi as browser } from './extension-api.ts';
import * as v from 'valibot';
import { DEFAULT_PERSONAL_SITE_URL, normalizeSiteUrl } from './site-url.ts';
import { FIRST_SCREEN_KEY, isFirstScreen, type FirstScreen } from './first-screen.ts';
import { MAX_BULK_ITEMS } from './bulk.ts';
import { MAX_KEPT_ENTRIES, type ChangeEntry, type ChangeKind } from './change-log.ts';
import { isListing, type Listing } from './listing.ts';

export interface StorageItem<T> {
  readonly key: string;
  readonly fallback: T;
  /** The stored value, or the default when absent or invalid. */
  get(): Promise<T>;
  /**
   * The same value, and whether something is stored that does not match the schema (and so reads
   * as the default), from one read.
   */
  read(): Promise<{ value: T; corrupt: boolean }>;
  set(value: T): Promise<void>;
  /** The `[key, stored form]` pair of `value`, for storeTogether. */
  entry(value: T): [string, unknown];
  remove(): Promise<void>;
}

/**
 * Reads a stored value without a schema library: the value, or null when it is not one. For
 * items read where a schema's code or speed would cost (the popup's listing, at every open).
 */
export type Decode<T> = (raw: unknown) => { value: T } | null;

/** Reads a stored value through a valibot schema of what is stored. */
/* #__NO_SIDE_EFFECTS__ */
function bySchema<T>(schema: v.GenericSchema<unknown, T>): Decode<T> {
  return (raw) => {
    const result = v.safeParse(schema, raw);
    return result.success ? { value: result.output } : null;
  };
}

/**
 * Declares a storage item. In: key, how a stored value is read (bySchema, or a Decode of its own),
 * default, optionally how a value is encoded for storage (the reading decodes it), and its area
 * (default `local`).
 */
/* #__NO_SIDE_EFFECTS__ */
export function defineItem<T>(
  key: string,
  decode: Decode<T>,
  fallback: T,
  encode: (value: T) => unknown = (value) => value,
  area: 'local' | 'session' = 'local',
): StorageItem<T> {
  async function read(): Promise<{ value: T; corrupt: boolean }> {
    const raw = (await browser.storage[area].get(key))[key];
    if (raw === undefined) return { value: fallback, corrupt: false };
    const result = decode(raw);
    return result ? { value: result.value, corrupt: false } : { value: fallback, corrupt: true };
  }
  return {
    key,
    fallback,
    get: async () => (await read()).value,
    read,
    async set(value) {
      await browser.storage[area].set({ [key]: encode(value) });
    },
    entry: (value) => [key, encode(value)],
    async remove() {
      await browser.storage[area].remove(key);
    },
  };
}

/** Told of each write made through storeTogether or removeTogether (see onWritten). */
let written = (): void => undefined;

/**
 * Sets the one function told, after each write made in this context through storeTogether or
 * removeTogether, that it is done. The worker, which alone writes the listing and the keys (always
 * through these two), follows its own writes this way, not by `storage.onChanged`, which copies
 * every changed value, old and new, into each context that listens: for a full change log, 15 MB
 * into the worker at each write (Chromium's trace of a bulk copy run: 120 ms on its thread, in the
 * way of the run's answers).
 */
export function onWritten(listener: () => void): void {
  written = listener;
}

/**
 * Writes several items in one `storage.local.set` call, so that they are stored together or, when
 * the browser refuses the write (over quota, say), none is: a browser applies one call's items as
 * one write and checks the quota for all of them before writing any. Once written, tells onWritten's
 * listener (in the worker: the address bar's index is built again), so it is for the listing, the
 * accounts and the keys. In: entries from each item's `entry(value)`.
 */
export async function storeTogether(...entries: Array<[string, unknown]>): Promise<void> {
  await browser.storage.local.set(Object.fromEntries(entries));
  written();
}

/** Removes several items in one `storage.local.remove` call, then tells onWritten's listener (see storeTogether). */
export async function removeTogether(...items: Array<StorageItem<unknown>>): Promise<void> {
  await browser.storage.local.remove(items.map((item) => item.key));
  written();
}

/**
 * Bumped whenever a stored shape changes; see the background's storage migration.
 * 2: the listing is stored as a JSON string.
 * 3: the hosts the API key may go to (keyHosts); the listing and its ETags carry a shared stamp.
 * 4: the listing's workspaces carry the caller's access (a cached 304 would keep them without it).
 * 5: several accounts: `accounts` and `apiKeys` replace `settings`, `apiKey` and `keyHosts`; the
 *    listing's sites name their account, and its ETags are kept per account.
 * 6: the rename history (`renameHistory`) becomes the change log (`changeLog`, see CHANGE_LOG_VERSION).
 */
export const SCHEMA_VERSION = 6;

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

/**
 * A value stored as one JSON string, read back when it parses and passes `check`. Chromium reads
 * a 3 MB string back about five times faster than the same data as objects (measured at 20,000
 * documents: 27 ms against 140 ms).
 */
function jsonString<T>(check: (value: unknown) => value is T): Decode<T | null> {
  return (raw) => {
    if (raw === null) return { value: null };
    if (typeof raw !== 'string') return null;
    try {
      const value: unknown = JSON.parse(raw);
      return check(value) ? { value } : null;
    } catch {
      return null;
    }
  };
}
const storedListing = jsonString(isListing);
const encodeJson = <T>(value: T | null) => (value === null ? null : JSON.stringify(value));

/** The last good listing, shown by the popup at once while a fresh one loads. */
export const listingItem = defineItem<Listing | null>('listing', storedListing, null, encodeJson);

/** The first screen of the cached listing (see listingPreview), which the popup reads first. */
export const listingPreviewItem = defineItem<Listing | null>('listingPreview', storedListing, null, encodeJson);

/**
 * The popup's first screen as it last drew it (see shared/first-screen.ts), stored as one JSON
 * string like the listing. Only the popup writes it; forgetting the listing forgets it too.
 */
export const firstScreenItem = defineItem<FirstScreen | null>(FIRST_SCREEN_KEY, jsonString(isFirstScreen), null, encodeJson);

/**
 * The change log's own shape version, stored with it: bumped when an entry's shape changes.
 * 1: the rename history (`renameHistory`): `kind` absent for a document renamed, `workspace`, or `move`.
 * 2: the change log (`changeLog`): every entry names its `kind` and its `target` (the storage
 *    migration turns version 1 into it). Kinds added since (trash, restore, pin, copy, new
 *    document, delete) and their optional fields leave older entries valid: no new version.
 * 3: each bulk run's entries are stored apart (batchLogItem), named by `batches`. A log of
 *    version 2 still reads (its batches' entries are in `entries`); the next write splits it.
 */
export const CHANGE_LOG_VERSION = 3;

export interface StoredChangeLog {
  version: 2 | typeof CHANGE_LOG_VERSION;
  /**
   * Newest first: those of no batch; in version 2 all, and the storage migration's may hold a
   * batch's too. Read alike: the next write stores each batch apart.
   */
  entries: ChangeEntry[];
  /** The batches whose entries are stored apart, under batchLogItem(batchId). */
  batches?: string[];
}

const logSiteSchema = v.object({ orgId: v.number(), name: v.string(), url: v.pipe(v.string(), v.url()) });
const logWorkspaceSchema = v.object({ id: v.number(), name: v.string() });

/**
 * The schema of an entry: what it has held since the rename history's version 1, and `extra`.
 * A function, not an object spread at the top level: a bundle cannot drop a spread it does not
 * run, and the popup, which never reads the log, would carry the schemas.
 */
const entrySchema = <T extends v.ObjectEntries>(extra: T) =>
  v.object({
  account: v.optional(v.string()),
  id: v.string(),
  at: v.number(),
  site: logSiteSchema,
  workspace: v.nullable(logWorkspaceSchema),
  to: v.optional(v.object({ site: logSiteSchema, workspace: logWorkspaceSchema })),
  docId: v.string(),
  oldName: v.string(),
  newName: v.string(),
  source: v.picklist(['popup', 'page', 'shortcut', 'address-bar', 'bulk', 'undo']),
  batchId: v.optional(v.string()),
  undoneBy: v.optional(v.string()),
  pinned: v.optional(v.boolean()),
  copyOf: v.optional(v.object({ docId: v.string(), site: logSiteSchema })),
  ...extra,
  });

/**
 * The entries of `schema` that read back, of the first `most` stored (newest first: more are never
 * kept, see keptEntries, so a corrupt list is not checked whole); one that does not is dropped, not
 * the whole log with it.
 */
function entriesOf<T>(schema: v.GenericSchema<unknown, T>, most: number) {
  return v.pipe(
    v.array(v.unknown()),
    v.transform((entries) =>
      entries.slice(0, most).flatMap((entry) => {
        const checked = v.safeParse(schema, entry);
        return checked.success ? [checked.output] : [];
      }),
    ),
  );
}

/** The schema of a change-log entry. */
const changeEntrySchema = /* @__PURE__ */ entrySchema({
  kind: v.picklist(['rename', 'move', 'remove', 'restore', 'pin', 'copy', 'create', 'delete'] satisfies ChangeKind[]),
  target: v.picklist(['document', 'workspace']),
});

/**
 * The change log (see shared/change-log.ts): written and read only by the background worker. A
 * log of another shape version reads as empty.
 */
export const changeLogItem = defineItem<StoredChangeLog>(
  'changeLog',
  // Its own entries: in version 2, every entry kept (MAX_KEPT_ENTRIES).
  bySchema(v.object({ version: v.picklist([2, CHANGE_LOG_VERSION]), entries: /* @__PURE__ */ entriesOf(changeEntrySchema, MAX_KEPT_ENTRIES), batches: v.optional(v.array(v.string())) })),
  { version: CHANGE_LOG_VERSION, entries: [] },
);

/** A run's stored entries: a run logs one entry per document, at most MAX_BULK_ITEMS. */
const runEntries = /* @__PURE__ */ bySchema(/* @__PURE__ */ entriesOf(changeEntrySchema, MAX_BULK_ITEMS));

/**
 * The change-log entries of bulk run `batchId`, newest first, stored apart from the log, so that
 * the writes of a run (one every few seconds while it lasts) store that run, not the whole log:
 * a full log is some 7 MB that the browser copies at each write.
 */
export const batchLogItem = (batchId: string): StorageItem<ChangeEntry[]> => defineItem(`changeLog:${batchId}`, runEntries, []);

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

/** An entry of the rename history (change log version 1), as the storage migration reads it. */
export type HistoryEntryVersion1 = Omit<ChangeEntry, 'kind' | 'target'> & { kind?: 'workspace' | 'move' };

/** The rename history of schema versions 1 to 5 (change log version 1): read only by the storage migration. */
export const historyVersion1Item = defineItem<{ version: 1; entries: HistoryEntryVersion1[] }>(
  'renameHistory',
  bySchema(v.object({ version: v.literal(1), entries: entriesOf(/* @__PURE__ */ entrySchema({ kind: v.optional(v.picklist(['workspace', 'move'])) }), MAX_KEPT_ENTRIES) })),
  { version: 1, entries: [] },
);
