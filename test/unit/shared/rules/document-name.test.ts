import { describe, expect, it } from 'vitest';
import { checkDocumentName, MAX_DOCUMENT_NAME_LENGTH } from '../../../../src/shared/rules/document-name.ts';

describe('checking a new document name before it is sent', () => {
  it.each([
    ['  Budget 2027  ', 'Budget', { kind: 'ok', name: 'Budget 2027' }],
    ['Budget', 'Budget', { kind: 'unchanged' }],
    [' Budget ', 'Budget', { kind: 'unchanged' }],
    ['', 'Budget', { kind: 'invalid', message: 'Enter a name.' }],
    ['   \t', 'Budget', { kind: 'invalid', message: 'Enter a name.' }],
    ['<b>x</b>', 'Budget', { kind: 'ok', name: '<b>x</b>' }],
  ])('%j (was %j)', (typed, current, expected) => {
    expect(checkDocumentName(typed, current)).toEqual(expected);
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(checkDocumentName('😀'.repeat(MAX_DOCUMENT_NAME_LENGTH), 'x').kind).toBe('ok');
    expect(checkDocumentName('a'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1), 'x').kind).toBe('invalid');
  });

  it('lets a name already over the limit stay as it is', () => {
    const long = 'a'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1);
    expect(checkDocumentName(long, long)).toEqual({ kind: 'unchanged' });
  });
});
