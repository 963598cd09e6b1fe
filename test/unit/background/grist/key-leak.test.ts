/** Server text that could give the API key away (src/background/key-leak.ts). */
import { describe, expect, it } from 'vitest';
import { KEY_RUN_LENGTH, mayHoldKey } from '../../../../src/background/grist/key-leak.ts';

const KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c';

describe('mayHoldKey', () => {
  it.each([
    ['the whole key', `invalid key ${KEY}`],
    ['the key upper-cased', `invalid key ${KEY.toUpperCase()}`],
    [`its first ${KEY_RUN_LENGTH} characters`, `key ${KEY.slice(0, KEY_RUN_LENGTH)}…`],
    [`its last ${KEY_RUN_LENGTH} characters, mixed case`, `…${KEY.slice(-KEY_RUN_LENGTH).toUpperCase().replace(/^./, (c) => c.toLowerCase())}`],
    ['the key URL-encoded character by character', [...KEY.slice(5, 30)].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['the key URL-encoded twice', encodeURIComponent(encodeURIComponent(`Bearer ${KEY}`)).replace(/[0-9a-f]/g, (c) => `%25${c.charCodeAt(0).toString(16)}`)],
    ['the key after a malformed escape', `%zz %E0%A4%A ${KEY.slice(3, 20)}`],
  ])('catches %s', (_form, text) => {
    expect(mayHoldKey(text, KEY)).toBe(true);
  });

  it.each([
    ['an error without the key', 'Bad request: invalid API key'],
    [`${KEY_RUN_LENGTH - 1} characters of it`, `key ${KEY.slice(4, 4 + KEY_RUN_LENGTH - 1)}`],
    ['another key', 'a'.repeat(40)],
  ])('lets through %s', (_form, text) => {
    expect(mayHoldKey(text, KEY)).toBe(false);
  });

  it('for a key shorter than a run, looks for the whole key', () => {
    expect(mayHoldKey('echo: ABC-key', 'abc-key')).toBe(true);
    expect(mayHoldKey('echo: abc', 'abc-key')).toBe(false);
  });

  it('keys with characters that URL-encoding changes are caught encoded too', () => {
    const key = 'key+with/slashes=and spaces!';
    expect(mayHoldKey(`auth=${encodeURIComponent(key)}`, key)).toBe(true);
  });
});
