/**
 * The popup's registry of changes (src/popup/changes/registry.ts) is complete: every change-log
 * entry the popup can undo (each kind, on each target the log names it with) has its kind of change
 * there, which says what its undo shows and has its words in English and French; no entry is
 * claimed by two kinds, and no action's name by two.
 */
import { describe, expect, test } from 'vitest';
import en from '../../../public/_locales/en/messages.json' with { type: 'json' };
import fr from '../../../public/_locales/fr/messages.json' with { type: 'json' };
import { ACTS, CHANGES, changeOf } from '../../../src/popup/changes/registry.ts';
import type { ChangeEntry, ChangeKind } from '../../../src/shared/protocol/change-log.ts';

/**
 * The targets the worker logs each kind of change with (background/changes/); a delete forever is
 * never undone. Typed by every ChangeKind: a new kind is a type error here until it is named.
 */
const LOGGED: { readonly [K in ChangeKind]: ReadonlyArray<ChangeEntry['target']['kind']> } = {
  rename: ['document', 'workspace'],
  move: ['document'],
  remove: ['document', 'workspace'],
  restore: ['document', 'workspace'],
  pin: ['document'],
  copy: ['document'],
  create: ['document', 'workspace'],
  delete: [],
  access: ['document', 'workspace', 'site'],
  person: ['site'],
};

const UNDONE = Object.entries(LOGGED).flatMap(([kind, targets]) => targets.map((target) => ({ kind: kind as ChangeKind, target })));
const locales: Record<string, Record<string, { message: string } | undefined>> = { en, fr };

describe('the popup’s registry of changes', () => {
  test.each(UNDONE)('an entry of kind $kind on a $target has its kind of change, with its words in every language', (logged) => {
    const change = changeOf({ kind: logged.kind, target: { kind: logged.target } });
    expect(change, `${logged.kind} on a ${logged.target}`).toBeDefined();
    expect(typeof change!.undone).toBe('function');
    expect(change!.words.length).toBeGreaterThan(0);
    for (const [language, messages] of Object.entries(locales)) {
      for (const key of change!.words) expect(messages[key]?.message, `${key} in ${language}`).toMatch(/\S/);
    }
  });

  test('a delete forever has none: it is never undone', () => {
    expect(changeOf({ kind: 'delete', target: { kind: 'document' } })).toBeUndefined();
  });

  test('each entry is claimed by one kind of change, and only entries the log holds', () => {
    const claimed = CHANGES.flatMap((change) => change.logged.map(({ kind, target }) => `${kind} ${target}`));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual(UNDONE.map(({ kind, target }) => `${kind} ${target}`).sort());
  });

  test('each kind’s actions are the ones views ask for by their names: no two kinds name one alike', () => {
    const names = CHANGES.flatMap((change) => Object.keys(change.acts));
    expect(new Set(names).size).toBe(names.length);
    for (const change of CHANGES) for (const [name, act] of Object.entries(change.acts)) expect(ACTS[name as keyof typeof ACTS]).toBe(act);
  });
});
