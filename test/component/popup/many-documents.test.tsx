// @vitest-environment jsdom
/**
 * The popup with 20,000 documents: its first screen, search and keys stay quick and correct.
 */
import { act, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { DocumentEntry, Listing, SiteEntry } from '../../../src/shared/protocol/listing.ts';
import { FIRST_SCREEN_ROWS } from '../../../src/listing-view/row-window.ts';
import { documentEntry as doc } from '../../setup/listings.ts';
import { setupPopupTests, setup, searchBox, type, backToDocuments, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

// --- At scale -------------------------------------------------------------------------------------

// Rendering 20,000 documents in jsdom is CPU work of seconds, whatever the code's speed (that is the
// bench's to measure, not a test's): the harness's 5 s limit per test would fail a slow machine.
describe('a listing of 20,000 documents', { timeout: 20_000 }, () => {
  const SITES = 50;
  const WORKSPACES_PER_SITE = 2;
  const DOCUMENTS_PER_WORKSPACE = 200;
  /** Far down the list: in the next-to-last site. */
  const NEEDLE = doc('needleDoc00000000000', 'Haystack needle', { updatedAt: '2020-01-01T00:00:00.000Z' });

  /** Documents named "Doc <site>.<workspace>.<n>", listed in order of n (newest first). */
  function bigListing(): Listing {
    const sites: SiteEntry[] = [];
    for (let siteNumber = 1; siteNumber <= SITES; siteNumber++) {
      const workspaces = [];
      for (let workspaceNumber = 1; workspaceNumber <= WORKSPACES_PER_SITE; workspaceNumber++) {
        const documents: DocumentEntry[] = [];
        for (let index = 0; index < DOCUMENTS_PER_WORKSPACE; index++) {
          documents.push(
            doc(`d${siteNumber}x${workspaceNumber}x${String(index).padStart(3, '0')}`.padEnd(22, '0'), `Doc ${siteNumber}.${workspaceNumber}.${index}`, {
              updatedAt: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString(),
            }),
          );
        }
        workspaces.push({ id: siteNumber * 10 + workspaceNumber, name: `Workspace ${siteNumber}.${workspaceNumber}`, documents });
      }
      sites.push({
        account: 'a1',
        orgId: siteNumber,
        name: `Site ${siteNumber}`,
        domain: `site${siteNumber}`,
        personal: false,
        siteUrl: `https://site${siteNumber}.getgrist.com`,
        workspaces,
      });
    }
    sites[SITES - 2]!.workspaces[1]!.documents[DOCUMENTS_PER_WORKSPACE - 1] = NEEDLE;
    return { fetchedAt: 2, sites };
  }

  /** The height the popup gives the list; jsdom has no layout, so every element reports it. */
  const VIEWPORT_HEIGHT = 450;

  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT_HEIGHT);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function results(): HTMLElement {
    return document.querySelector<HTMLElement>('.results')!;
  }

  function renderedNames(): string[] {
    return screen.queryAllByRole('link').map((link) => link.textContent ?? '');
  }

  /** The height of the rows not rendered: how far the list scrolls past those it shows. */
  function leftOut(): number {
    return [...results().querySelectorAll<HTMLElement>('.gap')].reduce((sum, gap) => sum + parseFloat(gap.style.height), 0);
  }

  /** Scrolls the list as a user would, and lets the frame that re-slices it run. */
  async function scrollTo(top: number): Promise<void> {
    await act(async () => {
      results().scrollTop = top;
      fireEvent.scroll(results());
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    });
  }

  test('renders only the rows near the viewport, in a list as tall as all of them', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });

    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(200);
    expect(renderedNames().slice(0, 3)).toEqual(['Doc 1.1.0', 'Doc 1.1.1', 'Doc 1.1.2']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Site 1']);
    expect(screen.getByRole('region', { name: 'Site 1' })).toBeTruthy();
    // The spacer below stands for every row not rendered: the scrollbar is the full list's.
    const spacers = [...results().querySelectorAll<HTMLElement>('.gap')];
    const documentRows = SITES * WORKSPACES_PER_SITE * DOCUMENTS_PER_WORKSPACE;
    expect(spacers.reduce((sum, spacer) => sum + parseFloat(spacer.style.height), 0)).toBeGreaterThan((documentRows - items.length) * 30);
  });

  test('scrolling renders the rows that come into view and drops those that leave it', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });

    // Each site is 34 + 2 × (28 + 200 × 30) = 12,090 px tall: 300,000 px is deep in site 25.
    await scrollTo(300_000);
    const names = renderedNames();
    expect(names).not.toContain('Doc 1.1.0');
    expect(names.length).toBeLessThan(200);
    expect(names.every((name) => name.startsWith('Doc 25.'))).toBe(true);
    // Its heading is far above, but the rows are still in a region named after the site.
    expect(screen.queryByRole('heading', { level: 2, name: 'Site 25' })).toBeNull();
    const site = screen.getByRole('region', { name: 'Site 25' });
    expect(within(site).getAllByRole('listitem')).toHaveLength(names.length);

    await scrollTo(0);
    expect(renderedNames().slice(0, 2)).toEqual(['Doc 1.1.0', 'Doc 1.1.1']);
    expect(screen.queryByRole('region', { name: 'Site 25' })).toBeNull();
  });

  test('search finds matches anywhere in the listing, far beyond the first screen', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    expect(screen.queryByRole('link', { name: 'Open Haystack needle' })).toBeNull();

    type(searchBox(), 'NEEDLE');
    expect(renderedNames()).toEqual(['Haystack needle']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([`Site ${SITES - 1}`]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([`Workspace ${SITES - 1}.2`]);

    // A search matching a few hundred documents across every site renders only its first screens.
    type(searchBox(), '.199');
    expect(renderedNames()[0]).toBe('Doc 1.1.199');
    expect(screen.getAllByRole('listitem').length).toBeLessThan(SITES * WORKSPACES_PER_SITE);
    type(searchBox(), '');
    expect(renderedNames()[0]).toBe('Doc 1.1.0');
  });

  /** Lets the frame after a keystroke be painted, and what the popup does once it is. */
  async function afterPaint(): Promise<void> {
    await act(async () => {
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    });
  }

  // jsdom lays nothing out: the list's viewport is then its default, Chrome's 600 px popup
  // (results-list.tsx). The rows a keystroke shows first are those in it: at most this many.
  const IN_VIEW = Math.ceil(600 / 30) + 1;

  test('a keystroke that changes the results renders the rows in view; those beyond follow once they are painted', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });

    type(searchBox(), '.17');
    expect(renderedNames()[0]).toBe('Doc 1.1.17');
    expect(renderedNames().length).toBeLessThanOrEqual(IN_VIEW);
    // The next keystroke comes before the frame: still only what is in view, now of its results.
    type(searchBox(), '.1');
    const inView = renderedNames();
    expect(inView.slice(0, 2)).toEqual(['Doc 1.1.0', 'Doc 1.1.1']);
    // The 600 px viewport is filled: "Doc 1.1.17" ends at 34 + 28 + 18 × 30 = 602 px.
    expect(inView).toContain('Doc 1.1.17');
    expect(inView).not.toContain('Doc 1.1.18');

    await afterPaint();
    expect(renderedNames().slice(0, 2)).toEqual(['Doc 1.1.0', 'Doc 1.1.1']);
    // Rows below the viewport, ready for scrolling (OVERSCAN, listing-rows.ts).
    expect(renderedNames().length).toBeGreaterThan(IN_VIEW + 15);
  });

  test('a keystroke’s results past its first screen come once it is painted: until then the list reaches no further', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), '.1');
    expect(leftOut()).toBeGreaterThan(0);
    expect(leftOut()).toBeLessThan(FIRST_SCREEN_ROWS * 30);
    await afterPaint();
    // Every site’s "Doc N.1.…" alone: 50 × 200 rows of 30 px.
    expect(leftOut()).toBeGreaterThan(300_000);
  });

  test('a list shown again before its first screen was painted asks for the rest of the results', async () => {
    const popup = await setup({ refresh: { ok: true, value: bigListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
    type(searchBox(), '.1');
    // The history in the list's place, at once, and back: the list is drawn anew, whole.
    chooseInTitleMenu('History');
    expect(document.querySelector('.results')).toBeNull();
    backToDocuments();
    await act(async () => {});
    expect(leftOut()).toBeGreaterThan(300_000);
  });

  test('the documents a keystroke brings show their buttons and their time’s tooltip once painted; those it keeps have them all along', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    // Shown before the search, buttons and all: "Doc 1.1.17" (in view), not "Doc 1.1.170" (far below).
    type(searchBox(), '.17');
    expect(renderedNames().slice(0, 2)).toEqual(['Doc 1.1.17', 'Doc 1.1.170']);
    expect(screen.getByRole('button', { name: 'Rename Doc 1.1.17' })).toBeTruthy();
    const brought = screen.getByRole('link', { name: 'Open Doc 1.1.170' }).closest('li')!;
    expect(within(brought).queryAllByRole('button')).toEqual([]);
    expect(brought.querySelector('time')!.hasAttribute('title')).toBe(false);
    // Their room is kept: More actions' and the pages' expand button, the buttons that have a room of their own (popup.css).
    expect(brought.className).toBe('document bare-1');

    await afterPaint();
    expect(screen.getByRole('link', { name: 'Open Doc 1.1.170' }).closest('li')).toBe(brought);
    expect(within(brought).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Show pages of Doc 1.1.170', 'Rename Doc 1.1.170', 'More actions for Doc 1.1.170']);
    expect(brought.className).toBe('document');
    expect(brought.querySelector('time')!.title).toMatch(/^Changed /);
  });

  test('a list the results left short keeps its tallest height: the keystroke that fills it again renders the rows of that height', async () => {
    const reports: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          reports.push(report);
        }
        observe(): void {}
        disconnect(): void {}
      },
    );
    let height = VIEWPORT_HEIGHT;
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => height);
    /** The browser lays the page out and tells the list its height. */
    const laidOut = (next: number) => {
      height = next;
      act(() => reports.forEach((report) => report()));
    };
    try {
      await setup({ refresh: { ok: true, value: bigListing() } });
      laidOut(VIEWPORT_HEIGHT);
      type(searchBox(), 'zzz');
      // No results: the popup shrinks the list to its padding.
      laidOut(12);
      type(searchBox(), '.1');
      // 450 px: "Doc 1.1.12" spans 34 + 28 + 12 × 30 = 422 to 452 px.
      expect(renderedNames()).toEqual(Array.from({ length: 13 }, (_, index) => `Doc 1.1.${index}`));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('a keystroke back to the query last shown whole, before the rows beyond came, renders only the rows in view', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), '.1');
    await afterPaint();
    expect(renderedNames().length).toBeGreaterThan(IN_VIEW + 15);

    // Typing on and back, one keystroke a frame: each changes the results.
    type(searchBox(), '.17');
    type(searchBox(), '.1');
    expect(renderedNames()[0]).toBe('Doc 1.1.0');
    expect(renderedNames().length).toBeLessThanOrEqual(IN_VIEW);
    await afterPaint();
    expect(renderedNames().length).toBeGreaterThan(IN_VIEW + 15);
  });

  test('scrolled before the rows beyond the viewport came, the list shows every row in view, and those beyond', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), '.1');
    expect(renderedNames()).not.toContain('Doc 1.1.25');
    // Rows 390 to 990 px are in view; "Doc 1.1.30" spans 62 + 30 × 30 = 962 to 992 px.
    await scrollTo(390);
    expect(renderedNames()).toContain('Doc 1.1.30');
    // And below the viewport, ready for more scrolling.
    expect(renderedNames()).toContain('Doc 1.1.45');
  });

  test('a keystroke that keeps the results re-renders no row in view: only the marks move', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    type(searchBox(), 'do');
    await afterPaint();
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(IN_VIEW);
    expect(items[0]!.querySelector('mark')?.textContent).toBe('Do');

    // Every name that holds "do" holds "doc": the rows in view are the same elements. The
    // keystroke's results are their first screen (store.ts): the rows beyond the viewport come
    // back after the frame, as after any keystroke that changes the rows.
    type(searchBox(), 'doc');
    const inView = screen.getAllByRole('listitem');
    expect(inView.length).toBeLessThanOrEqual(IN_VIEW);
    inView.forEach((item, index) => expect(item).toBe(items[index]));
    expect(items[0]!.querySelector('mark')?.textContent).toBe('Doc');
    await afterPaint();
    expect(screen.getAllByRole('listitem')).toHaveLength(items.length);
  });

  test('a rename keeps the rows beyond the viewport rendered, after a search too', async () => {
    const popup = await setup({ refresh: { ok: true, value: bigListing() } });
    // A search whose last keystroke kept the results: what a rename is then compared with.
    type(searchBox(), 'do');
    await afterPaint();
    type(searchBox(), 'doc');
    await afterPaint();
    // Below the viewport (and below where the taller field pushes the last rows out).
    const below = screen.getAllByRole('listitem')[IN_VIEW + 5]!;
    fireEvent.click(screen.getByRole('button', { name: 'Rename Doc 1.1.2' }));
    const input = screen.getByRole('textbox', { name: 'New name for Doc 1.1.2' });
    type(input, 'Doc renamed');
    fireEvent.keyDown(input, { key: 'Enter' });
    await popup.answerRename({ ok: true, value: { name: 'Doc renamed', entryId: 'entry-1' } });
    expect(screen.getByRole('link', { name: 'Open Doc renamed' })).toBeTruthy();
    expect(below.isConnected).toBe(true);
  });

  test('a search starts at the top of its results', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    await scrollTo(300_000);
    type(searchBox(), 'doc 1.');
    expect(results().scrollTop).toBe(0);
    expect(renderedNames()[0]).toBe('Doc 1.1.0');
  });

  test('the arrow keys reach documents that were not rendered yet, scrolling them into view', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    const links = screen.getAllByRole('link');
    const last = links[links.length - 1]!;
    const [, , lastIndex] = last.textContent!.replace('Doc ', '').split('.').map(Number);
    const next = `Doc 1.1.${lastIndex! + 1}`;
    expect(screen.queryByRole('link', { name: `Open ${next}` })).toBeNull();

    last.focus();
    await act(async () => {
      fireEvent.keyDown(last, { key: 'ArrowDown' });
    });
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute('aria-label')).toBe(`Open ${next}`);
    expect(results().scrollTop).toBeGreaterThan(0);

    // Up from the first rendered document of a later screen, to one above the rendered rows.
    await scrollTo(300_000);
    const first = screen.getAllByRole('link')[0]!;
    const [siteNumber, workspaceNumber, index] = first.textContent!.replace('Doc ', '').split('.').map(Number);
    first.focus();
    await act(async () => {
      fireEvent.keyDown(first, { key: 'ArrowUp' });
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(`Open Doc ${siteNumber}.${workspaceNumber}.${index! - 1}`);
  });

  test('the row holding focus stays rendered, and focused, while the list scrolls far away and back', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    const link = screen.getByRole('link', { name: 'Open Doc 1.1.3' });
    link.focus();

    await scrollTo(300_000);
    expect(document.activeElement).toBe(link);
    expect(link.isConnected).toBe(true);
    // Still in its own site's region, which holds nothing else of that site.
    expect(within(screen.getByRole('region', { name: 'Site 1' })).getAllByRole('link')).toEqual([link]);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(200);

    await scrollTo(0);
    expect(document.activeElement).toBe(link);
    expect(screen.getByRole('link', { name: 'Open Doc 1.1.3' })).toBe(link);
  });

  test('a rename in progress survives its row scrolling out of view and back', async () => {
    await setup({ refresh: { ok: true, value: bigListing() } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Doc 1.1.2' }));
    type(screen.getByRole('textbox', { name: 'New name for Doc 1.1.2' }), 'Doc renamed');
    // Focus elsewhere, so nothing keeps the row rendered.
    searchBox().focus();

    await scrollTo(300_000);
    expect(screen.queryByRole('textbox', { name: 'New name for Doc 1.1.2' })).toBeNull();

    await scrollTo(0);
    const input = screen.getByRole('textbox', { name: 'New name for Doc 1.1.2' }) as HTMLInputElement;
    expect(input.value).toBe('Doc renamed');
    // Rows below the field make room for it: the next document still follows it.
    expect(renderedNames().slice(0, 3)).toEqual(['Doc 1.1.0', 'Doc 1.1.1', 'Doc 1.1.3']);
  });
});
