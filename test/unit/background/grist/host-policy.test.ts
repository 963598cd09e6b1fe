/**
 * Where each account's key may go (src/background/host-policy.ts): exactly its configured site
 * URLs, of which only those the key was typed or confirmed for, and the team sites Grist listed
 * for it; never another account's.
 */
import { describe, expect, it } from 'vitest';
import { accountsOfSite, gristHostNames, gristSitePatterns, isGristSiteUrl, keyDestination, type SiteAccess } from '../../../../src/background/grist/host-policy.ts';
import { originRule } from '../../../../src/background/key-scope/origin-rule.ts';

const getgrist: SiteAccess = {
  settings: { personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: ['https://grist.initech.com'] },
  hosts: { confirmed: ['https://docs.getgrist.com', 'https://grist.initech.com'], listed: ['https://acme.getgrist.com'] },
};
const selfHosted: SiteAccess = {
  settings: { personalSiteUrl: 'http://127.0.0.1:8484/o/docs', teamSiteUrls: [] },
  hosts: { confirmed: ['http://127.0.0.1:8484'], listed: [] },
};
const selfHostedDocs: SiteAccess = {
  settings: { personalSiteUrl: 'https://docs.example.org', teamSiteUrls: [] },
  hosts: { confirmed: ['https://docs.example.org'], listed: [] },
};

describe('which URLs may receive the key', () => {
  it.each([
    ['the personal site', 'https://docs.getgrist.com/api/orgs', 'allowed'],
    ['a team Grist listed for the key', 'https://acme.getgrist.com/api/orgs/current/workspaces', 'allowed'],
    ['a configured custom host', 'https://grist.initech.com/api/orgs', 'allowed'],
    ['a getgrist.com team Grist did not list', 'https://globex.getgrist.com/api/orgs', 'not-a-site'],
    ['www.getgrist.com', 'https://www.getgrist.com/api/docs/abc', 'not-a-site'],
    ['community.getgrist.com', 'https://community.getgrist.com/api/docs/abc', 'not-a-site'],
    ['support.getgrist.com', 'https://support.getgrist.com/api/docs/abc', 'not-a-site'],
    ['the bare parent domain', 'https://getgrist.com/api/docs/abc', 'not-a-site'],
    ['an unconfigured host', 'https://evil.example.com/api/orgs', 'not-a-site'],
    ['a lookalike suffix', 'https://docs.getgrist.com.evil.com/api/orgs', 'not-a-site'],
    ['the listed team over http', 'http://acme.getgrist.com/api/orgs', 'not-a-site'],
  ])('%s: %s', (_name, url, expected) => {
    expect(keyDestination(new URL(url), getgrist)).toBe(expected);
    expect(isGristSiteUrl(new URL(url), [getgrist])).toBe(expected === 'allowed');
  });

  it('on a self-hosted docs. host, no sibling host is a Grist site', () => {
    for (const url of ['https://acme.example.org/api/orgs', 'https://www.example.org/api/docs/abc', 'https://example.org/api/orgs']) {
      expect(keyDestination(new URL(url), selfHostedDocs)).toBe('not-a-site');
    }
    expect(keyDestination(new URL('https://docs.example.org/api/orgs'), selfHostedDocs)).toBe('allowed');
  });

  it('on a self-hosted server, the same origin only (port included)', () => {
    expect(keyDestination(new URL('http://127.0.0.1:8484/o/acme/api/docs/x'), selfHosted)).toBe('allowed');
    expect(keyDestination(new URL('http://127.0.0.1:9999/api/orgs'), selfHosted)).toBe('not-a-site');
  });

  it('a configured site the key was not typed or confirmed for gets no key', () => {
    const moved: SiteAccess = { ...selfHosted, settings: { personalSiteUrl: 'http://127.0.0.1:9999/o/docs', teamSiteUrls: [] } };
    expect(keyDestination(new URL('http://127.0.0.1:9999/o/docs/api/orgs'), moved)).toBe('not-confirmed');
    // Confirmed, but no longer configured: not a site either.
    expect(keyDestination(new URL('http://127.0.0.1:8484/o/docs/api/orgs'), moved)).toBe('not-a-site');
  });
});

