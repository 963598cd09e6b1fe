// @vitest-environment jsdom
/**
 * The document window as a user meets it: rendered with a fake backend, a fake window closer and a
 * fake tab reloader, checked through roles, accessible names and visible text.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DocumentWindowApp, NOT_OWNER_MESSAGE } from '../../src/document-window/app.tsx';
import { readWindowParameters } from '../../src/document-window/window-parameters.ts';
import { createDocumentWindowStore, DEFAULT_TITLE, NO_DOCUMENT_MESSAGE } from '../../src/document-window/store.ts';
import { fail, ok, type ErrorValue } from '../../src/shared/errors.ts';
import type { DocumentAtUrl, Reply } from '../../src/shared/messages.ts';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../src/shared/document-name.ts';
import type { Listing } from '../../src/shared/listing.ts';
import { deferred } from '../setup/deferred.ts';
import { personalSiteEntry, siteEntry, workspaceEntry } from '../setup/listings.ts';

afterEach(() => {
  cleanup();
  document.title = '';
});

// --- Fixtures -------------------------------------------------------------------------------------

const PAGE_URL = 'https://docs.getgrist.com/budgetDoc000/Budget';
const TAB_ID = 42;

function documentAtUrl(extra: Partial<DocumentAtUrl> = {}): DocumentAtUrl {
  return {
    kind: 'document',
    account: 'a1',
    orgId: 1,
    siteUrl: 'https://docs.getgrist.com',
    docId: 'budgetDoc000000000000',
    name: 'Budget',
    canRename: true,
    siteName: 'Personal',
    workspace: { id: 10, name: 'Home' },
    ...extra,
  };
}

/** An empty workspace on which the user has `access`. */
const workspace = (id: number, name: string, access = 'owners') => workspaceEntry(id, name, [], { access });

/**
 * The cached listing: the document's personal site (Home, where it is, and Archive), and the team
 * site Globex on the same server (Clients; Reports, where the user is a viewer).
 */
const LISTING = {
  sites: [
    personalSiteEntry([workspace(10, 'Home'), workspace(11, 'Archive')], { domain: null }),
    siteEntry(6, 'Globex', [workspace(20, 'Clients', 'editors'), workspace(21, 'Reports', 'viewers')], { siteUrl: 'https://globex.getgrist.com' }),
  ],
} as unknown as Listing;

interface SetupOptions {
  pageUrl?: string | null;
  tabId?: number | null;
  /** The answer to `getDocumentAtUrl`; when absent it stays pending until `answerLookup`. */
  lookup?: Reply<'getDocumentAtUrl'>;
  /** The cached listing the window reads for Move to…; LISTING when absent. */
  listing?: Listing | null;
}

