/**
 * The change log as stored (see shared/change-log.ts): its shape version, its entries, each bulk
 * run's entries stored apart, and the rename history it replaced, which only the storage migration
 * reads. Written and read only by the background worker.
 */
import * as v from 'valibot';
import { MAX_BULK_ITEMS } from './bulk.ts';
import { MAX_KEPT_ENTRIES, type ChangeEntry, type ChangeKind } from './change-log.ts';
import { bySchema, defineItem, type StorageItem } from './storage-item.ts';
import { accessDeltaSchema } from './access-delta-schema.ts';

/**
 * The change log's own shape version, stored with it: bumped when an entry's shape changes.
 * 1: the rename history (`renameHistory`): `kind` absent for a document renamed, `workspace`, or `move`.
 * 2: the change log (`changeLog`): every entry names its `kind` and its `target` (the storage
 *    migration turns version 1 into it). Kinds added since (trash, restore, pin, copy, new
 *    document, delete, access, and the site target) and their optional fields leave older entries
 *    valid: no new version.
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

/** `personal`, `owner`: whose personal site it is (SiteNaming), absent in entries made before they were kept. */
const logSiteSchema = v.object({ orgId: v.number(), name: v.string(), url: v.pipe(v.string(), v.url()), personal: v.optional(v.boolean()), owner: v.optional(v.string()) });
const logWorkspaceSchema = v.object({ id: v.number(), name: v.string() });
const grantRole = v.picklist(['owners', 'editors', 'viewers'] as const);
/** A person removed from a site or put back (PersonSiteChange). */
const personSchema = v.object({
  email: v.string(),
  removed: v.boolean(),
  role: v.picklist(['owners', 'editors', 'viewers', 'members', 'guests'] as const),
  workspaces: v.array(v.object({ id: v.number(), name: v.string(), role: grantRole, trashed: v.optional(v.literal(true)) })),
  documents: v.array(v.object({ id: v.string(), name: v.string(), role: grantRole, workspaceId: v.number(), trashed: v.optional(v.literal(true)) })),
  putBack: v.optional(v.array(v.string())),
});

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
  pending: v.optional(v.literal(true)),
  pinned: v.optional(v.boolean()),
  copyOf: v.optional(v.object({ docId: v.string(), site: logSiteSchema })),
  person: v.optional(personSchema),
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
  kind: v.picklist(['rename', 'move', 'remove', 'restore', 'pin', 'copy', 'create', 'delete', 'access', 'person'] satisfies ChangeKind[]),
  target: v.picklist(['document', 'workspace', 'site']),
  access: v.optional(v.object({ delta: accessDeltaSchema, before: accessDeltaSchema, guests: v.optional(v.array(v.string())) })),
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
 * The batches whose entries are written ahead and not confirmed yet (ChangeEntry.pending; '' for
 * entries of no batch): no emails, only ids, so the worker's start reads this small item, and the
 * whole log only when it names something to resume. Written with the log, in the same write;
 * removed with it by Clear history (its key starts as the log's).
 */
export const writtenAheadItem = defineItem<string[]>('changeLogPending', /* @__PURE__ */ bySchema(v.array(v.string())), []);

/** An entry of the rename history (change log version 1), as the storage migration reads it. */
export type HistoryEntryVersion1 = Omit<ChangeEntry, 'kind' | 'target'> & { kind?: 'workspace' | 'move' };

/** The rename history of schema versions 1 to 5 (change log version 1): read only by the storage migration. */
export const historyVersion1Item = defineItem<{ version: 1; entries: HistoryEntryVersion1[] }>(
  'renameHistory',
  bySchema(v.object({ version: v.literal(1), entries: entriesOf(/* @__PURE__ */ entrySchema({ kind: v.optional(v.picklist(['workspace', 'move'])) }), MAX_KEPT_ENTRIES) })),
  { version: 1, entries: [] },
);
