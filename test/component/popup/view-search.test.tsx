// @vitest-environment jsdom
/**
 * A search typed while the People view or the Trash shows is that view's (issue 49): the search
 * box says what it searches ("Search people", "Search the trash"; in French too), what is typed
 * there finds people or trashed documents only, and the list, shown again, is searched as it was
 * before the view opened: never by what was typed in the view.
 */
import { act, fireEvent, screen } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, describe, expect, test, vi } from 'vitest';
import fr from '../../../public/_locales/fr/messages.json' with { type: 'json' };
import type { AccessList } from '../../../src/shared/protocol/sharing.ts';
import type { TrashSite } from '../../../src/shared/protocol/trash.ts';
import { setupPopupTests, freshListing, setup, searchBox, type, backToDocuments, chooseInTitleMenu, listedNames } from './popup-setup.tsx';

setupPopupTests();
afterEach(() => vi.restoreAllMocks());

const TRASH: TrashSite[] = [
  {
    account: 'a1',
    orgId: 2,
    name: 'Acme',
    siteUrl: 'https://acme.getgrist.com',
    documents: [
      { id: 'oldPlan0000000000000', name: 'Old plan', removedAt: new Date().toISOString(), access: 'owners', workspace: { id: 20, name: 'Sales' } },
      { id: 'oldMemo0000000000000', name: 'Old memo', removedAt: new Date().toISOString(), access: 'owners', workspace: { id: 20, name: 'Sales' } },
    ],
    workspaces: [],
  },
];

const ACCESS: AccessList = {
  resource: { kind: 'site', orgId: 2, siteUrl: 'https://acme.getgrist.com' },
  account: 'a1',
  ownEmail: 'olivia@example.com',
  canChange: true,
  onlySelf: false,
  people: [
    { email: 'ed@example.com', name: 'Ed', role: 'editors', inherited: null, isMember: true },
    { email: 'vi@example.com', name: 'Vi', role: 'viewers', inherited: null, isMember: true },
  ],
  publicRole: null,
};

/** Settles a view's code loaded on demand and what it reads when shown (the People view draws its answers at the next frame). */
async function settle() {
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
  await act(async () => await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
}

async function popupWithViews() {
  const popup = await setup({ refresh: { ok: true, value: freshListing() } });
  popup.backend.readTrash.mockResolvedValue({ ok: true, value: structuredClone(TRASH) });
  popup.backend.readSitesPeople.mockImplementation((request, onAnswer) => {
    request.sites.forEach((_, index) => queueMicrotask(() => onAnswer(index, { ok: true, value: ACCESS })));
    return () => undefined;
  });
  return popup;
}

const allDocuments = () => listedNames(document.querySelector<HTMLElement>('.results')!);
const trashedNames = () => [...document.querySelectorAll('.trash-name bdi[title]')].map((name) => name.textContent);
const peopleShown = () => ['ed@example.com', 'vi@example.com'].filter((email) => screen.queryAllByText(email, { exact: false }).length > 0);

describe('a view’s search is the view’s (issue 49)', () => {
  test.each([
    ['Trash', 'Search the trash', 'memo', () => trashedNames(), ['Old memo'], ['Old plan', 'Old memo']],
    ['People', 'Search people', 'vi@', () => peopleShown(), ['vi@example.com'], ['ed@example.com', 'vi@example.com']],
  ] as const)('the %s: its box says so, finds what it lists, and the list shown again is searched as before it opened', async (view, label, typed, shown, found, all) => {
    await popupWithViews();
    const before = allDocuments();
    // The list's own search, typed before the view opens.
    type(searchBox(), 'bud');
    const budget = allDocuments();
    expect(budget).not.toEqual(before);

    chooseInTitleMenu(view);
    await settle();
    const box = screen.getByRole('searchbox', { name: label }) as HTMLInputElement;
    expect(box.placeholder).toBe(label);
    // The view's search starts empty: the documents' "bud" does not search the view.
    expect(box.value).toBe('');
    expect(shown()).toEqual(all);
    type(box, typed);
    expect(shown()).toEqual(found);
    // The list's words are not the view's: no "Enter opens the first result" here.
    expect(box.hasAttribute('aria-describedby')).toBe(false);

    backToDocuments();
    const again = searchBox();
    expect(again.value).toBe('bud');
    expect(allDocuments()).toEqual(budget);
    expect(again.getAttribute('aria-describedby')).toBe('keyboard-help');

    // Opened again: its search is empty again; Escape clears it before it leaves the view.
    chooseInTitleMenu(view);
    await settle();
    const reopened = screen.getByRole('searchbox', { name: label }) as HTMLInputElement;
    expect(reopened.value).toBe('');
    type(reopened, typed);
    expect(fireEvent.keyDown(reopened, { key: 'Escape' })).toBe(false);
    expect(reopened.value).toBe('');
    expect(shown()).toEqual(all);
    fireEvent.keyDown(reopened, { key: 'Escape' });
    expect(searchBox().value).toBe('bud');
  });

  test('typed in a view with no search before: the documents are all listed on the way back', async () => {
    await popupWithViews();
    const before = allDocuments();
    chooseInTitleMenu('Trash');
    await settle();
    type(screen.getByRole('searchbox', { name: 'Search the trash' }), 'zzz');
    expect(screen.getByText('No document in the trash matches.')).toBeTruthy();
    backToDocuments();
    expect(searchBox().value).toBe('');
    expect(allDocuments()).toEqual(before);
    expect(screen.queryByText('No documents match')).toBeNull();
  });

  test('in French, the box says what it searches too', async () => {
    const english = fakeBrowser.i18n.getMessage.bind(fakeBrowser.i18n);
    const french: Record<string, { message: string }> = fr;
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation((key: string, substitutions?: string | (string | number)[]) => (key === 'searchPeople' || key === 'searchTrash' ? french[key]!.message : english(key, substitutions as string[] | undefined)));
    await popupWithViews();
    chooseInTitleMenu('People');
    await settle();
    expect((screen.getByRole('searchbox', { name: 'Rechercher des personnes' }) as HTMLInputElement).placeholder).toBe('Rechercher des personnes');
    chooseInTitleMenu('Trash');
    await settle();
    expect((screen.getByRole('searchbox', { name: 'Rechercher dans la corbeille' }) as HTMLInputElement).placeholder).toBe('Rechercher dans la corbeille');
  });
});