/** Renders the dialog with fakes; rename replies and the tab reload are answered by the test. */
async function openDialog({ pageUrl = PAGE_URL, tabId = TAB_ID, lookup, listing = LISTING }: SetupOptions = {}) {
  const lookupReply = deferred<Reply<'getDocumentAtUrl'>>();
  const renameReplies: Array<ReturnType<typeof deferred<Reply<'renameDocumentAtUrl'>>>> = [];
  const undoReplies: Array<ReturnType<typeof deferred<Reply<'undoChange'>>>> = [];
  const moveReplies: Array<ReturnType<typeof deferred<Reply<'moveDocument'>>>> = [];
  const backend = {
    undoChange: vi.fn((_request: { entryId: string; docId: string; force?: boolean }) => {
      const reply = deferred<Reply<'undoChange'>>();
      undoReplies.push(reply);
      return reply.promise;
    }),
    getDocumentAtUrl: vi.fn((_request: { pageUrl: string }) => (lookup ? Promise.resolve(lookup) : lookupReply.promise)),
    renameDocumentAtUrl: vi.fn((_request: { pageUrl: string; name: string }) => {
      const reply = deferred<Reply<'renameDocumentAtUrl'>>();
      renameReplies.push(reply);
      return reply.promise;
    }),
    // Answered like renameDocumentAtUrl, in the same list: a rename goes by one or the other.
    renameDocument: vi.fn((_request: { orgId: number; docId: string; name: string }) => {
      const reply = deferred<Reply<'renameDocument'>>();
      renameReplies.push(reply);
      return reply.promise;
    }),
    moveDocument: vi.fn((_request: { orgId: number; docId: string; to: { orgId: number; workspaceId: number } }) => {
      const reply = deferred<Reply<'moveDocument'>>();
      moveReplies.push(reply);
      return reply.promise;
    }),
    removeDocument: vi.fn(async (_request: { orgId: number; siteUrl?: string; docId: string; source?: string }): Promise<Reply<'removeDocument'>> => ({ ok: true, value: { entryId: 'trash-1' } })),
  };
  const readCachedListing = vi.fn(async () => listing);
  const reload = deferred<void>();
  const closeWindow = vi.fn();
  const reloadTab = vi.fn((_tabId: number) => reload.promise);
  const openOptions = vi.fn();
  const store = createDocumentWindowStore({ backend, readCachedListing, pageUrl, tabId, closeWindow, reloadTab, openOptions });
  render(<DocumentWindowApp store={store} />);
  let started!: Promise<void>;
  await act(async () => {
    started = store.start();
    if (lookup || !pageUrl) await started;
  });
  return {
    backend,
    readCachedListing,
    closeWindow,
    reloadTab,
    openOptions,
    async answerLookup(reply: Reply<'getDocumentAtUrl'>) {
      await act(async () => {
        lookupReply.resolve(reply);
        await started;
      });
    },
    async failLookup(error: Error) {
      await act(async () => {
        lookupReply.reject(error);
        await started;
      });
    },
    async answerRename(reply: Reply<'renameDocumentAtUrl'>, index = 0) {
      await act(async () => {
        renameReplies[index]?.resolve(reply);
        await renameReplies[index]?.promise;
      });
    },
    async answerMove(reply: Reply<'moveDocument'>, index = 0) {
      await act(async () => {
        moveReplies[index]?.resolve(reply);
        await moveReplies[index]?.promise;
      });
    },
    async answerUndo(reply: Reply<'undoChange'>, index = 0) {
      await act(async () => {
        undoReplies[index]?.resolve(reply);
        await undoReplies[index]?.promise;
      });
    },
    async finishReload(error?: Error) {
      await act(async () => {
        if (error) reload.reject(error);
        else reload.resolve();
        await reload.promise.catch(() => undefined);
      });
    },
  };
}

/** Opens the dialog on an owned document (or `extra`) with the lookup already answered. */
function openOwnedDocument(extra: Partial<DocumentAtUrl> = {}, options: SetupOptions = {}) {
  return openDialog({ lookup: ok(documentAtUrl(extra)), ...options });
}

function nameField(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'New name' });
}

function type(text: string): void {
  fireEvent.input(nameField(), { target: { value: text } });
}

function pressEnter(target: Element = nameField(), init: KeyboardEventInit = {}): void {
  fireEvent.keyDown(target, { key: 'Enter', ...init });
}

function pressEscape(target: Element = nameField(), init: KeyboardEventInit = {}): void {
  fireEvent.keyDown(target, { key: 'Escape', ...init });
}

function statusText(): string {
  return screen.getByRole('status').textContent ?? '';
}

const refused: ErrorValue = { kind: 'forbidden', status: 403, message: 'Grist refused the rename: you are no longer an owner.' };

// --- Loading ----------------------------------------------------------------------------------------

