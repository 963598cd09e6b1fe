// The rules for site addresses as a person types them (src/shared/rules/site-url.ts).
import { describe, expect, it } from 'vitest';
import { hostPermissionPattern, isLocalHost, normalizeSiteUrl } from '../../../../src/shared/rules/site-url.ts';

describe('normalizeSiteUrl accepts and canonicalises', () => {
  it.each([
    ['already canonical', 'https://docs.getgrist.com', 'https://docs.getgrist.com'],
    ['trailing slash', 'https://docs.getgrist.com/', 'https://docs.getgrist.com'],
    ['several trailing slashes', 'https://docs.getgrist.com//', 'https://docs.getgrist.com'],
    ['surrounding spaces', '  https://acme.getgrist.com \t', 'https://acme.getgrist.com'],
    ['no scheme means https', 'acme.getgrist.com', 'https://acme.getgrist.com'],
    ['no scheme, with org path', 'grist.example.com/o/acme/', 'https://grist.example.com/o/acme'],
    ['/api tail', 'https://acme.getgrist.com/api', 'https://acme.getgrist.com'],
    ['/api/ tail', 'https://acme.getgrist.com/api/', 'https://acme.getgrist.com'],
    ['/api/orgs tail', 'https://acme.getgrist.com/api/orgs', 'https://acme.getgrist.com'],
    ['/api/orgs/ tail', 'https://docs.getgrist.com/api/orgs/', 'https://docs.getgrist.com'],
    ['longer /api tail', 'https://acme.getgrist.com/api/orgs/current/workspaces', 'https://acme.getgrist.com'],
    ['org in path kept', 'https://grist.example.com/o/acme', 'https://grist.example.com/o/acme'],
    ['org in path, trailing slash', 'https://grist.example.com/o/acme/', 'https://grist.example.com/o/acme'],
    ['org in path, /api tail', 'https://grist.example.com/o/acme/api/orgs', 'https://grist.example.com/o/acme'],
    ['a path merely starting with "api" kept', 'https://grist.example.com/o/apiary', 'https://grist.example.com/o/apiary'],
    ['query dropped', 'https://acme.getgrist.com/?utm_source=mail', 'https://acme.getgrist.com'],
    ['hash dropped', 'https://grist.example.com/o/acme#top', 'https://grist.example.com/o/acme'],
    ['query and hash dropped', 'https://grist.example.com/o/acme/?a=1#b', 'https://grist.example.com/o/acme'],
    ['uppercase host lowered', 'https://ACME.GetGrist.COM', 'https://acme.getgrist.com'],
    ['uppercase scheme', 'HTTPS://docs.getgrist.com', 'https://docs.getgrist.com'],
    ['https port kept', 'https://grist.example.com:8443/o/acme', 'https://grist.example.com:8443/o/acme'],
    ['default https port dropped', 'https://grist.example.com:443', 'https://grist.example.com'],
    ['http localhost', 'http://localhost', 'http://localhost'],
    ['http localhost with port', 'http://localhost:8484', 'http://localhost:8484'],
    ['http localhost uppercase', 'http://LOCALHOST:8484/', 'http://localhost:8484'],
    ['http 127.0.0.1 with port and org', 'http://127.0.0.1:8484/o/docs/', 'http://127.0.0.1:8484/o/docs'],
    ['https localhost', 'https://localhost:8443', 'https://localhost:8443'],
    ['no scheme on this machine means http', 'localhost:8484', 'http://localhost:8484'],
    ['no scheme on 127.0.0.1 means http', '127.0.0.1:8484/o/docs', 'http://127.0.0.1:8484/o/docs'],
    ['a pasted document page keeps only the site', 'https://docs.getgrist.com/a8pErmVLtHLW/Personal-Budget', 'https://docs.getgrist.com'],
    ['a pasted document page under /o/ keeps the org', 'https://grist.example.com/o/acme/doc/v4t59thVmUHr', 'https://grist.example.com/o/acme'],
    ['a pasted workspace page keeps only the site', 'https://acme.getgrist.com/ws/7/', 'https://acme.getgrist.com'],
    ['org domain lowered', 'https://grist.example.com/o/Acme', 'https://grist.example.com/o/acme'],
  ])('%s: %j -> %j', (_case, input, expected) => {
    expect(normalizeSiteUrl(input)).toEqual({ ok: true, url: expected });
  });
});

describe('normalizeSiteUrl refuses', () => {
  it.each([
    ['empty', '', /Enter the address/],
    ['spaces only', '   ', /Enter the address/],
    ['plain http elsewhere', 'http://grist.example.com', /Use https:\/\//],
    ['plain http on a getgrist.com host', 'http://docs.getgrist.com', /Use https:\/\//],
    ['plain http on another local-looking address', 'http://[::1]:8484', /Use https:\/\//],
    ['ftp', 'ftp://grist.example.com', /Use an https:\/\/ address/],
    ['file', 'file:///etc/hosts', /Use an https:\/\/ address/],
    ['user and password', 'https://me:secret@grist.example.com', /user name and password/],
    ['user name only', 'https://me@grist.example.com', /user name and password/],
    ['spaces inside', 'not a url', /is not a web address/],
    ['scheme only', 'https://', /is not a web address/],
    ['no host', '://grist.example.com', /is not a web address/],
    ['bad port', 'https://grist.example.com:99999', /is not a web address/],
    ['javascript', 'javascript:alert(1)', /Use an https:\/\/ address/],
    ['mailto', 'mailto:x@y', /Use an https:\/\/ address/],
    ['an API key pasted in the wrong field', 'da9053b9b177d87ebe52465d6b53402a975827a5', /not the address of a site/],
    ['a one-word host', 'https://grist', /not the address of a site/],
    ['one slash after the scheme', 'http:/localhost', /is not a web address/],
    ['no slash after the scheme', 'https:docs.getgrist.com', /is not a web address/],
  ])('%s: %j', (_case, input, message) => {
    const check = normalizeSiteUrl(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(message);
  });

  it('quotes what was typed when it is not an address', () => {
    expect(normalizeSiteUrl(' not a url ')).toEqual({ ok: false, message: '"not a url" is not a web address.' });
  });
});

describe('hostPermissionPattern', () => {
  it.each([
    ['https://docs.getgrist.com', 'https://docs.getgrist.com/*'],
    ['https://acme.getgrist.com', 'https://acme.getgrist.com/*'],
    ['https://grist.example.com/o/acme', 'https://grist.example.com/*'],
    // Match patterns cannot name a port; the pattern covers every port of the host.
    ['https://grist.example.com:8443/o/acme', 'https://grist.example.com/*'],
    ['http://localhost:8484', 'http://localhost/*'],
    ['http://127.0.0.1:8484/o/docs', 'http://127.0.0.1/*'],
  ])('%j -> %j', (siteUrl, pattern) => {
    expect(hostPermissionPattern(siteUrl)).toBe(pattern);
  });

  it('gives one pattern for sites of the same host', () => {
    const patterns = ['https://grist.example.com/o/acme', 'https://grist.example.com/o/docs'].map(hostPermissionPattern);
    expect(new Set(patterns).size).toBe(1);
  });
});

describe('isLocalHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['docs.getgrist.com', false],
    ['localhost.example.com', false],
  ])('%j -> %j', (hostname, local) => {
    expect(isLocalHost(hostname)).toBe(local);
  });
});
