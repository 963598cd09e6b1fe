/**
 * The change log as stored (see shared/protocol/change-log.ts): its shape version, its entries, each bulk
 * run's entries stored apart, and the rename history it replaced, which only the storage migration
 * reads. Written and read only by the background worker.
 */
import * as v from 'valibot';
import { MAX_BULK_ITEMS } from '../protocol/bulk.ts';
import type { AccessEntry, ChangeEntry, ChangeKind, MoveEntry, PersonSiteChange } from '../protocol/change-log.ts';
import { MAX_KEPT_ENTRIES } from '../protocol/change-log-reads.ts';
import { bySchema, defineItem, type StorageItem } from './storage-item.ts';
import { accessDeltaSchema } from '../protocol/access-delta-schema.ts';

/**
 * The change log's own shape version, stored with it: bumped when an entry's shape changes.
 * 1: the rename history (`renameHistory`): `kind` absent for a document renamed, `workspace`, or `move`.
 * 2: the change log (`changeLog`): every entry names its `kind` and its `target` (the storage
 *    migration turns version 1 into it). Kinds added since (trash, restore, pin, copy, new
 *    document, delete, access, and the site target) and their optional fields leave older entries
 *    valid: no new version.
 * 3: each bulk run's entries are stored apart (batchLogItem), named by `batches`. A log of
 *    version 2 still read (its batches' entries are in `entries`); the next write split it.
 * 4: an entry says what it changed (ChangeEntry): its `target` by kind and id in place of `docId`
 *    (a document's id, a workspaceKey or a siteKey), and names only where a rename renamed (a copy's
 *    original's name in `copyOf`). The storage migration (schema version 10) turns versions 2 and 3,
 *    read as changeLogVersion3Item and batchLogVersion3Item, into it.
 */
export const CHANGE_LOG_VERSION = 4;

