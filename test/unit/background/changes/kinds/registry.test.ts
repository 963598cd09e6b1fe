/**
 * changes/kinds/registry.ts: every kind of the change log has its module, every module of kinds/ is
 * registered, and each says what undoes its entries, so undo.ts, index.ts and the History's
 * reading, which read the registry, miss none.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeEntry, ChangeKind } from '../../../../../src/shared/protocol/change-log.ts';
import { KIND_MESSAGES, KIND_MODULES, KINDS, kindOf, undoerOf } from '../../../../../src/background/changes/kinds/registry.ts';

/**
 * The change log's kinds at run time, each with the targets its entries have. The record's type
 * makes a kind of ChangeKind left out, or one it does not have, a type error.
 */
const LOG_KINDS = {
  rename: ['document', 'workspace'],
  move: ['document'],
  remove: ['document', 'workspace'],
  restore: ['document', 'workspace'],
  pin: ['document'],
  copy: ['document'],
  create: ['document', 'workspace'],
  delete: ['document'],
  access: ['document', 'workspace', 'site'],
  person: ['site'],
} satisfies Record<ChangeKind, ReadonlyArray<ChangeEntry['target']['kind']>>;

/** Every module file of changes/kinds/ but the registry, with what it exports. */
const KIND_FILES = import.meta.glob<Record<string, unknown>>(['../../../../../src/background/changes/kinds/*.ts', '!**/registry.ts'], { eager: true });

/** A bare entry of `kind` about a `target`, as far as the registry reads it. */
const entryOf = (kind: ChangeKind, target: ChangeEntry['target']['kind']) => ({ kind, target: { kind: target } }) as ChangeEntry;

describe('the registry of kinds', () => {
  it('has a module for every kind of the change log, and no other', () => {
    expect(Object.keys(KINDS).sort()).toEqual(Object.keys(LOG_KINDS).sort());
    for (const [kind, targets] of Object.entries(LOG_KINDS) as Array<[ChangeKind, ChangeEntry['target']['kind'][]]>) {
      for (const target of targets) {
        const module = kindOf(entryOf(kind, target));
        expect(KIND_MODULES, `${kind} of a ${target}`).toContain(module);
        expect(typeof module.send, `${kind} of a ${target}`).toBe('function');
        expect(typeof module.logEntry, `${kind} of a ${target}`).toBe('function');
        expect(typeof module.storeNoted, `${kind} of a ${target}`).toBe('function');
      }
    }
  });

  it('registers every kind module of changes/kinds/', () => {
    const exported = Object.values(KIND_FILES).flatMap((exports) => Object.entries(exports).filter(([name]) => /Kind$/.test(name)).map(([, value]) => value));
    expect(exported.length).toBeGreaterThanOrEqual(11);
    for (const kind of exported) expect(KIND_MODULES).toContain(kind);
  });

  it('names what undoes each kind: its own inverse, another kind, or nothing for a delete forever only', () => {
    for (const module of KIND_MODULES) expect('inverse' in module || 'undoneBy' in module).toBe(true);
    for (const [kind, targets] of Object.entries(LOG_KINDS) as Array<[ChangeKind, ChangeEntry['target']['kind'][]]>) {
      for (const target of targets) {
        const undoer = undoerOf(entryOf(kind, target));
        if (kind === 'delete') expect(undoer).toBeNull();
        else expect(typeof undoer?.inverse, `${kind} of a ${target}`).toBe('function');
      }
    }
    // A copy and a new document go to the trash; a new workspace to the workspaces' trash.
    expect(undoerOf(entryOf('copy', 'document'))).toBe(kindOf(entryOf('remove', 'document')));
    expect(undoerOf(entryOf('create', 'document'))).toBe(kindOf(entryOf('remove', 'document')));
    expect(undoerOf(entryOf('create', 'workspace'))).toBe(kindOf(entryOf('remove', 'workspace')));
  });

  it("gathers every kind's messages, each a handler", () => {
    const names = KIND_MODULES.flatMap((module) => Object.keys(module.messages));
    expect(Object.keys(KIND_MESSAGES).sort()).toEqual([...new Set(names)].sort());
    expect(names).toHaveLength(new Set(names).size);
    expect(Object.keys(KIND_MESSAGES)).toEqual(expect.arrayContaining(['renameDocument', 'moveDocument', 'removeDocument', 'restoreDocument', 'pinDocument', 'copyDocument', 'createDocument', 'deleteDocument', 'createWorkspace', 'removeWorkspace', 'restoreWorkspace', 'changeAccess']));
    for (const handler of Object.values(KIND_MESSAGES)) expect(typeof handler).toBe('function');
  });
});
