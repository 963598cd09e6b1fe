/** shared/rules/email-list.ts: the emails typed to share with, checked by Grist's rule before anything is sent. */
import { describe, expect, it } from 'vitest';
import { checkEmailList, emailProblem, isGristEmail, savedUsersOf } from '../../../../src/shared/rules/email-list.ts';

/** The change is sent by Owner's account (Account 1); Account 2 is Second's; Account 3's user is not known. */
const OWN = { sending: ['Owner@Example.com'], saved: savedUsersOf([{ user: { email: 'Owner@Example.com' } }, { user: { email: 'second@example.com' } }, { user: null }]) };

describe('isGristEmail', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.co', "o'neil@example.org", 'UPPER@EXAMPLE.COM', 'a_b=c/d%e@x-y.example.museum'])(
    'accepts %s',
    (email) => {
      expect(isGristEmail(email)).toBe(true);
    },
  );

  it.each([
    '',
    'not an email',
    'no-at.example.com',
    'a@localhost',
    '.a@example.com',
    'a..b@example.com',
    'a@-x.example.com',
    'a@example.c',
    'a@example.toolong',
    'é@example.com',
    '<a@example.com>',
  ])('refuses %j, as Grist does', (email) => {
    expect(isGristEmail(email)).toBe(false);
  });
});

describe('checkEmailList', () => {
  it('splits a pasted list on commas, semicolons, spaces and new lines, keeping each as typed', () => {
    expect(checkEmailList(' Ann@Example.com, bob@example.com;carl@example.com\n\tdan@example.com  eve@example.com\r\n', OWN)).toEqual({
      kind: 'emails',
      emails: [
        { typed: 'Ann@Example.com', key: 'ann@example.com' },
        { typed: 'bob@example.com', key: 'bob@example.com' },
        { typed: 'carl@example.com', key: 'carl@example.com' },
        { typed: 'dan@example.com', key: 'dan@example.com' },
        { typed: 'eve@example.com', key: 'eve@example.com' },
      ],
    });
  });

  it('collapses the same email typed twice, in any case, keeping the first spelling', () => {
    expect(checkEmailList('ann@example.com, ANN@example.com ann@example.com', OWN)).toEqual({
      kind: 'emails',
      emails: [{ typed: 'ann@example.com', key: 'ann@example.com' }],
    });
  });

  it('refuses the whole list for one bad email, naming it', () => {
    expect(checkEmailList('ann@example.com, bob@example, carl@example.com', OWN)).toEqual({
      kind: 'refused',
      problems: [{ typed: 'bob@example', reason: 'invalid' }],
    });
  });

  it('refuses the user’s own email, in any case, as its own reason', () => {
    expect(checkEmailList('ann@example.com owner@EXAMPLE.com', OWN)).toEqual({
      kind: 'refused',
      problems: [{ typed: 'owner@EXAMPLE.com', reason: 'own' }],
    });
  });

  it('names every refused email once, in the order typed', () => {
    expect(checkEmailList('x, owner@example.com, ann@example.com, x; y@ OWNER@example.com', OWN)).toEqual({
      kind: 'refused',
      problems: [
        { typed: 'x', reason: 'invalid' },
        { typed: 'owner@example.com', reason: 'own' },
        { typed: 'y@', reason: 'invalid' },
      ],
    });
  });

  it('refuses the public link’s special user, in any case and with any role, pointing to the public link', () => {
    expect(checkEmailList('ann@example.com, Everyone@GetGrist.com', OWN)).toEqual({
      kind: 'refused',
      problems: [{ typed: 'Everyone@GetGrist.com', reason: 'public' }],
    });
  });

  it('refuses the user of another saved account, in any case, naming the account', () => {
    expect(checkEmailList('ann@example.com SECOND@example.com owner@example.com', OWN)).toEqual({
      kind: 'refused',
      problems: [
        { typed: 'SECOND@example.com', reason: 'saved', account: 2 },
        { typed: 'owner@example.com', reason: 'own' },
      ],
    });
  });

  it('refuses the saved accounts’ users when no account sends (a page that does not know which will)', () => {
    expect(checkEmailList('owner@example.com', { sending: [], saved: OWN.saved })).toEqual({
      kind: 'refused',
      problems: [{ typed: 'owner@example.com', reason: 'saved', account: 1 }],
    });
  });

  it('says nothing was typed for blank text or separators only', () => {
    expect(checkEmailList('', OWN)).toEqual({ kind: 'empty' });
    expect(checkEmailList(' ,;\n ', OWN)).toEqual({ kind: 'empty' });
  });
});

describe('emailProblem', () => {
  it('is the one rule: the public link first, then the sending account, another saved account, Grist’s rule', () => {
    expect(emailProblem('everyone@getgrist.com', { sending: ['everyone@getgrist.com'], saved: [] })).toEqual({ reason: 'public' });
    expect(emailProblem('owner@example.com', OWN)).toEqual({ reason: 'own' });
    expect(emailProblem('Second@Example.com', OWN)).toEqual({ reason: 'saved', account: 2 });
    expect(emailProblem('not an email', OWN)).toEqual({ reason: 'invalid' });
    expect(emailProblem('ann@example.com', OWN)).toBeNull();
  });
});

describe('savedUsersOf', () => {
  it('names each account whose user is known by its place in the options, from 1', () => {
    expect(OWN.saved).toEqual([
      { email: 'Owner@Example.com', number: 1 },
      { email: 'second@example.com', number: 2 },
    ]);
  });
});
