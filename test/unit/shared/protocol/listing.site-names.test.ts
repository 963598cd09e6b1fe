/**
 * shared/protocol/listing.ts siteDisplayName: the name every view shows a site by, so that two sites never
 * read the same (issue 49): the user's own personal site, another person's, a team, an owner with
 * no name, and two accounts' own personal sites side by side; in English and French.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import fr from '../../../../public/_locales/fr/messages.json' with { type: 'json' };
import { accountShortNames, siteDisplayName } from '../../../../src/shared/protocol/listing.ts';
import { placeIn, placeName } from '../../../../src/shared/rules/move.ts';
import { personalSiteEntry, siteEntry, workspaceEntry } from '../../../setup/listings.ts';

/** Grist names every personal site "Personal" (sample orgs.owner.json): the name alone tells none apart. */
const own = personalSiteEntry([]);
const anns = siteEntry(9, 'Personal', [], { domain: 'docs-9', owner: 'Ann Smith', siteUrl: 'https://docs-9.getgrist.com' });
const team = siteEntry(5, 'Acme Corp');

/** The French messages, placeholders filled as the browser fills them (test/setup/fake-browser.ts does it for English). */
function inFrench(): void {
  const messages: Record<string, { message: string; placeholders?: Record<string, { content: string }> }> = fr;
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string, substitutions?: string | Array<string | number>) => {
    const entry = messages[key];
    const values = [substitutions ?? []].flat().map(String);
    return (entry?.message ?? '').replace(/\$([a-z0-9_]+)\$/gi, (whole, name: string) => entry?.placeholders?.[name.toLowerCase()]?.content.replace(/\$(\d)/g, (_, index: string) => values[Number(index) - 1] ?? '') ?? whole);
  });
}

describe('the name a site is shown by', () => {
  it('the user’s own personal site is "Personal", another person’s "<owner>’s Personal", a team its Grist name', () => {
    expect(siteDisplayName(own)).toBe('Personal');
    expect(siteDisplayName(anns)).toBe('Ann Smith’s Personal');
    expect(siteDisplayName(team)).toBe('Acme Corp');
  });

  it('in French too', () => {
    inFrench();
    expect(siteDisplayName(own)).toBe('Personnel');
    expect(siteDisplayName(anns)).toBe('Personnel (Ann Smith)');
    expect(siteDisplayName({ ...anns, owner: '' })).toBe('Personnel d’une autre personne');
    expect(siteDisplayName(team)).toBe('Acme Corp');
  });

  it('another person’s personal site whose owner has no name (Grist allows none) still reads as someone else’s, never as the user’s own', () => {
    expect(siteDisplayName({ ...anns, owner: '' })).toBe('Someone else’s Personal');
    expect(siteDisplayName({ ...anns, owner: '   ' })).toBe('Someone else’s Personal');
  });

  it('two accounts’ own personal sites, side by side, read by their accounts; one account’s list keeps "Personal"', () => {
    const names = accountShortNames([
      { id: 'a1', user: { email: 'olivia@example.com' } },
      { id: 'a2', user: null },
    ]);
    const first = personalSiteEntry([], { account: 'a1' });
    const second = personalSiteEntry([], { account: 'a2', siteUrl: 'https://grist.example.com/o/docs' });
    expect(siteDisplayName(first, names.get(first.account))).toBe('olivia@example.com’s Personal');
    expect(siteDisplayName(second, names.get(second.account))).toBe('Account 2’s Personal');
    // The account names only the user's own site: another person's and a team keep theirs.
    expect(siteDisplayName(anns, 'olivia@example.com')).toBe('Ann Smith’s Personal');
    expect(siteDisplayName(team, 'olivia@example.com')).toBe('Acme Corp');
    // One account: no names, and the own site stays "Personal".
    expect(accountShortNames([{ id: 'a1', user: { email: 'olivia@example.com' } }]).get('a1')).toBeUndefined();
  });

  it('a place keeps whose personal site it is, as a change records it, and names it so', () => {
    const home = workspaceEntry(30, 'Home', []);
    const place = placeIn(anns, home);
    expect(place.site).toEqual({ orgId: 9, name: 'Personal', url: 'https://docs-9.getgrist.com', owner: 'Ann Smith' });
    expect(placeName(place)).toBe('Ann Smith’s Personal › Home');
  });

  it('a place a change log wrote before owners were kept reads by its Grist name', () => {
    expect(placeName({ site: { name: 'Personal' }, workspace: { name: 'Home' } })).toBe('Personal › Home');
  });
});
