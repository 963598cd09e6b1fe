// @vitest-environment jsdom
/**
 * The popup with several Grist accounts: each account's heading and its documents.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { documentEntry as doc } from '../../setup/listings.ts';
import { chooseInMenu } from './menu-setup.tsx';
import { setupPopupTests, personalSite, acmeSite, BUDGET, setup, searchBox, type } from './popup-setup.tsx';

setupPopupTests();

describe('several Grist accounts (issue 19)', () => {
  const EDITH = { id: 'a1', user: { name: 'Edith Editor', email: 'edith@example.com' }, server: 'docs.getgrist.com' };
  const OWEN = { id: 'a2', user: { name: 'Owen Owner', email: 'owen@example.com' }, server: 'docs.getgrist.com' };
  const FORECAST = doc('acmeForecast000000000', 'Forecast');

  /** Two users of one server, both members of Acme: Edith edits its Forecast, Owen owns it. */
  function twoAccounts(): Listing {
    return {
      fetchedAt: 2,
      accounts: [EDITH, OWEN],
      sites: [
        personalSite([BUDGET]),
        acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [{ ...FORECAST, access: 'editors' }] }] }),
        acmeSite({ account: 'a2', workspaces: [{ id: 20, name: 'Sales', documents: [FORECAST] }, { id: 21, name: 'Archive', documents: [] }] }),
      ],
    };
  }

  /** A heading's text without the Unicode isolates around the names it quotes (plain-text-name.ts). */
  const headingTexts = (level: number) => screen.queryAllByRole('heading', { level }).map((heading) => heading.textContent!.replace(/[\u2068\u2069]/g, ''));

  /** The account headings load with the popup's parts on demand: they are there once these are. */
  async function setupAccounts(listing: Listing) {
    const popup = await setup({ refresh: { ok: true, value: listing } });
    await waitFor(() => expect(headingTexts(2)).toHaveLength(listing.accounts!.length));
    return popup;
  }

  test('each account’s sites are under a heading with its name, email and server; sites h3, workspaces h4', async () => {
    await setupAccounts(twoAccounts());
    expect(headingTexts(2)).toEqual(['Edith Editor (edith@example.com) — docs.getgrist.com', 'Owen Owner (owen@example.com) — docs.getgrist.com']);
    expect(headingTexts(3)).toEqual(['Personal', 'Acme', 'Acme']);
    expect(headingTexts(4)).toEqual(['Home', 'Sales', 'Sales', 'Archive']);
    // The same site of both accounts is two regions, each with its own document row.
    expect(screen.getAllByRole('region', { name: 'Acme' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Open Forecast' })).toHaveLength(2);
  });

  test('an account whose user is not known yet is named by its number and server', async () => {
    await setupAccounts({ ...twoAccounts(), accounts: [EDITH, { ...OWEN, user: null, server: 'grist.example.org' }] });
    expect(headingTexts(2)).toEqual(['Edith Editor (edith@example.com) — docs.getgrist.com', 'Account 2 — grist.example.org']);
  });

  test('names from a profile are text, never markup', async () => {
    await setupAccounts({ ...twoAccounts(), accounts: [{ ...EDITH, user: { name: '<img src=x onerror=alert(1)>', email: 'e@example.com' } }, OWEN] });
    expect(headingTexts(2)[0]).toBe('<img src=x onerror=alert(1)> (e@example.com) — docs.getgrist.com');
    expect(document.querySelector('img')).toBeNull();
  });

  test('a failing account shows its error under its own heading while the other lists', async () => {
    const message = 'The API key was refused. Create a new one in Grist: Profile settings -> API.';
    const listing = { ...twoAccounts(), accounts: [EDITH, { ...OWEN, error: { kind: 'auth' as const, message } }] };
    listing.sites = listing.sites.slice(0, 2);
    await setupAccounts(listing);
    const owenHeading = screen.getByRole('heading', { level: 2, name: /Owen Owner/ });
    const errorRow = owenHeading.parentElement!.nextElementSibling as HTMLElement;
    expect(within(errorRow).getByText(message)).toBeTruthy();
    // A refused key is fixed in the options.
    expect(within(errorRow).getByRole('button', { name: 'Open options' })).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
  });

  test('search finds documents across accounts, each under its account’s heading, and finds an account by its user', async () => {
    await setupAccounts(twoAccounts());
    type(searchBox(), 'forecast');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Open Forecast' })).toHaveLength(2));
    expect(headingTexts(2)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();

    type(searchBox(), 'budget');
    expect(headingTexts(2)).toEqual(['Edith Editor (edith@example.com) — docs.getgrist.com']);

    type(searchBox(), 'owen');
    expect(headingTexts(2)).toEqual(['Owen Owner (owen@example.com) — docs.getgrist.com']);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forecast']);
  });

  test('the same document under two accounts: each row has its own access and rename state, and the new name shows in both', async () => {
    const popup = await setupAccounts(twoAccounts());
    // Only Owen owns it: one Rename button, on his row.
    const [edithRow, owenRow] = screen.getAllByRole('link', { name: 'Open Forecast' }).map((link) => link.closest('li')!);
    expect(within(edithRow!).queryByRole('button', { name: 'Rename Forecast' })).toBeNull();
    fireEvent.click(within(owenRow!).getByRole('button', { name: 'Rename Forecast' }));

    const field = screen.getByRole('textbox', { name: 'New name for Forecast' }) as HTMLInputElement;
    expect(screen.getAllByRole('textbox', { name: 'New name for Forecast' })).toHaveLength(1);
    // Edith's row stays a link while Owen's is a field.
    expect(screen.getAllByRole('link', { name: 'Open Forecast' })).toHaveLength(1);
    type(field, 'Forecast 2026');
    fireEvent.keyDown(field, { key: 'Enter' });
    // The worker picks the account (the first owner): the request names none.
    expect(popup.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 2, siteUrl: 'https://acme.getgrist.com', docId: FORECAST.id, name: 'Forecast 2026' });
    await popup.answerRename({ ok: true, value: { name: 'Forecast 2026', entryId: 'entry-1' } });
    // Grist's name is every user's: both rows show it.
    expect(screen.getAllByRole('link', { name: 'Open Forecast 2026' })).toHaveLength(2);
  });

  test('a move offers only the workspaces of the row’s own account', async () => {
    const listing = twoAccounts();
    // Edith also lists a Globex site of the same server, which Owen cannot reach.
    listing.sites.splice(2, 0, { ...acmeSite(), orgId: 3, name: 'Globex', domain: 'globex', siteUrl: 'https://globex.getgrist.com', workspaces: [{ id: 30, name: 'Clients', access: 'owners', documents: [] }] });
    listing.sites[3]!.workspaces[1]!.access = 'owners';
    await setupAccounts(listing);
    const owenRow = screen.getAllByRole('link', { name: 'Open Forecast' })[1]!.closest('li')!;
    await chooseInMenu('Forecast', 'Move to…', owenRow);
    const picker = await screen.findByRole('listbox', { name: 'Destination for Forecast' });
    expect(within(picker).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Archive — Acme']);
  });
});