describe('one list for the menus, the document window and the Origin rule', () => {
  it('match patterns and host names name exactly the same sites', () => {
    expect(gristSitePatterns([getgrist])).toEqual(['https://docs.getgrist.com/*', 'https://grist.initech.com/*', 'https://acme.getgrist.com/*']);
    expect(gristHostNames([getgrist])).toEqual(['docs.getgrist.com', 'grist.initech.com', 'acme.getgrist.com']);
  });

  it('with several accounts, they cover every account\'s sites, each once', () => {
    expect(gristSitePatterns([getgrist, selfHosted, getgrist])).toEqual(['https://docs.getgrist.com/*', 'https://grist.initech.com/*', 'https://acme.getgrist.com/*', 'http://127.0.0.1/*']);
    expect(gristHostNames([getgrist, selfHosted])).toEqual(['docs.getgrist.com', 'grist.initech.com', 'acme.getgrist.com', '127.0.0.1']);
    expect(originRule([getgrist, selfHosted], 'ext')?.condition.requestDomains).toEqual(['docs.getgrist.com', 'grist.initech.com', 'acme.getgrist.com', '127.0.0.1']);
  });

  it('with no account there is no Origin rule (a rule must name a host)', () => {
    expect(originRule([], 'ext')).toBeNull();
  });

  it('the Origin rule has the shape verified against Grist: remove origin, initiator = the extension host, xmlhttprequest', () => {
    expect(originRule([selfHosted], 'abcdefghijklmnop')).toEqual({
      id: 1,
      priority: 1,
      action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
      condition: { initiatorDomains: ['abcdefghijklmnop'], requestDomains: ['127.0.0.1'], resourceTypes: ['xmlhttprequest'] },
    });
  });
});

describe('several accounts: each key only to its own sites', () => {
  // Two users of docs.getgrist.com: Grist listed the Acme team for the first key only.
  const work: SiteAccess = {
    settings: { personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] },
    hosts: { confirmed: ['https://docs.getgrist.com'], listed: ['https://acme.getgrist.com'] },
  };
  const personal: SiteAccess = {
    settings: { personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] },
    hosts: { confirmed: ['https://docs.getgrist.com'], listed: [] },
  };
  // A client's self-hosted server.
  const client: SiteAccess = {
    settings: { personalSiteUrl: 'https://grist.client.example/o/docs', teamSiteUrls: ['https://grist.client.example/o/team'] },
    hosts: { confirmed: ['https://grist.client.example'], listed: [] },
  };

  it('two accounts on one server: each key may go to the shared personal site', () => {
    const url = new URL('https://docs.getgrist.com/api/orgs');
    expect(keyDestination(url, work)).toBe('allowed');
    expect(keyDestination(url, personal)).toBe('allowed');
    expect(accountsOfSite(url, [work, personal, client])).toEqual([work, personal]);
  });

  it('a team host Grist listed for one account is not a host of the other, even on the same server', () => {
    const url = new URL('https://acme.getgrist.com/api/orgs/current/workspaces');
    expect(keyDestination(url, work)).toBe('allowed');
    expect(keyDestination(url, personal)).toBe('not-a-site');
    expect(accountsOfSite(url, [personal, work])).toEqual([work]);
  });

  it('two servers: neither key goes to the other server', () => {
    expect(keyDestination(new URL('https://grist.client.example/o/team/api/docs/x'), work)).toBe('not-a-site');
    expect(keyDestination(new URL('https://docs.getgrist.com/api/docs/x'), client)).toBe('not-a-site');
    expect(accountsOfSite(new URL('https://grist.client.example/o/team/doc/abc'), [work, personal, client])).toEqual([client]);
  });

  it('a page of a site no account has: no account, so no key is tried', () => {
    expect(accountsOfSite(new URL('https://initech.getgrist.com/abcdefghijkl/Doc'), [work, personal, client])).toEqual([]);
    expect(accountsOfSite(new URL('https://grist.other.example/o/docs/doc/abc'), [work, personal, client])).toEqual([]);
  });
});
