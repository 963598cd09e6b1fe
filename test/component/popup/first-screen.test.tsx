// @vitest-environment jsdom
/**
 * The popup's first screen (issue 16): drawn from the rendered popup, stored, shown by the next
 * popup's first script only while the cache holds the same first screen, as text and safe
 * attributes only, and handed over to the popup's view with what was typed.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { signal } from '@preact/signals';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { App } from '../../../src/popup/app.tsx';
import { buildSnapshot, showFirstScreen } from '../../../src/popup/first-screen/first-screen.ts';
import { takeOverFirstScreen } from '../../../src/popup/first-screen/first-screen-handover.ts';
import { keepFirstScreen, takeSnapshot } from '../../../src/popup/first-screen/snapshot.ts';
import { createPopupStore } from '../../../src/popup/store.ts';
import { FIRST_SCREEN_KEY, type FirstScreen } from '../../../src/shared/first-screen.ts';
import type { Listing } from '../../../src/shared/listing.ts';
import { firstScreenItem, listingPreviewItem } from '../../../src/shared/storage-items.ts';
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
  return { root: container as HTMLElement, store };
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

  test('the first script reads the keys the storage items declare', async () => {
    expect(firstScreenItem.key).toBe(FIRST_SCREEN_KEY);
    const source = await readFile(resolve(import.meta.dirname, '../../../src/popup/first-screen/first-screen-entry.ts'), 'utf8');
    expect(source).toContain(`['${firstScreenItem.key}', '${listingPreviewItem.key}']`);
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
    expect(save.mock.calls[0]![0]).toMatchObject({ previewRevision: 'preview:rev-9', made: '0.1.0 en' });
    expect(JSON.stringify(save.mock.calls[0]![0].tree)).toContain('Budget');

    // A search cleared again shows the same first screen: not drawn again.
    store.setQuery('bud');
    store.setQuery('');
    expect(idle).toHaveLength(0);
  });

  test('not drawn while rows a keystroke brought wait for their buttons: drawn at the next idle moment after', async () => {
    const { root, store } = await renderedPopup('rev-9');
    const save = vi.fn();
    const idle: Array<() => void> = [];
    const waiting = document.createElement('li');
    waiting.className = 'document bare-3';
    root.querySelector('ul')!.append(waiting);
    keepFirstScreen({ store, root, save, whenIdle: (task) => idle.push(task), version: '0.1.0', language: 'en' });
    idle.shift()!();
    expect(save).not.toHaveBeenCalled();
    waiting.remove();
    idle.shift()!();
    expect(save).toHaveBeenCalledTimes(1);
  });

  test('not drawn from the cache’s first screen alone', () => {
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    const save = vi.fn();
    const store = { loaded: signal(true), refreshing: signal(false), query: signal(''), renames: signal(new Map()), revision: signal<string | undefined>('preview:rev-1') };
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
