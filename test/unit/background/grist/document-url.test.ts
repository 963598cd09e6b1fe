import { describe, expect, it } from 'vitest';
import { parseDocumentUrl, parseWorkspaceUrl } from '../../../../src/background/grist/document-url.ts';

// The user's sites: getgrist.com (any team host), a self-hosted org-in-path server, a custom host.
const isGristSite = (url: URL) =>
  url.hostname === 'getgrist.com' ||
  url.hostname.endsWith('.getgrist.com') ||
  url.origin === 'https://grist.example.com' ||
  url.origin === 'http://127.0.0.1:8484' ||
  url.origin === 'https://grist.initech.com';

describe('document pages', () => {
  it.each([
    ['slug form on the personal site', 'https://docs.getgrist.com/a8pErmVLtHLW/Personal-Budget', 'https://docs.getgrist.com', 'a8pErmVLtHLW'],
    ['slug form on a team host', 'https://acme.getgrist.com/v4t59thVmUHr/Bug-Tracker', 'https://acme.getgrist.com', 'v4t59thVmUHr'],
    ['with a page', 'https://acme.getgrist.com/v4t59thVmUHr/Bug-Tracker/p/3', 'https://acme.getgrist.com', 'v4t59thVmUHr'],
    ['with query and hash', 'https://acme.getgrist.com/v4t59thVmUHr/Bug-Tracker/p/3?filter=x#a.1.r2.c4', 'https://acme.getgrist.com', 'v4t59thVmUHr'],
    ['/doc/ form', 'https://acme.getgrist.com/doc/v4t59thVmUHr', 'https://acme.getgrist.com', 'v4t59thVmUHr'],
    ['/doc/ form with a trailing slash', 'https://acme.getgrist.com/doc/v4t59thVmUHr/', 'https://acme.getgrist.com', 'v4t59thVmUHr'],
    ['the full 22-character id', 'https://acme.getgrist.com/doc/v4t59thVmUHrAMwidWATqm', 'https://acme.getgrist.com', 'v4t59thVmUHrAMwidWATqm'],
    ['slug form under /o/', 'https://grist.example.com/o/acme/v4t59thVmUHr/Bug-Tracker', 'https://grist.example.com/o/acme', 'v4t59thVmUHr'],
    ['/doc/ form under /o/', 'https://grist.example.com/o/acme/doc/v4t59thVmUHr', 'https://grist.example.com/o/acme', 'v4t59thVmUHr'],
    ['under /o/ with a port', 'http://127.0.0.1:8484/o/docs/a8pErmVLtHLW/Personal-Budget/p/2', 'http://127.0.0.1:8484/o/docs', 'a8pErmVLtHLW'],
    ['/o/ on a getgrist.com host', 'https://docs.getgrist.com/o/acme/v4t59thVmUHr/Bug-Tracker', 'https://docs.getgrist.com/o/acme', 'v4t59thVmUHr'],
    ['a custom host', 'https://grist.initech.com/v4t59thVmUHr/Bug-Tracker', 'https://grist.initech.com', 'v4t59thVmUHr'],
    ['a longer custom alias', 'https://acme.getgrist.com/quarterly_budget_2026/Budget', 'https://acme.getgrist.com', 'quarterly_budget_2026'],
    ['a slug that is itself 12+ letters', 'https://acme.getgrist.com/v4t59thVmUHr/Engineering1', 'https://acme.getgrist.com', 'v4t59thVmUHr'],
  ])('%s', (_name, pageUrl, siteUrl, urlId) => {
    expect(parseDocumentUrl(pageUrl, isGristSite)).toEqual({ ok: true, siteUrl, urlId });
  });
});

