// The "Team site URLs" box of the options page (src/options/site-url-list.ts).
import { describe, expect, it } from 'vitest';
import { describeSiteLineErrors, formatSiteUrlList, parseSiteUrlList } from '../../../src/options/site-url-list.ts';

describe('parseSiteUrlList', () => {
  it.each([
    ['an empty box', '', []],
    ['blank lines only', '\n  \n\t\n', []],
    ['one address', 'acme.getgrist.com', ['https://acme.getgrist.com']],
    [
      'blank lines between addresses',
      '\nhttps://acme.getgrist.com/\n\n  grist.example.com/o/acme  \n',
      ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'],
    ],
    ['Windows line ends', 'a.getgrist.com\r\nb.getgrist.com\r\n', ['https://a.getgrist.com', 'https://b.getgrist.com']],
    [
      'the same site spelled differently, kept once in first position',
      'acme.getgrist.com\nhttps://beta.getgrist.com\nhttps://ACME.getgrist.com/api/',
      ['https://acme.getgrist.com', 'https://beta.getgrist.com'],
    ],
    [
      'several addresses on one line, separated by spaces or commas',
      'http://127.0.0.1:8484/o/acme  http://127.0.0.1:8484/o/globex\nacme.getgrist.com, beta.getgrist.com,gamma.getgrist.com',
      [
        'http://127.0.0.1:8484/o/acme',
        'http://127.0.0.1:8484/o/globex',
        'https://acme.getgrist.com',
        'https://beta.getgrist.com',
        'https://gamma.getgrist.com',
      ],
    ],
    [
      'two teams on one host are two sites',
      'https://grist.example.com/o/acme\nhttps://grist.example.com/o/beta',
      ['https://grist.example.com/o/acme', 'https://grist.example.com/o/beta'],
    ],
  ])('%s', (_case, text, urls) => {
    expect(parseSiteUrlList(text)).toEqual({ urls, errors: [] });
  });

  it('names each bad line by its number as typed, counting blank lines', () => {
    const list = parseSiteUrlList('acme.getgrist.com\n\nhttp://grist.example.com\nbeta.getgrist.com ftp://x.example.com\n');
    expect(list.urls).toEqual(['https://acme.getgrist.com']);
    expect(list.errors).toEqual([
      { line: 3, message: 'Use https:// (plain http is allowed only for localhost and 127.0.0.1).' },
      { line: 4, message: 'Use an https:// address.' },
    ]);
  });

  it('a line that is not addresses at all is an error, and nothing of it is taken', () => {
    const list = parseSiteUrlList('acme.getgrist.com\nmy team site');
    expect(list.urls).toEqual(['https://acme.getgrist.com']);
    expect(list.errors).toEqual([{ line: 2, message: expect.stringMatching(/domain|address/) }]);
  });
});

describe('formatSiteUrlList', () => {
  it('puts one address per line and reads back the same', () => {
    const urls = ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'];
    const text = formatSiteUrlList(urls);
    expect(text).toBe('https://acme.getgrist.com\nhttps://grist.example.com/o/acme');
    expect(parseSiteUrlList(text)).toEqual({ urls, errors: [] });
  });

  it('gives an empty box for no sites', () => {
    expect(formatSiteUrlList([])).toBe('');
  });
});

describe('describeSiteLineErrors', () => {
  it('writes one line per bad line, each starting with its number', () => {
    expect(
      describeSiteLineErrors([
        { line: 2, message: 'Use an https:// address.' },
        { line: 5, message: '"x y" is not a web address.' },
      ]),
    ).toBe('Line 2: Use an https:// address.\nLine 5: "x y" is not a web address.');
  });
});
