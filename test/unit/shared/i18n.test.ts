/** t and tRepeated (shared/i18n.ts): the same texts, tRepeated asking the browser once per message. */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { t, tRepeated } from '../../../src/shared/i18n.ts';

describe('tRepeated', () => {
  it('fills the placeholders in order, and asks the browser for a message once', () => {
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    expect(tRepeated('listingUpdatedPartly', '3 documents', '2', '5')).toBe('Listing updated: 3 documents in 2 of 5 sites.');
    expect(tRepeated('listingUpdatedPartly', '1 document', '1', '2')).toBe('Listing updated: 1 document in 1 of 2 sites.');
    expect(tRepeated('refresh')).toBe('Refresh');
    expect(tRepeated('refresh')).toBe('Refresh');
    expect(getMessage.mock.calls.map(([key]) => key)).toEqual(['listingUpdatedPartly', 'refresh']);
  });

  it('puts each substitution in as it is, whatever it holds', () => {
    for (const name of ['$1 and $$', 'Budget \uE000 \uE001', '', '<b>Budget</b>']) expect(tRepeated('renameDocument', name)).toBe(t('renameDocument', name));
    expect(tRepeated('renameDocument', 'Budget \uE000')).toBe('Rename Budget \uE000');
    expect(tRepeated('renamedFromTo', '$2', '$1')).toBe('Renamed “$2” to “$1”.');
  });

  it('leaves a placeholder without a substitution empty, as getMessage does', () => {
    expect(tRepeated('renamedFromTo', 'Budget')).toBe('Renamed “Budget” to “”.');
    expect(tRepeated('renameDocument')).toBe('Rename ');
  });
});