describe('not offered', () => {
  it.each([
    ['a fork', 'https://acme.getgrist.com/v4t59thVmUHr~Ab3dEf9hIj2k~5/Bug-Tracker', 'fork'],
    ['a snapshot', 'https://acme.getgrist.com/doc/v4t59thVmUHr~v=abc123', 'fork'],
    ['a fork under /o/', 'https://grist.example.com/o/acme/doc/v4t59thVmUHr~Ab3dEf9hIj2k', 'fork'],
    ['the home page', 'https://docs.getgrist.com/', 'not-a-document'],
    ['a team home page under /o/', 'https://grist.example.com/o/acme/', 'not-a-document'],
    ['a team whose 12-letter name looks like a urlId', 'https://grist.example.com/o/engineering1/', 'not-a-document'],
    ['a workspace page', 'https://acme.getgrist.com/ws/7/', 'not-a-document'],
    ['a workspace with a 12-letter name', 'https://acme.getgrist.com/ws/7/Engineering1', 'not-a-document'],
    ['templates', 'https://docs.getgrist.com/p/templates', 'not-a-document'],
    ['trash', 'https://docs.getgrist.com/p/trash', 'not-a-document'],
    ['the account page', 'https://docs.getgrist.com/account', 'not-a-document'],
    ['a share link', 'https://acme.getgrist.com/s/ab12cd34ef56gh78/Form', 'not-a-document'],
    ['a form', 'https://acme.getgrist.com/forms/ab12cd34ef56gh78/1', 'not-a-document'],
    ['a urlId alone, without a slug', 'https://acme.getgrist.com/v4t59thVmUHr', 'not-a-document'],
    ['a slug-looking first part with a dash', 'https://acme.getgrist.com/bug-tracker-2026/x', 'not-a-document'],
    ['a short first part', 'https://acme.getgrist.com/v4t59thVmU/Bug-Tracker', 'not-a-document'],
    ['/doc/ with nothing after it', 'https://acme.getgrist.com/doc/', 'not-a-document'],
    ['an unconfigured host', 'https://grist.evil.com/v4t59thVmUHr/Bug-Tracker', 'not-a-site'],
    ['a lookalike host', 'https://acme.getgrist.com.evil.com/v4t59thVmUHr/Bug-Tracker', 'not-a-site'],
    ['the same host on another port', 'http://127.0.0.1:9999/o/docs/a8pErmVLtHLW/Personal-Budget', 'not-a-site'],
    ['another scheme', 'ftp://acme.getgrist.com/v4t59thVmUHr/Bug-Tracker', 'not-a-site'],
    ['not a URL', 'v4t59thVmUHr/Bug-Tracker', 'not-a-site'],
  ])('%s', (_name, pageUrl, reason) => {
    expect(parseDocumentUrl(pageUrl, isGristSite)).toEqual({ ok: false, reason });
  });
});

describe('workspace pages', () => {
  it.each([
    ['on a team host', 'https://acme.getgrist.com/ws/7/', 'https://acme.getgrist.com', 7],
    ['without the trailing slash', 'https://acme.getgrist.com/ws/7', 'https://acme.getgrist.com', 7],
    ['with a query and hash', 'https://acme.getgrist.com/ws/7/?x=1#y', 'https://acme.getgrist.com', 7],
    ['with a slug', 'https://acme.getgrist.com/ws/7/Engineering1', 'https://acme.getgrist.com', 7],
    ['on the personal site', 'https://docs.getgrist.com/ws/12345/', 'https://docs.getgrist.com', 12345],
    ['under /o/', 'https://grist.example.com/o/acme/ws/7/', 'https://grist.example.com/o/acme', 7],
    ['under /o/ with a port', 'http://127.0.0.1:8484/o/docs/ws/2/', 'http://127.0.0.1:8484/o/docs', 2],
    ['a custom host', 'https://grist.initech.com/ws/9/', 'https://grist.initech.com', 9],
  ])('%s', (_name, pageUrl, siteUrl, workspaceId) => {
    expect(parseWorkspaceUrl(pageUrl, isGristSite)).toEqual({ ok: true, siteUrl, workspaceId });
  });

  it.each([
    ['a document page', 'https://acme.getgrist.com/v4t59thVmUHr/Bug-Tracker', 'not-a-workspace'],
    ['the home page', 'https://docs.getgrist.com/', 'not-a-workspace'],
    ['/ws/ with nothing after it', 'https://acme.getgrist.com/ws/', 'not-a-workspace'],
    ['an id that is not a number', 'https://acme.getgrist.com/ws/abc/', 'not-a-workspace'],
    ['a signed or zero-padded id', 'https://acme.getgrist.com/ws/-7/', 'not-a-workspace'],
    ['a zero-padded id', 'https://acme.getgrist.com/ws/007/', 'not-a-workspace'],
    ['more path after the slug', 'https://acme.getgrist.com/ws/7/Eng/p/2', 'not-a-workspace'],
    ['ws not first', 'https://acme.getgrist.com/x/ws/7/', 'not-a-workspace'],
    ['an unconfigured host', 'https://grist.evil.com/ws/7/', 'not-a-site'],
    ['a lookalike host', 'https://acme.getgrist.com.evil.com/ws/7/', 'not-a-site'],
    ['the same host on another port', 'http://127.0.0.1:9999/o/docs/ws/2/', 'not-a-site'],
    ['another scheme', 'ftp://acme.getgrist.com/ws/7/', 'not-a-site'],
    ['not a URL', 'ws/7/', 'not-a-site'],
  ])('not %s', (_name, pageUrl, reason) => {
    expect(parseWorkspaceUrl(pageUrl, isGristSite)).toEqual({ ok: false, reason });
  });
});
