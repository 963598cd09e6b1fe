/**
 * The popup's registry of changes: one line per kind of change, its descriptor (a module of kinds/,
 * change-descriptor.ts RegisteredChange), as the worker's registry has one module per kind.
 * From it come the actions views ask for by name (ACTS, ActName), the worker's messages the store is
 * handed (ChangeBackend), and what the listing shows once the History undid an entry (undoneEdit).
 * A new kind of change is its module, its line here, its words in the locale files and its tests.
 */
import type { HistoryBackend } from '../../history/history-store.ts';
import type { Backend } from '../../page-shared/backend-client.ts';
import type { ChangeEntry } from '../../shared/protocol/change-log.ts';
import type { ListingEdit } from './change-descriptor.ts';
import { copy } from './kinds/copy.ts';
import { deleteForever, restoreFromTrash } from './kinds/from-trash.ts';
import { move } from './kinds/move.ts';
import { newDocument } from './kinds/new-document.ts';
import { newWorkspace } from './kinds/new-workspace.ts';
import { removePerson, undoPersonRemoval } from './kinds/people.ts';
import { pin } from './kinds/pin.ts';
import { rename } from './kinds/rename.ts';
import { share, siteRemoval } from './kinds/share.ts';
import { readAccess } from '../reads/access.ts';
import { readPersonGrants, readSitesPeople } from '../reads/people.ts';
import { readTrash } from '../reads/trash.ts';
import { trash } from './kinds/trash.ts';
import { restoreWorkspaceChange, trashWorkspaceChange } from './kinds/workspace-trash.ts';

/** Every kind of change the popup runs (runner.ts), one line each. */
export const CHANGES = [
  rename,
  move,
  trash,
  restoreFromTrash,
  pin,
  copy,
  newDocument,
  newWorkspace,
  trashWorkspaceChange,
  restoreWorkspaceChange,
  share,
  siteRemoval,
] as const;

/**
 * What views ask for by name that is no kind of change of the runner: the reads (a site's trash,
 * who has access, a person's grants) and the changes that do not run through it (a delete forever,
 * which has no undo; a person's removal from every site and its undo, which the People view follows).
 */
const OTHER_ACTS = { readTrash, deleteForever, readAccess, readSitesPeople, readPersonGrants, removePerson, undoPersonRemoval };

/** The worker's messages OTHER_ACTS send (undoPersonRemoval's undoBatch is the History's). */
type OtherMessage = 'readTrash' | 'deleteDocument' | 'readAccess' | 'readSitesPeople' | 'readPersonGrants' | 'removePerson' | 'getPersonRemoval';

/** A kind of change of the registry. */
type Registered = (typeof CHANGES)[number];

/** The messages change `C` sends: those its `send` is typed with. */
type SentBy<C> = C extends { send: (backend: infer B, ...rest: never[]) => unknown } ? keyof B : never;

/**
 * The worker's messages the popup's changes, actions and History send: what the store is handed
 * (store.ts), and a test's fake backend provides.
 */
export type ChangeBackend = Pick<Backend, SentBy<Registered> | OtherMessage> & HistoryBackend;

/** The tables of actions by name: each kind's, and the others. */
type ActTable = Registered['acts'] | typeof OTHER_ACTS;

/** The name of an action views ask for (`store.act`): one of a kind's acts, or of OTHER_ACTS. */
export type ActName = ActTable extends infer T ? (T extends unknown ? keyof T & string : never) : never;

/** The action named `K`. */
export type ActOf<K extends ActName> = ActTable extends infer T ? (T extends { readonly [P in K]: infer F } ? F : never) : never;

/** Every action, by its name (the popup's changes module hands it to the store). */
export const ACTS: { readonly [K in ActName]: ActOf<K> } = Object.assign({}, OTHER_ACTS, ...CHANGES.map((change) => change.acts));

/** The kind of change whose changes are logged as `entry` is; undefined for one the popup never undoes (a delete forever). */
export function changeOf(entry: { kind: ChangeEntry['kind']; target: Pick<ChangeEntry['target'], 'kind'> }): Registered | undefined {
  return CHANGES.find((change) => change.logged.some((logged) => logged.kind === entry.kind && logged.target === entry.target.kind));
}

/**
 * What the listing shows once `entry` was undone from the History (`restored`: the name Grist
 * answered), as its kind says (RegisteredChange.undone); null when it shows nothing of it.
 */
export function undoneEdit(entry: ChangeEntry, restored: string): ListingEdit | null {
  return changeOf(entry)?.undone(entry, restored) ?? null;
}
