/**
 * shared/rules/role-words.ts: one map of role words for every page; a guest is "Guest" in the People
 * view too, capitalised as the roles beside it (issue 49; review 43's lower-case "guest" read as
 * a different word).
 */
import { describe, expect, it } from 'vitest';
import { peopleRoleWord, roleWord } from '../../../../src/shared/rules/role-words.ts';

describe('role words', () => {
  it('says each role once, the same in the Share panel and the People view, a guest capitalised too', () => {
    const roles = ['owners', 'editors', 'viewers', 'members'] as const;
    expect(roles.map(roleWord)).toEqual(['Owner', 'Editor', 'Viewer', 'Member']);
    expect(roles.map(peopleRoleWord)).toEqual(roles.map(roleWord));
    expect([roleWord('guests'), roleWord(null)]).toEqual(['Guest', 'no access']);
    expect([peopleRoleWord('guests'), peopleRoleWord(null)]).toEqual(['Guest', 'Guest']);
  });
});