describe('opening', () => {
  test('asks for the document at the URL, says Loading…, then shows its name in the title and heading', async () => {
    const dialog = await openDialog();
    expect(dialog.backend.getDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL });
    expect(statusText()).toBe('Loading…');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(DEFAULT_TITLE);

    await dialog.answerLookup(ok(documentAtUrl()));
    expect(screen.getByRole('heading', { level: 1, name: 'Rename “Budget”' })).toBeTruthy();
    expect(document.title).toBe('Rename “\u2068Budget\u2069”');
    expect(statusText()).toBe('');
  });

  test('prefills the field with the current name, focused and selected so typing replaces it', async () => {
    await openOwnedDocument();
    const field = nameField();
    expect(field.value).toBe('Budget');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Budget'.length]);
    expect(screen.getByRole('button', { name: 'Rename' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  test('without a URL says at once that the tab is not a document, with only Close', async () => {
    const dialog = await openDialog({ pageUrl: null, tabId: null });
    expect(dialog.backend.getDocumentAtUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(NO_DOCUMENT_MESSAGE);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('shows why the document could not be found, with only Close', async () => {
    const message = 'This page is not a Grist document of your sites.';
    await openDialog({ lookup: fail({ kind: 'not-found', message }) });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(DEFAULT_TITLE);
  });

  test('a background that throws instead of answering still ends in a message', async () => {
    const dialog = await openDialog();
    await dialog.failLookup(new Error('Could not establish connection.'));
    expect(screen.getByRole('alert').textContent).toContain('background worker did not answer');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  test('a non-owner is told why, with no field and no Rename button', async () => {
    await openOwnedDocument({ canRename: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Rename “Budget”' })).toBeTruthy();
    expect(statusText()).toBe(NOT_OWNER_MESSAGE.document);
    expect(NOT_OWNER_MESSAGE.document).toBe('Only owners can rename a document in Grist, and you are not an owner of this document.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  test('a workspace page: a non-owner is told it is a workspace', async () => {
    await openOwnedDocument({ kind: 'workspace', docId: 'workspace:7', name: 'Engineering', canRename: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Rename “Engineering”' })).toBeTruthy();
    expect(statusText()).toBe('Only owners can rename a workspace in Grist, and you are not an owner of this workspace.');
  });
});

// --- Renaming ---------------------------------------------------------------------------------------

describe('renaming', () => {
  test('Enter sends the trimmed name exactly once, says Renaming…, then confirms', async () => {
    const dialog = await openOwnedDocument();
    type('  Budget 2025  ');
    pressEnter();
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));

    expect(dialog.backend.renameDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL, name: 'Budget 2025', source: 'page' });
    expect(statusText()).toBe('Renaming…');
    expect((screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    await dialog.answerRename(ok({ name: 'Budget 2025', entryId: 'entry-1' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Renamed to “Budget 2025”.');
    expect(statusText()).toContain('The document’s tab still shows the old name.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload tab' }));
    expect(dialog.closeWindow).not.toHaveBeenCalled();
  });

  test('the Rename button submits the form', async () => {
    const dialog = await openOwnedDocument();
    type('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(dialog.backend.renameDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL, name: 'Plan', source: 'page' });
  });

  test('the confirmation shows the name Grist stored', async () => {
    const dialog = await openOwnedDocument();
    type('Plan');
    pressEnter();
    await dialog.answerRename(ok({ name: 'Plan (stored)', entryId: 'entry-1' }));
    expect(statusText()).toContain('Renamed to “Plan (stored)”.');
  });

  test('Reload tab reloads the document’s tab, then closes the window', async () => {
    const dialog = await openOwnedDocument();
    type('Plan');
    pressEnter();
    await dialog.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reload tab' }));
    expect(dialog.reloadTab).toHaveBeenCalledExactlyOnceWith(TAB_ID);
    expect(dialog.closeWindow).not.toHaveBeenCalled();
    await dialog.finishReload();
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('a tab that cannot be reloaded is reported and the window stays open', async () => {
    const dialog = await openOwnedDocument();
    type('Plan');
    pressEnter();
    await dialog.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reload tab' }));
    await dialog.finishReload(new Error('No tab with id: 42.'));
    expect(screen.getByRole('alert').textContent).toContain('Could not reload the document’s tab');
    expect(dialog.closeWindow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('without a tab there is no Reload button: Close takes focus', async () => {
    const dialog = await openOwnedDocument({}, { tabId: null });
    type('Plan');
    pressEnter();
    await dialog.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));

    expect(statusText()).toBe('Renamed to “Plan”.');
    expect(screen.queryByRole('button', { name: 'Reload tab' })).toBeNull();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
    expect(dialog.reloadTab).not.toHaveBeenCalled();
  });

  test('a refused rename keeps the typed text, shows the error and focuses the field again', async () => {
    const dialog = await openOwnedDocument();
    type('Budget 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await dialog.answerRename(fail(refused));

    const field = nameField();
    expect(field.value).toBe('Budget 2025');
    expect(screen.getByRole('alert').textContent).toBe(refused.message);
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(field);
    expect(statusText()).toBe('');

    // And the retry goes through.
    pressEnter();
    expect(dialog.backend.renameDocumentAtUrl).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await dialog.answerRename(ok({ name: 'Budget 2025', entryId: 'entry-1' }), 1);
    expect(statusText()).toContain('Renamed to “Budget 2025”.');
  });

  test('an empty name is refused next to the field, and nothing is sent', async () => {
    const dialog = await openOwnedDocument();
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));

    const field = nameField();
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Enter a name.');
    expect(document.activeElement).toBe(field);
    expect(dialog.closeWindow).not.toHaveBeenCalled();
  });

  test('a name longer than the limit is refused, and nothing is sent', async () => {
    const dialog = await openOwnedDocument();
    type('x'.repeat(MAX_DOCUMENT_NAME_LENGTH + 1));
    pressEnter();
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(`Use at most ${MAX_DOCUMENT_NAME_LENGTH} characters.`);
  });

  test('an unchanged name (spaces aside) closes the window without a call', async () => {
    const dialog = await openOwnedDocument();
    type(' Budget ');
    pressEnter();
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('Enter that confirms an IME composition does not submit', async () => {
    const dialog = await openOwnedDocument();
    type('予算');
    pressEnter(nameField(), { isComposing: true });
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    pressEnter();
    expect(dialog.backend.renameDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL, name: '予算', source: 'page' });
  });
});

// --- Cancelling ------------------------------------------------------------------------------------

describe('cancelling', () => {
  test('Escape in the field closes the window without a call', async () => {
    const dialog = await openOwnedDocument();
    type('Something else');
    pressEscape();
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
  });

  test('Escape also works from the buttons, and Cancel closes', async () => {
    const dialog = await openOwnedDocument();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    pressEscape(cancel);
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
    fireEvent.click(cancel);
    expect(dialog.closeWindow).toHaveBeenCalledTimes(2);
  });

  test('Escape that abandons an IME composition does not close', async () => {
    const dialog = await openOwnedDocument();
    pressEscape(nameField(), { isComposing: true });
    expect(dialog.closeWindow).not.toHaveBeenCalled();
  });

  test('Escape while the rename is on its way does not close (its answer would go unseen)', async () => {
    const dialog = await openOwnedDocument();
    type('Plan');
    pressEnter();
    pressEscape();
    expect(dialog.closeWindow).not.toHaveBeenCalled();
    await dialog.answerRename(ok({ name: 'Plan', entryId: 'entry-1' }));
    pressEscape(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });
});

// --- Untrusted names -----------------------------------------------------------------------------

describe('names from Grist', () => {
  const HTML_NAME = '<img src=x onerror="alert(1)"><b>Bold</b>';

  test('a name with HTML is shown as literal text, never as elements', async () => {
    const dialog = await openOwnedDocument({ name: HTML_NAME });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Rename “${HTML_NAME}”`);
    expect(document.title).toBe(`Rename “\u2068${HTML_NAME}\u2069”`);
    expect(nameField().value).toBe(HTML_NAME);
    expect(document.querySelector('img, b')).toBeNull();

    type(`${HTML_NAME}!`);
    pressEnter();
    await dialog.answerRename(ok({ name: `${HTML_NAME}!`, entryId: 'entry-1' }));
    expect(statusText()).toContain(`Renamed to “${HTML_NAME}!”.`);
    expect(document.querySelector('img, b')).toBeNull();
  });

  test('a 10,000-character name is shown in full in the field and as the heading’s tooltip', async () => {
    const longName = 'Quarterly budget '.repeat(600).slice(0, 10_000);
    await openOwnedDocument({ name: longName });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(`Rename “${longName}”`);
    expect(heading.getAttribute('title')).toBe(longName);
    expect(nameField().value).toBe(longName);
  });

  test.each([
    ['a script tag', '<script>document.title = "pwned"</script>'],
    ['right-to-left text', 'תקציב ميزانية 2026'],
    ['a bidi override', '\u202Egnp.exe'],
    ['zero-width characters', 'Bud\u200Bget\u200D\uFEFF'],
    ['emoji', '📊 Budget 👩‍👩‍👧‍👦'],
  ])('a name with %s sits in its own direction-isolated element in the heading', async (_what, name) => {
    await openOwnedDocument({ name });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(`Rename “${name}”`);
    expect(heading.getAttribute('title')).toBe(name);
    // Only the name is isolated, so "Rename" and the quotes keep their places around it.
    const isolated = heading.querySelectorAll('bdi');
    expect(isolated).toHaveLength(1);
    expect(isolated[0]!.textContent).toBe(name);
    expect(isolated[0]!.getAttribute('dir')).toBe('auto');
    expect(nameField().getAttribute('dir')).toBe('auto');
    expect(nameField().value).toBe(name);
    expect(document.querySelector('script')).toBeNull();
    // The window title cannot hold a <bdi>: the name is isolated there by U+2068 … U+2069, without
    // bidi controls of its own.
    expect(document.title).toBe(`Rename “\u2068${name.replace(/[\u202a-\u202e\u2066-\u2069]/g, '')}\u2069”`);
  });

  test('the window title holds a long name cut short, isolated, on one line (issue 11, finding 9)', async () => {
    const longName = `evil\n${'Quarterly budget '.repeat(600)}`.slice(0, 10_000);
    await openOwnedDocument({ name: longName });
    expect(document.title).toBe(`Rename “\u2068${`evil ${'Quarterly budget '.repeat(4)}`.slice(0, 59)}…\u2069”`);
    expect([...document.title.matchAll(/\u2068/g)]).toHaveLength(1);
  });

  test('a name cannot close the title’s isolate early, nor open one of its own', async () => {
    await openOwnedDocument({ name: 'a\u2069\u202Eevil\u2067' });
    expect(document.title).toBe('Rename “\u2068aevil\u2069”');
  });
});

// --- URL parameters --------------------------------------------------------------------------------

describe('readWindowParameters', () => {
  test('reads the page URL and the tab id', () => {
    const search = `?${new URLSearchParams({ url: PAGE_URL, tabId: '42' })}`;
    expect(readWindowParameters(search)).toEqual({ pageUrl: PAGE_URL, tabId: 42, source: 'page' });
    expect(readWindowParameters(`${search}&via=shortcut`).source).toBe('shortcut');
  });

  test('absent or unusable values are null', () => {
    expect(readWindowParameters('')).toEqual({ pageUrl: null, tabId: null, source: 'page' });
    expect(readWindowParameters('?url=&tabId=-1&via=evil')).toEqual({ pageUrl: null, tabId: null, source: 'page' });
    expect(readWindowParameters('?tabId=4.5').tabId).toBeNull();
    expect(readWindowParameters('?tabId=99999999999999999999').tabId).toBeNull();
  });
});

describe('a page the extension cannot rename from (issue 12, item 12)', () => {
  test('a document of a site not in the options offers Open options, which opens them and closes the window', async () => {
    const dialog = await openDialog({
      lookup: { ok: false, error: { kind: 'not-configured', message: 'This page is not on one of your Grist sites. Add its site in the extension’s options.' } },
    });
    expect(screen.getByRole('alert').textContent).toContain('Add its site');
    const open = screen.getByRole('button', { name: 'Open options' });
    expect(document.activeElement).toBe(open);
    await act(async () => {
      fireEvent.click(open);
      await Promise.resolve();
    });
    expect(dialog.openOptions).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog.closeWindow).toHaveBeenCalledTimes(1));
  });

  test('when the options cannot be opened, the window says so and stays', async () => {
    const dialog = await openDialog({ lookup: { ok: false, error: { kind: 'not-configured', message: 'Add its site.' } } });
    dialog.openOptions.mockRejectedValue(new Error('no'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/options/i);
    expect(dialog.closeWindow).not.toHaveBeenCalled();
  });

  test('a page that is not a Grist document says only that, with nothing to fix in the options', async () => {
    await openDialog({ lookup: { ok: false, error: { kind: 'not-found', message: 'This page is not a Grist document.' } } });
    expect(screen.getByRole('alert').textContent).toBe('This page is not a Grist document.');
    expect(screen.queryByRole('button', { name: 'Open options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});

describe('undo after a rename (issue 13)', () => {
  test('Undo puts the old name back through the worker, and says so', async () => {
    const dialog = await openOwnedDocument();
    type('Budget 2027');
    pressEnter();
    await dialog.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(dialog.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-7', docId: documentAtUrl().docId, force: false });
    await dialog.answerUndo(ok({ outcome: 'restored', name: 'Budget', entryId: 'entry-8' }));
    expect(statusText()).toContain('Restored “\u2068Budget\u2069”.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  test('renamed elsewhere since: said, and Restore anyway sends the undo with force', async () => {
    const dialog = await openOwnedDocument();
    type('Budget 2027');
    pressEnter();
    await dialog.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await dialog.answerUndo(ok({ outcome: 'changed-elsewhere', current: 'Budget (final)' }));
    expect(screen.getByRole('alert').textContent).toBe('“\u2068Budget\u2069” was renamed elsewhere since: it is now “\u2068Budget (final)\u2069”.');
    fireEvent.click(screen.getByRole('button', { name: 'Restore “\u2068Budget\u2069” anyway' }));
    expect(dialog.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'entry-7', docId: documentAtUrl().docId, force: true });
  });
});

describe('Move to… (issue 18)', () => {
  const CROSS_SITE_QUESTION = 'Moving to Globex gives “\u2068Budget\u2069” a new address: links to it stop working, and moving it back will not restore them.';
  const ARCHIVE = { site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 11, name: 'Archive' } };
  const CLIENTS = { site: { orgId: 6, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 20, name: 'Clients' } };

  function moveButton(): HTMLElement {
    return screen.getByRole('button', { name: /^(Move to…|Moving…)$/ });
  }

  function filterField(): HTMLElement {
    return screen.getByRole('combobox', { name: 'Filter workspaces' });
  }

  async function openPicker(): Promise<void> {
    await act(async () => {
      fireEvent.click(moveButton());
    });
  }

  /** Opens the picker and chooses with the keyboard: `down` presses of ArrowDown, then Enter. */
  async function chooseByKeyboard(down: number): Promise<void> {
    await openPicker();
    for (let press = 0; press < down; press++) fireEvent.keyDown(filterField(), { key: 'ArrowDown' });
    fireEvent.keyDown(filterField(), { key: 'Enter' });
  }

  /** Moves the document to Globex › Clients, confirmed, and answered with history entry `move-1`. */
  async function moveAcrossSites(dialog: Awaited<ReturnType<typeof openOwnedDocument>>): Promise<void> {
    await chooseByKeyboard(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    await dialog.answerMove(ok({ to: CLIENTS, entryId: 'move-1' }));
  }

  function placeText(): string {
    return document.querySelector('.document-place')?.textContent ?? '';
  }

  test('under the name field: where the document is, its names isolated, and Move to…', async () => {
    await openOwnedDocument({ siteName: 'תקציב', workspace: { id: 10, name: '<b>Home</b>' } });
    expect(placeText()).toBe('In תקציב › <b>Home</b>');
    const names = [...document.querySelectorAll('.document-place bdi')];
    expect(names.map((name) => [name.textContent, name.getAttribute('dir')])).toEqual([
      ['תקציב', 'auto'],
      ['<b>Home</b>', 'auto'],
    ]);
    expect(document.querySelector('b')).toBeNull();
    expect(moveButton().textContent).toBe('Move to…');
    expect(moveButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  test('is not offered for a document the user does not own, nor for a workspace page', async () => {
    await openOwnedDocument({ canRename: false });
    expect(screen.queryByRole('button', { name: 'Move to…' })).toBeNull();
    cleanup();
    await openOwnedDocument({ kind: 'workspace', docId: 'workspace:7', name: 'Engineering', siteName: undefined, workspace: undefined });
    expect(screen.queryByRole('button', { name: 'Move to…' })).toBeNull();
    expect(document.querySelector('.document-place')).toBeNull();
  });

  test('Move to… opens the picker in place, from the cached listing, read once the document is known', async () => {
    const dialog = await openOwnedDocument();
    expect(dialog.readCachedListing).toHaveBeenCalledTimes(1);
    await openPicker();
    expect(moveButton().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Destination for Budget' })).toBeTruthy();
    // Its own workspace and one the user only views are left out; the other site's is marked.
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Archive — Personal', 'Clients — Globex']);
    expect(document.activeElement).toBe(filterField());
    expect(nameField().value).toBe('Budget');
  });

  test('without a cached listing the picker says there is no other workspace', async () => {
    await openOwnedDocument({}, { listing: null });
    await openPicker();
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText(/^No other workspace to move to/)).toBeTruthy();
  });

  test('keyboard only: Enter chooses a workspace of the same site, sent at once; Moving…, then Moved … with Undo, the window open', async () => {
    const dialog = await openOwnedDocument();
    await chooseByKeyboard(0);
    expect(dialog.backend.moveDocument).toHaveBeenCalledExactlyOnceWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, to: { orgId: 1, workspaceId: 11 }, source: 'page' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(moveButton().textContent).toBe('Moving…');
    expect(document.activeElement).toBe(moveButton());
    expect(statusText()).toBe('Moving…');
    expect((screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(true);

    await dialog.answerMove(ok({ to: ARCHIVE, entryId: 'move-1' }));
    expect(statusText()).toBe('Moved “\u2068Budget\u2069” to Personal › Archive.');
    expect(placeText()).toBe('In Personal › Archive');
    expect(screen.getByRole('button', { name: 'Undo move of Budget' })).toBeTruthy();
    expect(moveButton().textContent).toBe('Move to…');
    expect(document.activeElement).toBe(moveButton());
    // The name can still be changed in the same visit.
    expect(nameField().value).toBe('Budget');
    expect((screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement).disabled).toBe(false);
    expect(dialog.closeWindow).not.toHaveBeenCalled();
  });

  test('another site asks once before sending; Cancel goes back to the list, Move anyway sends', async () => {
    const dialog = await openOwnedDocument();
    await chooseByKeyboard(1);
    expect(screen.getByText(CROSS_SITE_QUESTION)).toBeTruthy();
    expect(dialog.backend.moveDocument).not.toHaveBeenCalled();
    // The picker's own Cancel (the window's stays below it).
    fireEvent.click(within(document.querySelector<HTMLElement>('.destination-picker')!).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(dialog.backend.moveDocument).not.toHaveBeenCalled();
    expect(dialog.closeWindow).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('option', { name: 'Clients — Globex' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    expect(dialog.backend.moveDocument).toHaveBeenCalledExactlyOnceWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, to: { orgId: 6, workspaceId: 20 }, source: 'page' });
    await dialog.answerMove(ok({ to: CLIENTS, entryId: 'move-1' }));
    expect(statusText()).toBe('Moved “\u2068Budget\u2069” to Globex › Clients.');
    expect(placeText()).toBe('In Globex › Clients');
  });

  test('a refusal is shown in the picker, in the worker’s words; another place can be chosen', async () => {
    const refusedDialog = await openOwnedDocument();
    await chooseByKeyboard(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move anyway' }));
    const message = 'Globex did not accept the document: No more documents permitted (limit 10).';
    await refusedDialog.answerMove(fail({ kind: 'forbidden', status: 403, message }));
    expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy();
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(document.activeElement).toBe(filterField());
    expect(placeText()).toBe('In Personal › Home');
    expect(statusText()).toBe('');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();

    fireEvent.keyDown(filterField(), { key: 'Enter' });
    expect(refusedDialog.backend.moveDocument).toHaveBeenLastCalledWith({ account: 'a1', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, to: { orgId: 1, workspaceId: 11 }, source: 'page' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a rename after a move goes by the document’s id and its new site, not the page’s URL', async () => {
    const dialog = await openOwnedDocument();
    await moveAcrossSites(dialog);
    type('Budget 2027');
    pressEnter();
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    expect(dialog.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 6, siteUrl: 'https://globex.getgrist.com', docId: documentAtUrl().docId, name: 'Budget 2027', source: 'page' });
    await dialog.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-2' }));
    expect(statusText()).toContain('Renamed to “Budget 2027”.');
    // The tab's address led to the document on its old site: there is nothing to reload.
    expect(screen.queryByRole('button', { name: 'Reload tab' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  test('a move to the trash after a move goes by the document’s id and its new site, not the page’s', async () => {
    const dialog = await openOwnedDocument();
    await moveAcrossSites(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(dialog.backend.removeDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 6, siteUrl: 'https://globex.getgrist.com', docId: documentAtUrl().docId, source: 'page' });
  });

  test('after a move within the site the tab still shows the document: Reload tab is offered', async () => {
    const dialog = await openOwnedDocument();
    await chooseByKeyboard(0);
    await dialog.answerMove(ok({ to: ARCHIVE, entryId: 'move-1' }));
    type('Budget 2027');
    pressEnter();
    expect(dialog.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, name: 'Budget 2027', source: 'page' });
    await dialog.answerRename(ok({ name: 'Budget 2027', entryId: 'entry-2' }));
    expect(screen.getByRole('button', { name: 'Reload tab' })).toBeTruthy();
  });

  test('Undo moves it back and says so, with the old links broken after another site; the place follows', async () => {
    const dialog = await openOwnedDocument();
    await moveAcrossSites(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Undo move of Budget' }));
    expect(dialog.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'move-1', docId: documentAtUrl().docId, force: false });
    await dialog.answerUndo(ok({ outcome: 'restored', name: 'Budget', entryId: 'undo-1' }));
    expect(statusText()).toBe('Moved “\u2068Budget\u2069” back to Personal › Home. Its links from before the first move stay broken.');
    expect(placeText()).toBe('In Personal › Home');
    expect(screen.queryByRole('button', { name: 'Undo move of Budget' })).toBeNull();
    // Renames still go by id: the page's URL lost its urlId for good.
    type('Budget 2027');
    pressEnter();
    expect(dialog.backend.renameDocument).toHaveBeenCalledExactlyOnceWith({ orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: documentAtUrl().docId, name: 'Budget 2027', source: 'page' });
  });

  test('moved elsewhere since: said, and Move back anyway sends the undo with force', async () => {
    const dialog = await openOwnedDocument();
    await moveAcrossSites(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Undo move of Budget' }));
    await dialog.answerUndo(ok({ outcome: 'changed-elsewhere', current: 'Reports' }));
    expect(screen.getByRole('alert').textContent).toBe('“\u2068Budget\u2069” was moved to “\u2068Reports\u2069” since.');
    fireEvent.click(screen.getByRole('button', { name: 'Move “\u2068Budget\u2069” back anyway' }));
    expect(dialog.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'move-1', docId: documentAtUrl().docId, force: true });
  });

  test('Escape in the picker closes only the picker, and focus goes back to Move to…; Escape again closes the window', async () => {
    const dialog = await openOwnedDocument();
    await openPicker();
    pressEscape(filterField());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(dialog.closeWindow).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(moveButton());
    expect(moveButton().getAttribute('aria-expanded')).toBe('false');

    // In the cross-site question, Escape goes back to the list, still without closing anything.
    await chooseByKeyboard(1);
    pressEscape(screen.getByRole('button', { name: 'Move anyway' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(dialog.closeWindow).not.toHaveBeenCalled();

    // With the picker open, Escape from elsewhere in the window closes the picker first.
    pressEscape(nameField());
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(dialog.closeWindow).not.toHaveBeenCalled();
    pressEscape(moveButton());
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('while the move is on its way, Escape, Cancel and Rename send and close nothing', async () => {
    const dialog = await openOwnedDocument();
    await chooseByKeyboard(0);
    pressEscape(moveButton());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    type('Budget 2027');
    pressEnter();
    expect(dialog.closeWindow).not.toHaveBeenCalled();
    expect(dialog.backend.renameDocument).not.toHaveBeenCalled();
    expect(dialog.backend.renameDocumentAtUrl).not.toHaveBeenCalled();
    await dialog.answerMove(ok({ to: ARCHIVE, entryId: 'move-1' }));
    pressEscape(moveButton());
    expect(dialog.closeWindow).toHaveBeenCalledTimes(1);
  });
});

describe('Move to trash (issue 29)', () => {
  test('under the field: sent once with how the window was opened; the window then says so with Undo and Close, and Undo takes it back', async () => {
    const dialog = await openOwnedDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(dialog.backend.removeDocument).toHaveBeenCalledTimes(1);
    expect(dialog.backend.removeDocument.mock.calls[0]?.[0]).toMatchObject({ docId: documentAtUrl().docId, source: 'page' });
    expect(statusText()).toContain('Moved “');
    expect(screen.queryByRole('textbox', { name: 'New name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Undo moving “.+” to trash$/ }));
    expect(dialog.backend.undoChange).toHaveBeenCalledWith({ entryId: 'trash-1', docId: documentAtUrl().docId, force: false });
    await dialog.answerUndo({ ok: true, value: { outcome: 'restored', name: documentAtUrl().name, entryId: 'undo-1' } });
    expect(screen.getByRole('textbox', { name: 'New name' })).toBeTruthy();
    expect(statusText()).toContain('from the trash.');
  });

  test('a refusal is said under the button; the form stays', async () => {
    const dialog = await openOwnedDocument();
    dialog.backend.removeDocument.mockResolvedValueOnce({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Only the owners of “x” can move it to the trash, restore it or delete it.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move to trash' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('alert').textContent).toContain('Only the owners of');
    expect(screen.getByRole('textbox', { name: 'New name' })).toBeTruthy();
  });

  test('not offered on a workspace page', async () => {
    await openOwnedDocument({ kind: 'workspace' });
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
  });
});
