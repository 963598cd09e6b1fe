import { describe, expect, it } from 'vitest';
import {
  guessDeployment,
  resolveSiteUrl,
  settleDeployment,
  type OrgAddressing,
} from '../../../../src/background/listing/site-resolution.ts';
import type { Settings } from '../../../../src/shared/storage/storage-items.ts';

const personal: OrgAddressing = { id: 2, domain: 'docs-5', host: null, personal: true };
const acme: OrgAddressing = { id: 5, domain: 'acme', host: null, personal: false };
const custom: OrgAddressing = { id: 7, domain: 'initech', host: 'grist.initech.com', personal: false };
const noDomain: OrgAddressing = { id: 9, domain: null, host: null, personal: false };

function settings(personalSiteUrl: string, teamSiteUrls: string[] = []): Settings {
  return { personalSiteUrl, teamSiteUrls };
}

function resolve(org: OrgAddressing, config: Settings, servedOrgId: number | null = null) {
  return resolveSiteUrl(org, config, settleDeployment(guessDeployment(config.personalSiteUrl), servedOrgId));
}

describe('per-team hosts (getgrist.com)', () => {
  const config = settings('https://docs.getgrist.com');
  it.each([
    ['personal site', personal, 'https://docs.getgrist.com'],
    ['team by subdomain', acme, 'https://acme.getgrist.com'],
    ['team with a custom host', custom, 'https://grist.initech.com'],
    ['team without a domain', noDomain, 'https://o-9.getgrist.com'],
  ])('%s', (_name, org, expected) => {
    expect(resolve(org, config)).toBe(expected);
  });

  it('does not take a self-hosted docs. host for per-team: its teams are asked of the server, or configured', () => {
    expect(guessDeployment('https://docs.example.org')).toEqual({ style: 'ask-server', root: 'https://docs.example.org' });
    expect(resolve(acme, settings('https://docs.example.org'), null)).toBe('https://docs.example.org/o/acme');
  });

  it.each([
    ['a domain that is not one DNS label', { ...acme, domain: 'evil.example.com/' }],
    ['a domain with a dot', { ...acme, domain: 'www.evil' }],
    ['a custom host with a path', { ...custom, host: 'evil.example.com/x' }],
    ['a custom host with credentials', { ...custom, host: 'user@evil.example.com' }],
  ])('follows no address from %s', (_name, org) => {
    expect(resolve(org, config)).toBeNull();
  });

  it('treats a team host pasted as the personal URL as getgrist.com addressing', () => {
    expect(guessDeployment('https://acme.getgrist.com')).toEqual({ style: 'per-team', protocol: 'https:', base: 'getgrist.com' });
  });
});

describe('org in path (self-hosted default)', () => {
  const config = settings('https://grist.example.com/o/docs');
  it('personal site is the personal URL as configured', () => {
    expect(resolve(personal, config)).toBe('https://grist.example.com/o/docs');
  });
  it('team site is /o/<domain> on the same host', () => {
    expect(resolve(acme, config)).toBe('https://grist.example.com/o/acme');
  });
  it('a bare host whose server chose no org is org-in-path, personal site included', () => {
    const bare = settings('https://grist.example.com');
    expect(guessDeployment(bare.personalSiteUrl).style).toBe('ask-server');
    expect(resolve(personal, bare, null)).toBe('https://grist.example.com/o/docs-5');
    expect(resolve(acme, bare, null)).toBe('https://grist.example.com/o/acme');
  });
});

describe('single org', () => {
  const config = settings('https://grist.example.com');
  it('the org the bare host serves is at the bare host', () => {
    expect(resolve(acme, config, 5)).toBe('https://grist.example.com');
  });
  it('other orgs cannot be reached there', () => {
    expect(resolve(personal, config, 5)).toBeNull();
  });
});

describe('configured team site URLs win', () => {
  it.each([
    ['by subdomain', 'https://acme.getgrist.com', acme],
    ['by /o/<domain> path', 'https://grist.example.com/o/acme', acme],
    ['by custom host', 'https://grist.initech.com', custom],
  ])('%s', (_name, teamUrl, org) => {
    expect(resolve(org, settings('https://grist.other.com/o/docs', [teamUrl]))).toBe(teamUrl);
  });

  it('does not match a lookalike: a path for another domain', () => {
    expect(resolve(acme, settings('https://grist.example.com/o/docs', ['https://grist.example.com/o/acmecorp']))).toBe(
      'https://grist.example.com/o/acme',
    );
  });
});