export interface StoredChangeLog {
  version: typeof CHANGE_LOG_VERSION;
  /**
   * Newest first: those of no batch; the storage migration's may hold a batch's too. Read alike:
   * the next write stores each batch apart.
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
 * The schema of an entry of change log versions 1 to 3: what it held since the rename history's
 * version 1, and `extra`. A function, not an object spread at the top level: a bundle cannot drop
 * a spread it does not run, and the popup, which never reads the log, would carry the schemas.
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

/** What every entry holds, whatever its kind (ChangeEntry): a function, as entrySchema. */
const commonEntries = () => ({
  account: v.optional(v.string()),
  id: v.string(),
  at: v.number(),
  site: logSiteSchema,
  workspace: v.nullable(logWorkspaceSchema),
  source: v.picklist(['popup', 'page', 'shortcut', 'address-bar', 'bulk', 'undo']),
  batchId: v.optional(v.string()),
  undoneBy: v.optional(v.string()),
  pending: v.optional(v.literal(true)),
});

/** The schema of a change-log entry (version 4), by its kind: each holds what its kind says (ChangeEntry). */
const changeEntrySchema = (): v.GenericSchema<unknown, ChangeEntry> => {
  const document = v.object({ kind: v.literal('document'), id: v.string() });
  const workspace = v.object({ kind: v.literal('workspace'), id: v.number() });
  const site = v.object({ kind: v.literal('site'), id: v.number() });
  const documentOrWorkspace = v.variant('kind', [document, workspace]);
  const named = <K extends ChangeKind, T extends v.GenericSchema>(kind: K, target: T) => v.object({ ...commonEntries(), kind: v.literal(kind), target, name: v.string() });
  return v.variant('kind', [
    v.object({ ...commonEntries(), kind: v.literal('rename'), target: documentOrWorkspace, oldName: v.string(), newName: v.string() }),
    v.object({ ...named('move', document).entries, to: v.object({ site: logSiteSchema, workspace: logWorkspaceSchema }) }),
    named('remove', documentOrWorkspace),
    named('restore', documentOrWorkspace),
    v.object({ ...named('pin', document).entries, pinned: v.boolean() }),
    v.object({ ...named('copy', document).entries, copyOf: v.object({ docId: v.string(), name: v.string(), site: logSiteSchema }) }),
    named('create', documentOrWorkspace),
    named('delete', document),
    v.object({
      ...named('access', v.variant('kind', [document, workspace, site])).entries,
      access: v.object({ delta: accessDeltaSchema, before: accessDeltaSchema, guests: v.optional(v.array(v.string())) }),
    }),
    v.object({ ...commonEntries(), kind: v.literal('person'), target: site, person: personSchema }),
  ]);
};

/**
 * The change log (see shared/protocol/change-log.ts): written and read only by the background worker. A
 * log of another shape version reads as empty (the storage migration turns older ones into this).
 */
export const changeLogItem = defineItem<StoredChangeLog>(
  'changeLog',
  bySchema(/* @__PURE__ */ v.object({ version: v.literal(CHANGE_LOG_VERSION), entries: /* @__PURE__ */ entriesOf(/* @__PURE__ */ changeEntrySchema(), MAX_KEPT_ENTRIES), batches: v.optional(v.array(v.string())) })),
  { version: CHANGE_LOG_VERSION, entries: [] },
);

/** A run's stored entries: a run logs one entry per document, at most MAX_BULK_ITEMS. */
const runEntries = /* @__PURE__ */ bySchema(/* @__PURE__ */ entriesOf(/* @__PURE__ */ changeEntrySchema(), MAX_BULK_ITEMS));

/**
 * The change-log entries of bulk run `batchId`, newest first, stored apart from the log, so that
 * the writes of a run (one every few seconds while it lasts) store that run, not the whole log:
 * a full log is some 7 MB that the browser copies at each write.
 */
export const batchLogItem = (batchId: string): StorageItem<ChangeEntry[]> => defineItem(`changeLog:${batchId}`, runEntries, []);

/**
 * An entry of change log versions 2 and 3, as the storage migration reads it: `docId` for what it
 * changed (a document's id, a workspaceKey or a siteKey), `target` its kind, and a name before and
 * after whatever the kind (both the same where nothing was renamed).
 */
export interface ChangeEntryVersion3 {
  kind: ChangeKind;
  target: 'document' | 'workspace' | 'site';
  id: string;
  at: number;
  account?: string;
  site: ChangeEntry['site'];
  workspace: ChangeEntry['workspace'];
  to?: MoveEntry['to'];
  pinned?: boolean;
  person?: PersonSiteChange;
  copyOf?: { docId: string; site: { orgId: number; name: string; url: string } };
  access?: AccessEntry['access'];
  docId: string;
  oldName: string;
  newName: string;
  source: ChangeEntry['source'];
  batchId?: string;
  undoneBy?: string;
  pending?: true;
}

/** The schema of an entry of change log versions 2 and 3. */
const changeEntryVersion3Schema = /* @__PURE__ */ entrySchema({
  kind: v.picklist(['rename', 'move', 'remove', 'restore', 'pin', 'copy', 'create', 'delete', 'access', 'person'] satisfies ChangeKind[]),
  target: v.picklist(['document', 'workspace', 'site']),
  access: v.optional(v.object({ delta: accessDeltaSchema, before: accessDeltaSchema, guests: v.optional(v.array(v.string())) })),
});

/**
 * The change log of versions 2 and 3, read only by the storage migration; null when none is
 * stored, or one of another version (the current one: nothing to turn).
 */
export const changeLogVersion3Item = defineItem<{ version: 2 | 3; entries: ChangeEntryVersion3[]; batches?: string[] } | null>(
  'changeLog',
  // Its own entries: in version 2, every entry kept (MAX_KEPT_ENTRIES).
  bySchema(/* @__PURE__ */ v.object({ version: v.picklist([2, 3]), entries: /* @__PURE__ */ entriesOf(changeEntryVersion3Schema, MAX_KEPT_ENTRIES), batches: v.optional(v.array(v.string())) })),
  null,
);

/** A bulk run's entries of change log version 3 (see batchLogItem), read only by the storage migration. */
export const batchLogVersion3Item = (batchId: string): StorageItem<ChangeEntryVersion3[]> =>
  defineItem(`changeLog:${batchId}`, bySchema(entriesOf(changeEntryVersion3Schema, MAX_BULK_ITEMS)), []);

/**
 * The batches whose entries are written ahead and not confirmed yet (ChangeEntry.pending; '' for
 * entries of no batch): no emails, only ids, so the worker's start reads this small item, and the
 * whole log only when it names something to resume. Written with the log, in the same write;
 * removed with it by Clear history (its key starts as the log's).
 */
export const writtenAheadItem = defineItem<string[]>('changeLogPending', /* @__PURE__ */ bySchema(v.array(v.string())), []);

/** An entry of the rename history (change log version 1), as the storage migration reads it. */
export type HistoryEntryVersion1 = Omit<ChangeEntryVersion3, 'kind' | 'target'> & { kind?: 'workspace' | 'move' };

/** The rename history of schema versions 1 to 5 (change log version 1): read only by the storage migration. */
export const historyVersion1Item = defineItem<{ version: 1; entries: HistoryEntryVersion1[] }>(
  'renameHistory',
  bySchema(v.object({ version: v.literal(1), entries: entriesOf(/* @__PURE__ */ entrySchema({ kind: v.optional(v.picklist(['workspace', 'move'])) }), MAX_KEPT_ENTRIES) })),
  { version: 1, entries: [] },
);
