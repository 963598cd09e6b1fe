/**
 * t and tRepeated (shared/i18n.ts): the same texts, tRepeated asking the browser once per message;
 * tCount: a count in the plural rules of the messages' language.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import fr from '../../../public/_locales/fr/messages.json' with { type: 'json' };
import { t, tCount, tRepeated } from '../../../src/shared/i18n.ts';
import { getMessageFrom } from '../../setup/messages.ts';

describe('tCount', () => {
  it('says a count in English: 1 takes the singular, 0 and 2 the plural', () => {
    expect(tCount('documentCount', 1)).toBe('1 document');
    expect(tCount('documentCount', 2)).toBe('2 documents');
    expect(tCount('documentCount', 0)).toBe('0 documents');
    expect(tCount('bulkSelected', 1)).toBe('1 document selected');
    expect(tCount('historyBatchPersonRemoved', 1, 'shared@example.com')).toBe('shared@example.com removed from 1 site');
    expect(tCount('historyBatchPersonRemoved', 3, 'shared@example.com')).toBe('shared@example.com removed from 3 sites');
    expect(tCount('bulkRenameUndoSummary', 1, '1')).toBe('Restored 1 of 1 name.');
    expect(tCount('bulkRenameUndoSummary', 2, '0')).toBe('Restored 0 of 2 names.');
  });

  it('says a count in French: 0 and 1 take the singular, 2 the plural, a million its "other" form', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(getMessageFrom(fr));
    expect(tCount('documentCount', 0)).toBe('0 document');
    expect(tCount('documentCount', 1)).toBe('1 document');
    expect(tCount('documentCount', 2)).toBe('2 documents');
    expect(tCount('bulkSelected', 0)).toBe('0 document sélectionné');
    expect(tCount('bulkSelected', 2)).toBe('2 documents sélectionnés');
    expect(tCount('peopleRemoved', 1, 'shared@example.com', '0')).toBe('shared@example.com retiré de 0 site sur 1.');
    expect(tCount('peopleRemoved', 3, 'shared@example.com', '1')).toBe('shared@example.com retiré de 1 sur 3 sites.');
    // CLDR's French "many" (a million and more) has no message of its own: the "other" one is used.
    expect(new Intl.PluralRules('fr').select(1_000_000)).toBe('many');
    expect(tCount('documentCount', 1_000_000)).toBe('1000000 documents');
  });
});

describe('tRepeated', () => {
  it('fills the placeholders in order, and asks the browser for a message once', () => {
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    expect(tRepeated('listingUpdated', '3 documents', '5 sites')).toBe('Listing updated: 3 documents in 5 sites.');
    expect(tRepeated('listingUpdated', '1 document', '2 sites')).toBe('Listing updated: 1 document in 2 sites.');
    expect(tRepeated('refresh')).toBe('Refresh');
    expect(tRepeated('refresh')).toBe('Refresh');
    expect(getMessage.mock.calls.map(([key]) => key)).toEqual(['listingUpdated', 'refresh']);
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
