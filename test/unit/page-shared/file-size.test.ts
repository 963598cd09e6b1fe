/**
 * A file's size as the status line and the Bulk page say it (src/page-shared/file-size.ts): the
 * largest decimal unit under which it is at least 1, one decimal at most, in the pages' language.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fr from '../../../public/_locales/fr/messages.json' with { type: 'json' };
import { formatSize } from '../../../src/page-shared/file-size.ts';
import { getMessageFrom } from '../../setup/messages.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatSize', () => {
  it('says bytes, kB, MB and GB in English, each to one decimal at most', () => {
    expect([0, 1, 830, 999, 1_000, 48_300, 999_949, 1_234_567, 12_000_000, 3_400_000_000].map(formatSize)).toEqual(['0 bytes', '1 byte', '830 bytes', '999 bytes', '1 kB', '48.3 kB', '999.9 kB', '1.2 MB', '12 MB', '3.4 GB']);
  });

  it('says them in French when the messages are French (octets, ko, Mo, a decimal comma)', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(getMessageFrom(fr));
    expect([830, 48_300, 1_234_567].map(formatSize).map((size) => size.replace(/\s/g, ' '))).toEqual(['830 octets', '48,3 ko', '1,2 Mo']);
  });
});
