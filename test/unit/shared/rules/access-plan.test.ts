/**
 * What a sharing change asked of many documents comes to on one (access-plan.ts): each person's
 * role now and after, and a delta of only what changes, never the user's own row.
 */
import { describe, expect, test } from 'vitest';
import { planAccessChange } from '../../../../src/shared/rules/access-plan.ts';
import type { AccessList, Person } from '../../../../src/shared/protocol/sharing.ts';

const person = (email: string, role: Person['role'], inherited: Person['inherited'] = null): Person => ({ email, name: email.split('@')[0]!, role, inherited, isMember: true });

function access(people: Person[], publicRole: AccessList['publicRole'] = null): AccessList {
  return { resource: { kind: 'document', orgId: 1, siteUrl: 'https://x.getgrist.com', docId: 'd' }, account: 'a1', ownEmail: 'me@example.com', canChange: true, onlySelf: false, people: [person('me@example.com', 'owners'), ...people], publicRole };
}

describe('planAccessChange', () => {
  test('a share sends only the people whose role here differs, matched without regard to case, as Grist lists them', () => {
    const plan = planAccessChange({ kind: 'share', emails: ['ANN@example.com', 'new@example.com', 'bob@example.com'], role: 'editors' }, access([person('ann@example.com', 'editors'), person('bob@example.com', null, 'viewers')]));
    expect(plan.delta).toEqual({ users: { 'new@example.com': 'editors', 'bob@example.com': 'editors' } });
    expect(plan.people.map(({ email, now, after }) => [email, now.role, after.role])).toEqual([
      ['ann@example.com', 'editors', 'editors'],
      ['new@example.com', null, 'editors'],
      ['bob@example.com', null, 'editors'],
    ]);
  });

  test('the user’s own email is never in a delta, whatever the change asks', () => {
    const share = planAccessChange({ kind: 'share', emails: ['Me@Example.com'], role: 'viewers' }, access([]));
    expect(share.delta).toBeNull();
    expect(share.people[0]).toMatchObject({ own: true, now: { role: 'owners' }, after: { role: 'owners' } });
    expect(planAccessChange({ kind: 'unshare', emails: ['me@example.com', 'ann@example.com'] }, access([person('ann@example.com', 'viewers')])).delta).toEqual({ users: { 'ann@example.com': null } });
  });

  test('stop sharing takes back a role given here only: someone who only inherits is unchanged, and nothing is sent', () => {
    const plan = planAccessChange({ kind: 'unshare', emails: ['ann@example.com', 'nobody@example.com'] }, access([person('ann@example.com', null, 'editors')]));
    expect(plan.delta).toBeNull();
    expect(plan.people.map(({ now, after }) => [now, after])).toEqual([
      [{ role: null, inherited: 'editors' }, { role: null, inherited: 'editors' }],
      [{ role: null, inherited: null }, { role: null, inherited: null }],
    ]);
  });

  test('public and private: the public link’s special user to viewers or removed, only when it differs', () => {
    expect(planAccessChange({ kind: 'public', public: true }, access([])).delta).toEqual({ users: { 'everyone@getgrist.com': 'viewers' } });
    expect(planAccessChange({ kind: 'public', public: true }, access([], 'viewers')).delta).toBeNull();
    expect(planAccessChange({ kind: 'public', public: false }, access([], 'editors')).delta).toEqual({ users: { 'everyone@getgrist.com': null } });
    expect(planAccessChange({ kind: 'public', public: false }, access([])).delta).toBeNull();
  });
});
