/** background/grist/access-schemas.ts: Grist's real access answers read, malformed ones refused. */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  docAccessSchema,
  orgAccessSchema,
  workspaceAccessSchema,
  type DocAccess,
  type OrgAccess,
  type WorkspaceAccess,
} from '../../../../src/background/grist/access-schemas.ts';

// The repository is cloned with `shared/` beside it (as test/fake-grist/fake-grist.test.ts reads it).
const SAMPLES = new URL('../../../../../shared/grist-samples/', import.meta.url);
const sample = (name: string): unknown => JSON.parse(readFileSync(new URL(name, SAMPLES), 'utf8'));

/** Each person as a panel would list them: email, role given here, role from above. */
const rows = (access: DocAccess | WorkspaceAccess) => access.users.map(({ email, access: here, parentAccess }) => [email, here, parentAccess]);

describe('docAccessSchema', () => {
  it('reads an owner’s answer: the public link, the owner, two inherited roles and a guest', () => {
    const access = v.parse(docAccessSchema, sample('access.doc.owner.json'));
    expect(access.maxInheritedRole).toBe('owners');
    expect(access.personal).toBe(false);
    expect(rows(access)).toEqual([
      ['everyone@getgrist.com', 'viewers', null],
      ['owner@example.com', 'owners', 'owners'],
      ['viewer@example.com', null, 'viewers'],
      ['editor@example.com', null, 'editors'],
      ['guest@example.com', 'viewers', null],
    ]);
    expect(access.users.map((user) => user.isMember)).toEqual([null, true, true, true, false]);
    expect(access.users[1]).toEqual({
      id: 5,
      email: 'owner@example.com',
      name: 'Olivia Owner',
      access: 'owners',
      parentAccess: 'owners',
      isMember: true,
    });
  });

  it('reads a viewer’s answer: only themselves, marked personal', () => {
    const access = v.parse(docAccessSchema, sample('access.doc.viewer.json'));
    expect(access.personal).toBe(true);
    expect(rows(access)).toEqual([['viewer@example.com', null, 'viewers']]);
  });

  it('reads a document that inherits nothing (maxInheritedRole null)', () => {
    const answer = { ...(sample('access.doc.owner.json') as object), maxInheritedRole: null };
    expect(v.parse(docAccessSchema, answer).maxInheritedRole).toBeNull();
  });

  it.each([
    ['an HTML page', '<html>Sign in</html>'],
    ['no users', { maxInheritedRole: 'owners' }],
    ['no maxInheritedRole', { users: [] }],
    ['an unknown role', { maxInheritedRole: 'owners', users: [{ id: 1, email: 'a@example.com', name: '', access: 'admins', parentAccess: null, isMember: true }] }],
    ['a site role on a document', { maxInheritedRole: 'owners', users: [{ id: 1, email: 'a@example.com', name: '', access: 'members', parentAccess: null, isMember: true }] }],
    ['a user without an email', { maxInheritedRole: 'owners', users: [{ id: 1, name: '', access: 'viewers', parentAccess: null, isMember: true }] }],
    ['a user without parentAccess', { maxInheritedRole: 'owners', users: [{ id: 1, email: 'a@example.com', name: '', access: 'viewers', isMember: true }] }],
    ['an unknown maxInheritedRole', { maxInheritedRole: 'members', users: [] }],
  ])('refuses %s', (_what, answer) => {
    expect(v.safeParse(docAccessSchema, answer).success).toBe(false);
  });
});

describe('workspaceAccessSchema', () => {
  it('reads a workspace’s answer, with a guest who has a document inside it', () => {
    const access = v.parse(workspaceAccessSchema, sample('access.workspace.json'));
    expect(access.maxInheritedRole).toBe('owners');
    expect(rows(access)).toEqual([
      ['owner@example.com', 'owners', 'owners'],
      ['viewer@example.com', null, 'viewers'],
      ['editor@example.com', null, 'editors'],
      ['guest@example.com', 'guests', null],
    ]);
  });

  it('takes a guest on a workspace, not on a document (docs/grist-api.md "Read" names guests on sites and the samples on workspaces)', () => {
    const guest = { id: 1, email: 'a@example.com', name: '', access: 'guests', parentAccess: null, isMember: false };
    expect(v.safeParse(workspaceAccessSchema, { maxInheritedRole: null, users: [guest] }).success).toBe(true);
    expect(v.safeParse(docAccessSchema, { maxInheritedRole: null, users: [guest] }).success).toBe(false);
  });
});

describe('orgAccessSchema', () => {
  it('reads a site’s answer: members with their roles and a guest, nothing inherited', () => {
    const access = v.parse(orgAccessSchema, sample('access.org.json'));
    expect(access.users.map(({ email, access: role, isMember }) => [email, role, isMember])).toEqual([
      ['owner@example.com', 'owners', true],
      ['viewer@example.com', 'viewers', true],
      ['editor@example.com', 'editors', true],
      ['guest@example.com', 'guests', false],
    ]);
    expect(access.users[0]).not.toHaveProperty('parentAccess');
  });

  it('reads a site member (the site’s own role)', () => {
    const member = { id: 1, email: 'a@example.com', name: 'A', access: 'members', isMember: true };
    expect(v.parse(orgAccessSchema, { users: [member] }).users[0]?.access).toBe('members');
  });

  it.each([
    ['an HTML page', '<html>Sign in</html>'],
    ['no users', {}],
    ['an unknown role', { users: [{ id: 1, email: 'a@example.com', name: '', access: 'admins', isMember: true }] }],
    ['an id that is not a number', { users: [{ id: '1', email: 'a@example.com', name: '', access: 'owners', isMember: true }] }],
  ])('refuses %s', (_what, answer) => {
    expect(v.safeParse(orgAccessSchema, answer).success).toBe(false);
  });

  it('types each role as the roles Grist names', () => {
    expectTypeOf<OrgAccess['users'][number]['access']>().toEqualTypeOf<'owners' | 'editors' | 'viewers' | 'members' | 'guests' | null>();
    expectTypeOf<DocAccess['users'][number]['access']>().toEqualTypeOf<'owners' | 'editors' | 'viewers' | null>();
    expectTypeOf<WorkspaceAccess['maxInheritedRole']>().toEqualTypeOf<'owners' | 'editors' | 'viewers' | null>();
  });
});
