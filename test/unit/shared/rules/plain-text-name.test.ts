/** shared/rules/plain-text-name.ts: a name cut to whole graphemes, never inside one, and isolated. */
import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_NAME_LENGTH, plainTextName } from '../../../../src/shared/rules/plain-text-name.ts';

const FAMILY = '👩‍👩‍👧‍👦'; // one grapheme of 11 code units
const isolated = (text: string) => `\u2068${text}\u2069`;

describe('plainTextName', () => {
  it(`keeps a name of ${PLAIN_TEXT_NAME_LENGTH} characters whole`, () => {
    const name = 'a'.repeat(PLAIN_TEXT_NAME_LENGTH);
    expect(plainTextName(name)).toBe(isolated(name));
  });

  it('cuts a name one character longer, with an ellipsis in the last place', () => {
    expect(plainTextName('a'.repeat(PLAIN_TEXT_NAME_LENGTH + 1))).toBe(isolated(`${'a'.repeat(PLAIN_TEXT_NAME_LENGTH - 1)}…`));
  });

  it('counts graphemes, not code units: ten emoji families (110 code units) are kept whole', () => {
    const name = FAMILY.repeat(10);
    expect(name.length).toBeGreaterThan(PLAIN_TEXT_NAME_LENGTH);
    expect(plainTextName(name)).toBe(isolated(name));
  });

  it('cuts between graphemes, never inside an emoji or an accented letter', () => {
    expect(plainTextName(FAMILY.repeat(5), 4)).toBe(isolated(`${FAMILY.repeat(3)}…`));
    expect(plainTextName('e\u0301'.repeat(5), 4)).toBe(isolated(`${'e\u0301'.repeat(3)}…`));
  });

  it('turns control characters into spaces and drops the name’s own bidi controls', () => {
    expect(plainTextName('a\nb\t\u202Ec\u2069')).toBe(isolated('a b c'));
  });
});
