// @vitest-environment jsdom
/**
 * The document window as a user meets it, opening: the document looked up from the page's address,
 * what it says of a page it cannot rename from, and names from Grist shown as text.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { NOT_OWNER_MESSAGE } from '../../../src/document-window/app.tsx';
import { readWindowParameters } from '../../../src/document-window/window-parameters.ts';
import { DEFAULT_TITLE, NO_DOCUMENT_MESSAGE } from '../../../src/document-window/store.ts';
import { fail, ok } from '../../../src/shared/protocol/errors.ts';
import { PAGE_URL, documentAtUrl, openWindow, openOwnedDocument, nameField, type, pressEnter, statusText, setupDocumentWindowTests } from './open-window.tsx';

setupDocumentWindowTests();

// --- Loading ----------------------------------------------------------------------------------------

describe('opening', () => {
  test('asks for the document at the URL, says Loading…, then shows its name in the title and heading', async () => {
    const opened = await openWindow();
    expect(opened.backend.getDocumentAtUrl).toHaveBeenCalledExactlyOnceWith({ pageUrl: PAGE_URL });
    expect(statusText()).toBe('Loading…');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(DEFAULT_TITLE);

    await opened.answerLookup(ok(documentAtUrl()));
    expect(screen.getByRole('heading', { level: 1, name: 'Rename “Budget”' })).toBeTruthy();
    // The document it opened on counts as opened from the extension (Recently opened, issue 52).
    const { account, orgId, siteUrl, docId } = documentAtUrl();
    expect(opened.backend.noteOpened).toHaveBeenCalledExactlyOnceWith({ account, orgId, siteUrl, docId });
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
    const opened = await openWindow({ pageUrl: null, tabId: null });
    expect(opened.backend.getDocumentAtUrl).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(NO_DOCUMENT_MESSAGE);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(opened.closeWindow).toHaveBeenCalledTimes(1);
  });

  test('shows why the document could not be found, with only Close', async () => {
    const message = 'This page is not a Grist document of your sites.';
    await openWindow({ lookup: fail({ kind: 'not-found', message }) });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(DEFAULT_TITLE);
  });

  test('a background that throws instead of answering still ends in a message', async () => {
    const opened = await openWindow();
    await opened.failLookup(new Error('Could not establish connection.'));
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

// --- Untrusted names -----------------------------------------------------------------------------

describe('names from Grist', () => {
  const HTML_NAME = '<img src=x onerror="alert(1)"><b>Bold</b>';

  test('a name with HTML is shown as literal text, never as elements', async () => {
    const opened = await openOwnedDocument({ name: HTML_NAME });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Rename “${HTML_NAME}”`);
    expect(document.title).toBe(`Rename “\u2068${HTML_NAME}\u2069”`);
    expect(nameField().value).toBe(HTML_NAME);
    expect(document.querySelector('img, b')).toBeNull();

    type(`${HTML_NAME}!`);
    pressEnter();
    await opened.answerRename(ok({ name: `${HTML_NAME}!`, entryId: 'entry-1' }));
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
    const opened = await openWindow({
      lookup: { ok: false, error: { kind: 'not-configured', message: 'This page is not on one of your Grist sites. Add its site in the extension’s options.' } },
    });
    expect(screen.getByRole('alert').textContent).toContain('Add its site');
    const open = screen.getByRole('button', { name: 'Open options' });
    expect(document.activeElement).toBe(open);
    await act(async () => {
      fireEvent.click(open);
      await Promise.resolve();
    });
    expect(opened.openOptions).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opened.closeWindow).toHaveBeenCalledTimes(1));
  });

  test('when the options cannot be opened, the window says so and stays', async () => {
    const opened = await openWindow({ lookup: { ok: false, error: { kind: 'not-configured', message: 'Add its site.' } } });
    opened.openOptions.mockRejectedValue(new Error('no'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/options/i);
    expect(opened.closeWindow).not.toHaveBeenCalled();
  });

  test('a page that is not a Grist document says only that, with nothing to fix in the options', async () => {
    await openWindow({ lookup: { ok: false, error: { kind: 'not-found', message: 'This page is not a Grist document.' } } });
    expect(screen.getByRole('alert').textContent).toBe('This page is not a Grist document.');
    expect(screen.queryByRole('button', { name: 'Open options' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
