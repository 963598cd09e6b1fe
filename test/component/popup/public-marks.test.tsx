// @vitest-environment jsdom
/**
 * Public documents in the popup as a user meets them: the mark on their rows (Grist's listing says
 * `"public": true`), and the search word `is:public`, alone or with other words.
 */
import { screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { documentEntry as doc, workspaceEntry } from '../../setup/listings.ts';
import { acmeSite, BUDGET, NOTES, personalSite, RESUME, searchBox, setup, setupPopupTests, type } from './popup-setup.tsx';

setupPopupTests();

/** Budget (personal site) and Forecast (Acme) public; Résumé, Shared notes and Pipeline not. */
function listingWithPublic(): Listing {
  const acme = acmeSite();
  const sales = acme.workspaces[0]!;
  const forecast = sales.documents.find((document) => document.name === 'Forecast')!;
  const publicSales = workspaceEntry(sales.id, sales.name, sales.documents.map((document) => (document === forecast ? { ...document, isPublic: true as const } : document)));
  return { fetchedAt: 2, sites: [personalSite([{ ...BUDGET, isPublic: true }, RESUME, NOTES]), { ...acme, workspaces: [publicSales] }] };
}

/** The names of the documents listed now. */
const listedNames = () => screen.queryAllByRole('link').map((link) => link.textContent);

/** Types `text` into the search box and waits for the list to show `names`. */
async function search(text: string, names: string[]) {
  type(searchBox(), text);
  await waitFor(() => expect(listedNames()).toEqual(names));
}

describe('public documents', () => {
  test('a public document’s row carries a “public” mark, and no other row does', async () => {
    await setup({ refresh: { ok: true, value: listingWithPublic() } });
    await screen.findByRole('link', { name: 'Open Budget' });
    const marked = screen.getAllByText('public').map((mark) => within(mark.closest('li')!).getByRole('link').textContent);
    expect(marked).toEqual(['Budget', 'Forecast']);
    expect(screen.getAllByText('public')[0]!.getAttribute('title')).toBe('Public: anyone with the link can view');
  });

  test('“is:public” lists only the public documents, under their headings, in any case', async () => {
    await setup({ refresh: { ok: true, value: listingWithPublic() } });
    await screen.findByRole('link', { name: 'Open Budget' });
    await search('is:public', ['Budget', 'Forecast']);
    expect(screen.getByRole('heading', { name: /Acme/ })).toBeTruthy();
    await search('IS:PUBLIC', ['Budget', 'Forecast']);
  });

  test('typed with other words, “is:public” narrows them: by site, by name, and a word that only finds private documents finds none', async () => {
    await setup({ refresh: { ok: true, value: listingWithPublic() } });
    await screen.findByRole('link', { name: 'Open Budget' });
    await search('acme is:public', ['Forecast']);
    await search('is:public bud', ['Budget']);
    await search('pipeline', ['Pipeline']);
    await search('pipeline is:public', []);
  });

  test('typed a letter at a time, the word finds the public documents once complete', async () => {
    await setup({ refresh: { ok: true, value: listingWithPublic() } });
    await screen.findByRole('link', { name: 'Open Budget' });
    // On the way, "is:pub" is an ordinary word that no name holds.
    for (const typed of ['i', 'is', 'is:', 'is:p', 'is:pu', 'is:pub', 'is:publ', 'is:publi']) type(searchBox(), typed);
    await waitFor(() => expect(listedNames()).toEqual([]));
    await search('is:public', ['Budget', 'Forecast']);
  });

  test('an empty workspace is not shown for “is:public”, though its name matches the other words', async () => {
    const listing = listingWithPublic();
    listing.sites[1]!.workspaces.push(workspaceEntry(21, 'Archive', []), workspaceEntry(22, 'Archive 2', [doc('archived00000000000', 'Old plan')]));
    await setup({ refresh: { ok: true, value: listing } });
    await screen.findByRole('link', { name: 'Open Budget' });
    await search('archive', ['Old plan']);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Archive')]));
    await search('archive is:public', []);
    expect(screen.queryAllByRole('heading').some((heading) => heading.textContent?.includes('Archive'))).toBe(false);
  });
});
