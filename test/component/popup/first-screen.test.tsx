// @vitest-environment jsdom
/**
 * The popup's first screen (issue 16): drawn from the rendered popup, stored, shown by the next
 * popup's first script only while the cache holds the same first screen, as text and safe
 * attributes only, and handed over to the popup's view with what was typed.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { signal } from '@preact/signals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { App } from '../../../src/popup/app.tsx';
import { buildSnapshot, readFirstScreen, showFirstScreen } from '../../../src/popup/first-screen/first-screen.ts';
import { takeOverFirstScreen } from '../../../src/popup/first-screen/first-screen-handover.ts';
import { drawFirstScreen, keepFirstScreen, showsListOnly, takeSnapshot } from '../../../src/popup/first-screen/snapshot.ts';
import { loadParts } from '../../../src/popup/on-demand/lazy.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { FIRST_SCREEN_FORMAT, FIRST_SCREEN_KEY, firstScreenMade, type FirstScreen } from '../../../src/shared/storage/first-screen.ts';
import type { AccessList, AccessResource } from '../../../src/shared/protocol/sharing.ts';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import { openKey } from '../../../src/shared/protocol/pages.ts';
import { firstScreenItem, listingPreviewItem } from '../../../src/shared/storage/storage-items.ts';
import { documentEntry, listingOf, personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';

const HOSTILE = '<img src=x onerror="alert(1)"> & "Plan"';

/** The personal site (org 7, no domain): in Home, a pinned document with a hostile name and Budget, which the user only views. */
function listing(revision: string): Listing {
  const home = workspaceEntry(
    1,
    'Home',
    [documentEntry('hostileDoc0000000000', HOSTILE, { isPinned: true }), documentEntry('budgetDoc00000000000', 'Budget', { access: 'viewers', updatedAt: '2024-01-02T00:00:00.000Z' })],
    { access: 'owners' },
  );
  return listingOf([personalSiteEntry([home], { orgId: 7, domain: null })], { revision });
}

/** The popup rendered at rest on `revision`'s listing; out: its root element and store. */
async function renderedPopup(revision = 'rev-1') {
  const backend = {
    refreshListing: vi.fn(async () => ({ ok: true as const, value: listing(revision) })),
    ...popupBackendMocks(),
  };
  const store = createPopupStore({ backend, readCachedListing: async () => listing(revision), openOptions: vi.fn(), openBulkChanges: vi.fn() });
  const { container } = render(<App store={store} />);
  await store.start();
  await screen.findByRole('link', { name: 'Open Budget' });
  return { root: container as HTMLElement, store, backend };
}

const BUDGET: AccessResource = { kind: 'document', orgId: 7, siteUrl: 'https://docs.getgrist.com', docId: 'budgetDoc00000000000' };

/** Budget's access as the Share panel reads it: other people, with their emails. */
const BUDGET_ACCESS: AccessList = {
  resource: BUDGET,
  account: 'account-1',
  ownEmail: 'me@example.com',
  canChange: true,
  onlySelf: false,
  people: [
    { email: 'me@example.com', name: 'Me', role: 'owners', inherited: 'owners', isMember: true },
    { email: 'ann.other@example.com', name: 'Ann Other', role: 'editors', inherited: null, isMember: false },
  ],
  publicRole: null,
  maxInheritedRole: 'owners',
};

