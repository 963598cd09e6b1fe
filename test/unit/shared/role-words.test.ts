/**
 * shared/role-words.ts: one map of role words for every page; the People view's only word of its
 * own is "guest" (review 43, finding 10).
 */
import { describe, expect, it } from 'vitest';
import { peopleRoleWord, roleWord } from '../../../src/shared/role-words.ts';

describe('role words', () => {
  it('says each role once, the same in the Share panel and the People view, but a guest', () => {
    const roles = ['owners', 'editors', 'viewers', 'members'] as const;
    expect(roles.map(roleWord)).toEqual(['Owner', 'Editor', 'Viewer', 'Member']);
    expect(roles.map(peopleRoleWord)).toEqual(roles.map(roleWord));
    expect([roleWord('guests'), roleWord(null)]).toEqual(['Guest', 'no access']);
    expect([peopleRoleWord('guests'), peopleRoleWord(null)]).toEqual(['guest', 'guest']);
  });
});
