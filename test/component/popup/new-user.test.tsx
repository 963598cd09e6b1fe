// @vitest-environment jsdom
/**
 * What a new user of the popup needs: named and explained buttons, a first run without a key.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import { documentEntry as doc, siteEntry } from '../../setup/listings.ts';
import { openMenu } from './menu-setup.tsx';
import { setupPopupTests, personalSite, acmeSite, BUDGET, freshListing, setup, searchBox, type, renameBudget, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

describe('what a new user needs (issue 12)', () => {
  test('the title bar menu has Refresh and Options, named and explained (item 5; issue 49)', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const refresh = screen.getByRole('menuitem', { name: 'Refresh' });
    expect(refresh.textContent).toContain('List every site again');
    // Its description, as assistive technology finds it: the line under it.
    expect(document.getElementById(refresh.getAttribute('aria-describedby')!)?.textContent).toBe('List every site again');
    fireEvent.click(refresh);
    expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
    chooseInTitleMenu('Options');
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
  });

  test('every icon button has a tooltip, More actions too (issue 41, 49)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    const iconButtons = [...document.querySelectorAll('button.icon-button')];
    expect(iconButtons.length).toBeGreaterThan(10);
    expect(iconButtons.filter((button) => !button.getAttribute('title')).map((button) => button.getAttribute('aria-label'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'More actions for Budget' }).getAttribute('title')).toBe('More actions');
    // A row's hover Rename says its key.
    expect(screen.getByRole('button', { name: 'Rename Budget' }).getAttribute('title')).toBe('Rename (F2)');
  });

  test.each([
    ['a host the browser may not reach', { kind: 'no-host-permission' as const, message: 'The browser has not granted access to acme.' }, 'Open options'],
    ['a key not confirmed for the host', { kind: 'key-not-confirmed' as const, message: 'Not confirmed for acme.' }, 'Open options'],
    ['a site that did not answer', { kind: 'timeout' as const, message: 'acme did not answer in time.' }, 'Try again'],
  ])('a site error card leads to the fix: %s (item 5)', async (_case, error, button) => {
    const popup = await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), acmeSite({ error })] } } });
    const acme = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    fireEvent.click(within(acme).getByRole('button', { name: button }));
    if (button === 'Open options') expect(popup.openOptions).toHaveBeenCalledTimes(1);
    else expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
  });

  test('a rename made while a refresh runs is said, and the refresh’s summary does not replace it', async () => {
    const popup = await renameBudget({ cached: freshListing() });
    expect(screen.getByRole('status').textContent).toContain('Refreshing');
    expect(screen.getByRole('status').textContent).toContain('Budget 2027');
    await popup.answerRefresh({ ok: true, value: freshListing() });
    expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Budget\u2069” to “\u2068Budget 2027\u2069”.');
  });

  test('a site that is gone from Grist offers Try again', async () => {
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), acmeSite({ error: { kind: 'not-found', message: 'Not found.' } })] } } });
    const acme = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    expect(within(acme).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  test('the rename message names both names, stays with its Undo while the user searches, and goes with the next rename (item 6, issue 13)', async () => {
    const popup = await renameBudget();
    expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Budget\u2069” to “\u2068Budget 2027\u2069”.');
    type(searchBox(), 'b');
    expect(screen.getByRole('status').textContent).toContain('Renamed');
    expect(screen.getByRole('button', { name: 'Undo rename of Budget 2027' })).toBeTruthy();
    type(searchBox(), '');
    fireEvent.click(screen.getByRole('button', { name: 'Rename Forecast' }));
    const forecast = screen.getByRole('textbox', { name: 'New name for Forecast' });
    type(forecast, 'Forecast 2027');
    fireEvent.keyDown(forecast, { key: 'Enter' });
    await popup.answerRename({ ok: true, value: { name: 'Forecast 2027', entryId: 'entry-2' } }, 1);
    expect(screen.getByRole('status').textContent).toContain('Renamed “\u2068Forecast\u2069” to “\u2068Forecast 2027\u2069”.');
    expect(screen.getByRole('status').textContent).not.toContain('Budget 2027');
    expect(screen.getByRole('button', { name: 'Undo rename of Forecast 2027' })).toBeTruthy();
  });

  test('the rename field keeps the current name in sight and counts characters past 200 (item 7)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
    const input = screen.getByRole('textbox', { name: 'New name for Budget' });
    const row = input.closest('li')!;
    expect(within(row).getByText('Budget').closest('.rename-current')?.textContent).toBe('Now: Budget');
    expect(row.textContent).not.toMatch(/characters/);
    type(input, 'x'.repeat(201));
    expect(within(row).getByText('201 / 255 characters')).toBeTruthy();
    type(input, 'x'.repeat(256));
    expect(within(row).getByText('256 / 255 characters').className).toContain('counter-over');
  });

  test('search finds workspaces and sites, and marks the matched letters as text (item 8)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    type(searchBox(), 'sales');
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Pipeline' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Budget' })).toBeNull();
    expect([...document.querySelectorAll('h3 mark')].map((mark) => mark.textContent)).toEqual(['Sales']);
    type(searchBox(), 'acme fore');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forecast']);
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Acme', 'Fore']);
    type(searchBox(), 'resume');
    expect(document.querySelector('.document-link mark')?.textContent).toBe('Résumé');
  });

  test('Enter in the search box opens the first result; F2 on a document starts its rename (item 9)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    expect(searchBox().getAttribute('title')).toMatch(/Enter opens the first result.*F2 renames/);
    type(searchBox(), 'forecast');
    const opened = vi.fn((event: Event) => event.preventDefault());
    screen.getByRole('link', { name: 'Open Forecast' }).addEventListener('click', opened);
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(opened).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Forecast' }), { key: 'F2' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New name for Forecast' }));
  });

  test('F2 on a document the user does not own does nothing', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Pipeline' }), { key: 'F2' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test('each document says when it last changed, exactly in its tooltip (item 10)', async () => {
    const recent = doc('recentDoc00000000000', 'Recent', { updatedAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString() });
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([recent])] } } });
    const time = screen.getByRole('link', { name: 'Open Recent' }).closest('li')!.querySelector('time')!;
    expect(time.textContent).toBe('3 days ago');
    expect(time.getAttribute('dateTime')).toBe(recent.updatedAt);
    expect(time.getAttribute('title')).toMatch(/^Changed .*\d{4}/);
  });

  test('empty workspaces are shown, each saying so, with New document where the user may add (issue 41); a site with no workspace says so in one line', async () => {
    const empty = acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [], access: 'viewers' }, { id: 21, name: 'Home', documents: [], access: 'editors' }] });
    const bare = siteEntry(3, 'Globex', [], { domain: 'globex', siteUrl: 'https://globex.getgrist.com' });
    await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), empty, bare] } } });
    const acme = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    expect(within(acme).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Sales', 'Home']);
    // Each heading says so, beside its name; the site, which has workspaces, says nothing itself.
    expect(within(acme).getAllByRole('heading', { level: 3 }).map((heading) => heading.parentElement!.textContent)).toEqual(['SalesNo documents.', 'HomeNo documents.']);
    expect(within(acme).getAllByText('No documents.')).toHaveLength(2);
    const items = async (name: string, container: HTMLElement) => {
      const menu = await openMenu(name, container);
      const texts = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
      fireEvent.keyDown(menu, { key: 'Escape' });
      return texts;
    };
    expect(await items('Sales', acme)).toEqual(['Share…']);
    expect(await items('Home', acme)).toEqual(['New document', 'Share…']);
    const globex = screen.getByRole('heading', { level: 2, name: 'Globex' }).closest('section')!;
    expect(within(globex).getByText('No documents.')).toBeTruthy();
    // A search shows an empty workspace its words name, with its site.
    type(searchBox(), 'acme home');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Home']);
    expect(screen.getByRole('region', { name: 'Acme' })).toBeTruthy();
    expect(await items('Home', screen.getByRole('region', { name: 'Acme' }))).toEqual(['New document', 'Share…']);
    // Not those a search's words must find in a document's name.
    type(searchBox(), 'budget');
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Acme' })).toBeNull();
  });

  test('an unsaved edit stays in sight when the search no longer matches it (item 11)', async () => {
    await setup({ refresh: { ok: true, value: freshListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Budget' }));
    type(screen.getByRole('textbox', { name: 'New name for Budget' }), 'Budget draft');
    type(searchBox(), 'forecast');
    expect((screen.getByRole('textbox', { name: 'New name for Budget' }) as HTMLInputElement).value).toBe('Budget draft');
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
  });
});
