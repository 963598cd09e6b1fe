/**
 * The worker's one registry of kinds of change: the change log's kind of entry (ChangeEntry['kind'])
 * to the module that declares that change (kind-module.ts), read by the undo, the History's reading
 * (undo.ts) and the wiring of the pages' messages (index.ts). A new kind is a module of this folder
 * and a line here; the record's type makes a kind of the log without one a type error.
 */
import type { ChangeEntry, ChangeKind } from '../../../shared/protocol/change-log.ts';
import type { KindModule, UndoingKind } from '../kind-module.ts';
import { accessKind } from './access.ts';
import { copyKind } from './copy.ts';
import { deleteForeverKind } from './delete-forever.ts';
import { moveKind } from './move.ts';
import { newDocumentKind } from './new-document.ts';
import { newWorkspaceKind } from './new-workspace.ts';
import { pinKind } from './pin.ts';
import { personKind } from './remove-person.ts';
import { renameKind } from './rename.ts';
import { trashKind } from './trash.ts';
import { workspaceTrashKind } from './workspace-trash.ts';

/** A kind, whatever its targets and messages: each is called with its own targets only. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyKindModule = KindModule<any, any>;

/** A kind that undoes, whatever its targets. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind is called with its own targets only (undo.ts undoWith)
export type AnyUndoingKind = UndoingKind<any, any>;

/** The modules of one kind of entry whose documents and workspaces two modules change. */
export interface ByTarget {
  document: AnyKindModule;
  workspace: AnyKindModule;
}

/**
 * Every kind of the change log, to its module; a move to the trash or out of it and a new document
 * or workspace by what they changed (a rename or an access change takes either in one module).
 */
export const KINDS = {
  rename: renameKind,
  move: moveKind,
  remove: { document: trashKind, workspace: workspaceTrashKind },
  restore: { document: trashKind, workspace: workspaceTrashKind },
  pin: pinKind,
  copy: copyKind,
  create: { document: newDocumentKind, workspace: newWorkspaceKind },
  delete: deleteForeverKind,
  access: accessKind,
  person: personKind,
} as const satisfies Record<ChangeKind, AnyKindModule | ByTarget>;

/** Every module of the registry, once each. */
export const KIND_MODULES: readonly AnyKindModule[] = [...new Set(Object.values(KINDS).flatMap((registered): AnyKindModule[] => ('send' in registered ? [registered] : [registered.document, registered.workspace])))];

/** The module of the change an entry records. */
export function kindOf(entry: ChangeEntry): AnyKindModule {
  const registered = KINDS[entry.kind];
  return 'send' in registered ? registered : registered[entry.target.kind === 'workspace' ? 'workspace' : 'document'];
}

/**
 * The kind of change that undoes an entry: its own kind when it undoes its own (a rename, a move, a
 * pin, an access change, a person's removal, a move to the trash or out of it), else the one it
 * names (a copy or a new document: the trash); null for an entry never undone (a delete forever).
 */
export function undoerOf(entry: ChangeEntry): AnyUndoingKind | null {
  const kind = kindOf(entry);
  return 'inverse' in kind ? (kind as AnyUndoingKind) : (kind.undoneBy ?? null);
}

/** The modules of the registry, as their types say (each with its own messages). */
type Registered = { [K in ChangeKind]: (typeof KINDS)[K] extends ByTarget ? (typeof KINDS)[K][keyof ByTarget] : (typeof KINDS)[K] }[ChangeKind];

/** All of a union's members at once. */
type Intersection<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;

/** The handlers of every kind's messages, by message name. */
export type KindHandlers = Intersection<Registered['messages']>;

/**
 * The pages' messages that make a change, every kind's (KindModule.messages), for index.ts to wire:
 * a kind's messages come with its module and its line above.
 */
export const KIND_MESSAGES = Object.assign({}, ...KIND_MODULES.map((kind) => kind.messages)) as KindHandlers;
