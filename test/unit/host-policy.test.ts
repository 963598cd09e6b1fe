import { describe, expect, it } from 'vitest';
import { gristDomains, isConfiguredUrl } from '../../src/background/host-policy.ts';
import { originRule } from '../../src/background/origin-rule.ts';

const getgrist = { personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: ['https://grist.initech.com'] };
const selfHosted = { personalSiteUrl: 'http://127.0.0.1:8484/o/docs', teamSiteUrls: [] };

describe('which hosts may receive the key', () => {
  it.each([
    ['the personal site', 'https://docs.getgrist.com/api/orgs', true],
    ['a getgrist.com team', 'https://acme.getgrist.com/api/orgs/current/workspaces', true],
    ['a configured custom host', 'https://grist.initech.com/api/orgs', true],
    ['an unconfigured host', 'https://evil.example.com/api/orgs', false],
    ['a lookalike suffix', 'https://docs.getgrist.com.evil.com/api/orgs', false],
    ['the team host over http', 'http://acme.getgrist.com/api/orgs', false],
  ])('%s', (_name, url, allowed) => {
    expect(isConfiguredUrl(new URL(url), getgrist)).toBe(allowed);
  });

  it('on a self-hosted server, the same origin only (port included)', () => {
    expect(isConfiguredUrl(new URL('http://127.0.0.1:8484/o/acme/api/docs/x'), selfHosted)).toBe(true);
    expect(isConfiguredUrl(new URL('http://127.0.0.1:9999/api/orgs'), selfHosted)).toBe(false);
  });
});

describe('the Origin rule', () => {
  it('covers the configured hosts and the per-team base domain', () => {
    expect(gristDomains(getgrist).sort()).toEqual(['docs.getgrist.com', 'getgrist.com', 'grist.initech.com']);
  });

  it('has the shape verified against Grist: remove origin, initiator = the extension host, xmlhttprequest', () => {
    expect(originRule(selfHosted, 'abcdefghijklmnop')).toEqual({
      id: 1,
      priority: 1,
      action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
      condition: { initiatorDomains: ['abcdefghijklmnop'], requestDomains: ['127.0.0.1'], resourceTypes: ['xmlhttprequest'] },
    });
  });
});
