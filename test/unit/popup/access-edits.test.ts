/**
 * The access list as the Share panel shows it once a change is asked (changes/access-edits.ts):
 * Grist's rules for grants, the public link and what team members inherit.
 */
import { describe, expect, test } from 'vitest';
import { grantDelta, withDelta } from '../../../src/popup/changes/access-edits.ts';
import type { AccessList } from '../../../src/shared/protocol/sharing.ts';

const LIST: AccessList = {
  resource: { kind: 'document', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: 'doc' },
  account: 'a1',
  ownEmail: 'me@example.com',
  canChange: true,
  onlySelf: false,
  people: [
    { email: 'Ann@example.com', name: 'Ann', role: 'editors', inherited: null, isMember: false },
    { email: 'tom@example.com', name: 'Tom', role: 'viewers', inherited: 'editors', isMember: true },
  ],
  publicRole: null,
  maxInheritedRole: 'owners',
};

describe('withDelta', () => {
  test('a role changes whatever the email’s case; a new email is added', () => {
    const changed = withDelta(LIST, { users: { 'ann@EXAMPLE.com': 'owners', 'bo@example.com': 'viewers' } });
    expect(changed.people.map(({ email, role }) => [email, role])).toEqual([
      ['Ann@example.com', 'owners'],
      ['tom@example.com', 'viewers'],
      ['bo@example.com', 'viewers'],
    ]);
  });

  test('a removal takes away the grant: the person goes, unless something comes down from above', () => {
    const changed = withDelta(LIST, { users: { 'ann@example.com': null, 'tom@example.com': null } });
    expect(changed.people).toEqual([{ ...LIST.people[1], role: null }]);
  });

  test('the public user sets the public link, not a person; maxInheritedRole only when in the delta', () => {
    const changed = withDelta(LIST, { users: { 'everyone@getgrist.com': 'viewers' } });
    expect(changed.publicRole).toBe('viewers');
    expect(changed.people).toEqual(LIST.people);
    expect(changed.maxInheritedRole).toBe('owners');
    expect(withDelta(LIST, { maxInheritedRole: null }).maxInheritedRole).toBeNull();
  });
});

describe('grantDelta', () => {
  test('only the emails that do not have the role given here already', () => {
    expect(grantDelta(LIST, ['ann@example.com', 'tom@example.com', 'bo@example.com'], 'editors')).toEqual({ users: { 'tom@example.com': 'editors', 'bo@example.com': 'editors' } });
    expect(grantDelta(LIST, ['ANN@example.com'], 'editors')).toEqual({ users: {} });
  });
});