/** Runs every task given to whenIdle so far, and those they give it. */
function runIdle(idle: Array<() => void>): void {
  while (idle.length > 0) idle.shift()!();
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('drawing the first screen', () => {
  test('the drawing shows the same page again, names as text, live regions empty', async () => {
    const { root } = await renderedPopup();
    const view = root.firstElementChild!;
    const drawing = takeSnapshot(view, Infinity);
    // Stored as a JSON string, as firstScreenItem does.
    const built = buildSnapshot(JSON.parse(JSON.stringify(drawing)), document) as Element;

    expect(built.querySelectorAll('img')).toHaveLength(0);
    const names = [...built.querySelectorAll('a[aria-label^="Open "]')].map((link) => link.textContent);
    expect(names.some((name) => name?.includes(HOSTILE))).toBe(true);
    expect(built.querySelector('[role="status"]')?.childNodes).toHaveLength(0);
    // Everything else as drawn: the same elements and attributes, its ids its own.
    const expected = view.cloneNode(true) as Element;
    expected.querySelector('[role="status"]')!.replaceChildren();
    // Links lead nowhere in a drawing: they are inert there.
    for (const element of expected.querySelectorAll('[href], [target], [rel]')) for (const name of ['href', 'target', 'rel']) element.removeAttribute(name);
    for (const name of ['id', 'for', 'aria-describedby', 'aria-labelledby']) {
      for (const element of expected.querySelectorAll(`[${name}]`)) element.setAttribute(name, element.getAttribute(name)!.replace(/\S+/g, 'fs-$&'));
    }
    expect(built.outerHTML).toBe(expected.outerHTML);
    expect(built.querySelector('#fs-search-documents')).not.toBeNull();
    // The title bar as the popup shows it (issue 49): the search box, then the Menu button, its menu closed.
    const header = built.querySelector('header')!;
    expect([...header.querySelectorAll('input, button')].map((control) => control.id)).toEqual(['fs-search-documents', 'fs-title-bar-menu-button']);
    expect(header.querySelector('button')!.getAttribute('aria-expanded')).toBe('false');
    expect(header.querySelector('[role="menu"]')).toBeNull();
  });

  test('elements below the given line are left out', async () => {
    const { root } = await renderedPopup();
    const view = root.firstElementChild!;
    const links = [...view.querySelectorAll('a[aria-label^="Open "]')];
    // jsdom lays nothing out: the second row is put below the line by hand.
    const below = links[1]!.closest('li')!;
    below.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    const built = buildSnapshot(takeSnapshot(view, 600), document) as Element;
    expect(built.querySelectorAll('a[aria-label^="Open "]')).toHaveLength(links.length - 1);
  });

  test('only the popup’s own attributes are built: nothing that could run or load something, in any letter case', () => {
    const built = buildSnapshot(
      ['div', { onclick: 'alert(1)', ONCLICK: 'alert(1)', class: 'row', 'aria-label': 'Row', 'data-row-key': '1/a', style: 'height: 30px', srcset: 'x.png' }, [
        ['a', { HREF: 'javascript:alert(1)' }, ['bad']],
        ['a', { href: 'https://docs.getgrist.com/doc', class: 'document-link' }, ['good']],
        ['span', { style: 'background: url(https://example.com/x.png)' }, []],
      ]],
      document,
    ) as Element;
    expect(built.outerHTML).toBe(
      '<div class="row" aria-label="Row" data-row-key="1/a" style="height: 30px"><a>bad</a><a class="document-link">good</a><span></span></div>',
    );
  });

  test('what is not a drawing of the popup builds nothing: other tags, other shapes', () => {
    for (const node of [['div', {}, [42]], { tag: 'div' }, ['div', null, []], ['meta', { 'http-equiv': 'refresh' }, []], ['div', {}, [['iframe', { src: 'https://example.com' }, []]]]]) {
      expect(buildSnapshot(node, document)).toBeNull();
    }
  });
  // The next popup's view starts from the cache's first screen and reads the opens once idle: a
  // drawn group was shown, then gone at the handover, then back.
  test('Recently opened is not drawn: the listing is, in its place', async () => {
    const backend = { refreshListing: vi.fn(async () => ({ ok: true as const, value: listing('rev-1') })), ...popupBackendMocks() };
    const store = createPopupStore({
      backend,
      readCachedListing: async () => listing('rev-1'),
      openOptions: vi.fn(),
      openBulkChanges: vi.fn(),
      readOpened: async () => ({ [openKey('a1', 'budgetDoc00000000000')]: { score: 1, at: Date.now() } }),
    });
    const { container } = render(<App store={store} />);
    await act(async () => {
      await store.start();
    });
    await screen.findByRole('heading', { name: 'Recently opened' });
    const built = buildSnapshot(JSON.parse(JSON.stringify(drawFirstScreen(container.firstElementChild!, Infinity))), document) as Element;
    expect(built.textContent).not.toContain('Recently opened');
    expect([...built.querySelectorAll('a[aria-label^="Open "]')].map((link) => link.getAttribute('aria-label'))).toEqual([`Open ${HOSTILE}`, 'Open Budget']);
  });
});

describe('showing it in the next popup', () => {
  const drawing: FirstScreen = {
    previewRevision: 'preview:rev-1',
    made: '0.1.0 en',
    tree: ['main', {}, [['input', { type: 'search' }, []], ['a', { href: 'https://docs.getgrist.com/doc/budget' }, ['Budget']], ['button', { type: 'button' }, ['Rename']]]],
  };
  const stored = (previewRevision: string) => ({
    firstScreen: JSON.stringify(drawing),
    listingPreview: JSON.stringify({ ...listing('x'), revision: previewRevision }),
  });

  test('shown when the cache holds the first screen it was drawn from: its search box focused as it is inserted, its links and buttons inert', () => {
    const container = document.createElement('div');
    expect(showFirstScreen(stored('preview:rev-1'), container, '0.1.0 en')).toBe(true);
    expect(container.textContent).toBe('BudgetRename');
    expect(container.querySelector('input')!.hasAttribute('autofocus')).toBe(true);
    expect([...container.querySelectorAll<HTMLElement>('a, button')].map((control) => control.inert)).toEqual([true, true]);
  });

  test('not shown when drawn by another version of the extension or in another language', () => {
    for (const made of ['0.2.0 en', '0.1.0 fr']) {
      const container = document.createElement('div');
      expect(showFirstScreen(stored('preview:rev-1'), container, made)).toBe(false);
      expect(container.childNodes).toHaveLength(0);
    }
  });

  test('not shown once the cache holds another listing, nor when anything is missing or unreadable', () => {
    for (const read of [stored('preview:rev-2'), {}, { ...stored('preview:rev-1'), firstScreen: '{' }, { ...stored('preview:rev-1'), listingPreview: 42 }]) {
      const container = document.createElement('div');
      expect(showFirstScreen(read, container, '0.1.0 en')).toBe(false);
      expect(container.childNodes).toHaveLength(0);
    }
  });

  test('says why it is not shown, for the bench to print beside an open that went without it', () => {
    expect(readFirstScreen(stored('preview:rev-1'), '0.1.0 en')).toEqual({ drawing });
    expect(readFirstScreen({ listingPreview: stored('preview:rev-1').listingPreview }, '0.1.0 en')).toEqual({ miss: 'no drawing was stored' });
    expect(readFirstScreen({ firstScreen: stored('preview:rev-1').firstScreen }, '0.1.0 en')).toEqual({ miss: 'the cache holds no first screen (listingPreview)' });
    expect(readFirstScreen({ ...stored('preview:rev-1'), firstScreen: '{' }, '0.1.0 en')).toEqual({ miss: 'the drawing or the first screen stored is not JSON' });
    expect(readFirstScreen(stored('preview:rev-2'), '0.1.0 en')).toEqual({
      miss: 'the drawing is of first screen preview:rev-1, the cache holds preview:rev-2: a listing was stored after the last drawing',
    });
    expect(readFirstScreen(stored('preview:rev-1'), '0.2.0 en')).toEqual({ miss: 'the drawing was made by "0.1.0 en", this popup is "0.2.0 en"' });
  });

  test('the first script reads the keys the storage items declare, and knows the drawing’s format', async () => {
    expect(firstScreenItem.key).toBe(FIRST_SCREEN_KEY);
    const source = await readFile(resolve(import.meta.dirname, '../../../src/popup/first-screen/first-screen-entry.ts'), 'utf8');
    expect(source).toContain(`['${firstScreenItem.key}', '${listingPreviewItem.key}']`);
    expect(source).toContain(`const FORMAT = ${FIRST_SCREEN_FORMAT};`);
  });
});

describe('keeping it for the next popup', () => {
  beforeEach(() => {
    vi.stubGlobal('innerHeight', 600);
  });

  test('drawn once the popup is at rest on a stored listing, not while it searches, renames or refreshes, and once a listing', async () => {
    const { root, store } = await renderedPopup('rev-9');
    const save = vi.fn();
    const idle: Array<() => void> = [];
    keepFirstScreen({ store, root, save, whenIdle: (task) => idle.push(task), version: '0.1.0', language: 'en' });
    expect(idle).toHaveLength(1);
    store.setQuery('bud');
    idle.shift()!();
    expect(save).not.toHaveBeenCalled();

    store.setQuery('');
    idle.shift()!();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ previewRevision: 'preview:rev-9', made: '0.1.0 en 2' });
    expect(JSON.stringify(save.mock.calls[0]![0].tree)).toContain('Budget');

    // A search cleared again shows the same first screen: not drawn again.
    store.setQuery('bud');
    store.setQuery('');
    expect(idle).toHaveLength(0);
  });

  test('not drawn while a document’s pages are unfolded, which the next popup opens folded: drawn once they are folded', async () => {
    const { root, store } = await renderedPopup('rev-9');
    const save = vi.fn();
    const idle: Array<() => void> = [];
    const budget = store.rows.value.find((row) => row.kind === 'document' && row.document.name === 'Budget');
    act(() => store.showPages(budget as Extract<typeof budget, { kind: 'document' }>, true));
    keepFirstScreen({ store, root, save, whenIdle: (task) => idle.push(task), version: '0.1.0', language: 'en' });
    expect(idle).toHaveLength(0);
    act(() => store.showPages(budget as Extract<typeof budget, { kind: 'document' }>, false));
    idle.shift()!();
    expect(save).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(save.mock.calls[0]![0].tree)).not.toContain('Reading pages');
  });

  test('not drawn while rows a keystroke brought wait for their buttons: drawn at the next idle moment after', async () => {
    const { root, store } = await renderedPopup('rev-9');
    const save = vi.fn();
    const idle: Array<() => void> = [];
    const waiting = document.createElement('li');
    waiting.className = 'document bare-1';
    root.querySelector('ul')!.append(waiting);
    keepFirstScreen({ store, root, save, whenIdle: (task) => idle.push(task), version: '0.1.0', language: 'en' });
    idle.shift()!();
    expect(save).not.toHaveBeenCalled();
    waiting.remove();
    idle.shift()!();
    expect(save).toHaveBeenCalledTimes(1);
  });

  test('never drawn while the Share panel is open, other people’s emails in it: drawn of the list alone once it is closed', async () => {
    // The panel's code, as the popup loads it once idle (main.tsx): not a wait of this test.
    await loadParts();
    const { root, store, backend } = await renderedPopup('rev-9');
    backend.readAccess.mockResolvedValue({ ok: true, value: BUDGET_ACCESS });
    act(() => store.openShare({ resource: BUDGET, name: 'Budget', url: 'https://docs.getgrist.com/doc/budgetDoc00000000000', row: null, opener: { key: 'budget', selector: 'a' } }));
    await screen.findByText('ann.other@example.com', {}, { timeout: 5000 });
    const save = vi.fn();
    const idle: Array<() => void> = [];
    keepFirstScreen({ store, root, save, whenIdle: (task) => idle.push(task), version: '0.1.0', language: 'en' });
    runIdle(idle);
    expect(save).not.toHaveBeenCalled();

    act(() => store.closeShare());
    await waitFor(() => expect(screen.queryByText('ann.other@example.com')).toBeNull());
    runIdle(idle);
    expect(save).toHaveBeenCalledTimes(1);
    const stored = JSON.stringify(save.mock.calls[0]![0]);
    expect(stored).toContain('Budget');
    expect(stored).not.toContain('ann.other@example.com');
    expect(stored).not.toContain('share-panel');
  });

  test('not drawn while the People, History or Trash view shows in place of the list', async () => {
    await loadParts();
    const { root, store, backend } = await renderedPopup('rev-9');
    backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
    backend.readTrash.mockResolvedValue({ ok: true, value: [] });
    for (const view of ['People', 'History', 'Trash']) {
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
      fireEvent.click(screen.getByRole('menuitem', { name: view }));
      await screen.findByRole('button', { name: 'Back to documents' }, { timeout: 5000 });
      const save = vi.fn();
      keepFirstScreen({ store, root, save, whenIdle: (task) => task(), version: '0.1.0', language: 'en' });
      expect(save).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
      await screen.findByRole('link', { name: 'Open Budget' });
    }
  });

  test('the list at rest is the only thing drawn: nothing beside it in its area, over it, in its place or open in it', async () => {
    const { root } = await renderedPopup('rev-9');
    const view = root.firstElementChild!;
    const area = view.querySelector('.list-area')!;
    const holder = area.querySelector('.list-holder')!;
    expect(showsListOnly(view)).toBe(true);
    // Each a way the view may come to hold more than the list, and how it goes again.
    const open: Array<() => () => void> = [
      () => {
        // A panel beside the list, whatever its class (as the Share panel is).
        const panel = document.createElement('section');
        area.append(panel);
        return () => panel.remove();
      },
      () => {
        holder.setAttribute('inert', '');
        return () => holder.removeAttribute('inert');
      },
      () => {
        // A view in place of the list.
        area.remove();
        return () => view.append(area);
      },
      () => {
        // The title bar's menu open (its header is drawn): the next popup opens with it closed.
        const menuButton = view.querySelector('header button[aria-haspopup="menu"]')!;
        fireEvent.click(menuButton);
        expect(view.querySelector('header [role="menu"]')).not.toBeNull();
        return () => fireEvent.click(menuButton);
      },
      ...['<input>', '<select></select>', '<ul role="menu"></ul>', '<div role="dialog"></div>'].map((markup) => () => {
        const row = holder.querySelector('li')!;
        row.insertAdjacentHTML('beforeend', markup);
        const added = row.lastElementChild!;
        return () => added.remove();
      }),
    ];
    for (const make of open) {
      const close = make();
      expect(showsListOnly(view)).toBe(false);
      close();
      expect(showsListOnly(view)).toBe(true);
    }

    // Drawn of the header, the status line and the list only: what else the view holds is left out.
    expect(drawFirstScreen(view, Infinity)).toEqual(takeSnapshot(view, Infinity));
    const aside = document.createElement('aside');
    aside.textContent = 'ann.other@example.com';
    view.append(aside);
    expect(JSON.stringify(drawFirstScreen(view, Infinity))).not.toContain('ann.other@example.com');
  });

  test('a drawing of an older format (which may picture a panel) is not shown', () => {
    expect(firstScreenMade('0.1.0', 'en')).toBe(`0.1.0 en ${FIRST_SCREEN_FORMAT}`);
    const container = document.createElement('div');
    const older = { firstScreen: JSON.stringify({ previewRevision: 'preview:r', made: '0.1.0 en', tree: ['main', {}, ['Ann']] }), listingPreview: JSON.stringify({ ...listing('x'), revision: 'preview:r' }) };
    expect(showFirstScreen(older, container, firstScreenMade('0.1.0', 'en'))).toBe(false);
    expect(container.childNodes).toHaveLength(0);
  });

  test('not drawn from the cache’s first screen alone', () => {
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    const save = vi.fn();
    const store = { loaded: signal(true), refreshing: signal(false), query: signal(''), renames: signal(new Map()), moving: signal(null), sharing: signal(null), revision: signal<string | undefined>('preview:rev-1'), unfoldedPages: signal(new Set<string>()) };
    keepFirstScreen({ store, root, save, whenIdle: (task) => task(), version: '0.1.0', language: 'en' });
    expect(save).not.toHaveBeenCalled();
  });
});

describe('handing the page over to the popup', () => {
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (task: () => void) => setTimeout(task, 0));
  });

  test('what was typed in the drawing is searched for, and the focus moves to the view', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<input type="search">';
    const root = document.createElement('div');
    root.innerHTML = '<input type="search">';
    document.body.append(container, root);
    const early = container.querySelector('input')!;
    early.value = 'bud';
    early.focus();
    const loaded = signal(false);
    const setQuery = vi.fn();
    takeOverFirstScreen(container, root, { loaded, setQuery });
    expect(setQuery).toHaveBeenLastCalledWith('bud');

    early.value = 'budg';
    early.dispatchEvent(new Event('input', { bubbles: true }));
    expect(setQuery).toHaveBeenLastCalledWith('budg');
    expect(container.isConnected).toBe(true);

    // The view shows what the store was told.
    root.querySelector('input')!.value = 'budg';
    loaded.value = true;
    await waitFor(() => expect(container.isConnected).toBe(false));
    expect(document.activeElement).toBe(root.querySelector('input'));
  });
});
