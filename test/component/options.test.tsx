// @vitest-environment jsdom
// The options page as a person uses it, against a fake backend and a fake permission prompt.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsApp } from '../../src/options/app.tsx';
import { createOptionsStore, type OptionsBackend } from '../../src/options/store.ts';
import { fail, ok, type ErrorValue } from '../../src/shared/errors.ts';
import type { HistoryItem } from '../../src/shared/history.ts';
import type { ConnectionReport, PublicSettings, Reply, SettingsInput } from '../../src/shared/messages.ts';

afterEach(cleanup);

const SAVED: PublicSettings = {
  hasApiKey: true,
  personalSiteUrl: 'https://docs.getgrist.com',
  teamSiteUrls: ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'],
  keyNotConfirmedFor: [],
  listedOrigins: [],
};

const REPORT: ConnectionReport = { userName: 'Ada Lovelace', userEmail: 'ada@example.com', siteCount: 3 };
const SAVED_AND_CONNECTED = 'Saved. Connected as Ada Lovelace (ada@example.com): 3 sites.';

interface Setup {
  settings?: PublicSettings;
  /** What Test connection answers; the report unless said. */
  testReply?: Reply<'testConnection'>;
  /** What the permission prompt answers: granted, refused, or the browser throws. */
  permission?: boolean | Error;
  /** The host patterns the browser has granted already; all of them unless said. */
  granted?: string[];
}

/** Renders the page with a fake backend that behaves like the background worker. */
async function renderPage({ settings = SAVED, permission = true, granted, testReply = ok(REPORT) }: Setup = {}) {
  let saved = settings;
  const backend = {
    getSettings: vi.fn(async (_request: null) => ok(saved)),
    saveSettings: vi.fn(async (input: SettingsInput) => {
      saved = {
        hasApiKey: saved.hasApiKey || input.apiKey !== undefined,
        personalSiteUrl: input.personalSiteUrl,
        teamSiteUrls: input.teamSiteUrls,
        keyNotConfirmedFor: input.apiKey === undefined ? saved.keyNotConfirmedFor : [],
        listedOrigins: saved.listedOrigins,
      };
      return ok(saved);
    }),
    removeApiKey: vi.fn(async (_request: null) => {
      saved = { ...saved, hasApiKey: false };
      return ok(saved);
    }),
    getHistory: vi.fn(async (_request: null) => ok<HistoryItem[]>([])),
    clearHistory: vi.fn(async (_request: null) => ok(null)),
    undoRename: vi.fn(),
    undoBatch: vi.fn(),
    confirmSavedKey: vi.fn(async ({ siteUrl }: { siteUrl: string }) => {
      saved = { ...saved, keyNotConfirmedFor: saved.keyNotConfirmedFor.filter((origin) => origin !== siteUrl) };
      return ok(saved);
    }),
    testConnection: vi.fn(async (_request: { apiKey?: string; personalSiteUrl: string }) => testReply),
  } satisfies OptionsBackend;
  const permissions = fakePermissions(granted);
  const requestHostPermissions = vi.fn(async (origins: string[]) => {
    if (permission instanceof Error) throw permission;
    if (permission) permissions.grant(origins);
    return permission;
  });
  render(
    <OptionsApp
      store={createOptionsStore({
        backend,
        requestHostPermissions,
        hasHostPermission: permissions.hasHostPermission,
        watchHostPermissions: permissions.watchHostPermissions,
      })}
    />,
  );
  await screen.findByLabelText('API key');
  return { backend, requestHostPermissions, permissions };
}

/**
 * The browser's host permissions: all granted (`undefined`) or only the listed patterns. Granting
 * or revoking calls the watchers, as `permissions.onAdded` and `onRemoved` do.
 */
function fakePermissions(initiallyGranted: string[] | undefined) {
  const granted = initiallyGranted ? new Set(initiallyGranted) : undefined;
  const watchers = new Set<() => void>();
  const notify = () => watchers.forEach((watcher) => watcher());
  return {
    hasHostPermission: vi.fn(async (origin: string) => (granted ? granted.has(origin) : true)),
    watchHostPermissions: vi.fn((listener: () => void, signal: AbortSignal) => {
      watchers.add(listener);
      signal.addEventListener('abort', () => watchers.delete(listener));
    }),
    grant(origins: string[]) {
      origins.forEach((origin) => granted?.add(origin));
      notify();
    },
    revoke(origins: string[]) {
      origins.forEach((origin) => granted?.delete(origin));
      notify();
    },
    watcherCount: () => watchers.size,
  };
}

function keyInput(): HTMLInputElement {
  return screen.getByLabelText('API key');
}
function personalInput(): HTMLInputElement {
  return screen.getByLabelText('Personal site URL');
}
function teamBox(): HTMLTextAreaElement {
  return screen.getByLabelText('Team site URLs');
}
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  fireEvent.input(element, { target: { value } });
}
function click(name: string): void {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** The text a screen reader reads as the element's description (its `aria-describedby`). */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function expectStatus(text: string | RegExp): Promise<void> {
  await waitFor(() => {
    const status = screen.getByRole('status').textContent ?? '';
    if (typeof text === 'string') expect(status).toBe(text);
    else expect(status).toMatch(text);
  });
}

describe('the fields', () => {
  it('are named by their visible labels', async () => {
    await renderPage();
    expect(keyInput().tagName).toBe('INPUT');
    expect(keyInput().type).toBe('password');
    expect(screen.getByRole('textbox', { name: 'Personal site URL' })).toBe(personalInput());
    expect(screen.getByRole('textbox', { name: 'Team site URLs' })).toBe(teamBox());
    expect(teamBox().tagName).toBe('TEXTAREA');
    expect(screen.getByText('API key').tagName).toBe('LABEL');
  });

  it('show the saved settings, never a key', async () => {
    const { backend } = await renderPage();
    expect(backend.getSettings).toHaveBeenCalledWith(null);
    expect(personalInput().value).toBe('https://docs.getgrist.com');
    expect(teamBox().value).toBe('https://acme.getgrist.com\nhttps://grist.example.com/o/acme');
    expect(keyInput().value).toBe('');
    expect(descriptionOf(keyInput())).toContain('A key is saved. Paste a new one to replace it.');
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeTruthy();
  });

  it('explain where the key is made and what team addresses look like', async () => {
    await renderPage();
    expect(descriptionOf(keyInput())).toContain('Profile settings → API → Create');
    expect(descriptionOf(teamBox())).toContain('https://acme.getgrist.com');
    expect(descriptionOf(teamBox())).toContain('https://grist.example.com/o/acme');
  });

  it('offer no Remove key button and no "saved" hint when no key is saved', async () => {
    await renderPage({ settings: { hasApiKey: false, personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] } });
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
    expect(descriptionOf(keyInput())).not.toContain('A key is saved');
    expect(teamBox().value).toBe('');
  });

  it('show the reason when the saved settings cannot be read, with the default personal site', async () => {
    const backend = {
      getSettings: vi.fn(async () => fail<PublicSettings>({ kind: 'network', message: 'The worker did not answer.' })),
      saveSettings: vi.fn(),
      removeApiKey: vi.fn(),
      confirmSavedKey: vi.fn(),
      testConnection: vi.fn(),
      getHistory: vi.fn(async () => ok<HistoryItem[]>([])),
      clearHistory: vi.fn(),
      undoRename: vi.fn(),
      undoBatch: vi.fn(),
    } satisfies OptionsBackend;
    const store = createOptionsStore({
      backend,
      requestHostPermissions: vi.fn(),
      hasHostPermission: vi.fn(async () => true),
      watchHostPermissions: vi.fn(),
    });
    render(<OptionsApp store={store} />);
    await expectStatus('The worker did not answer.');
    expect(personalInput().value).toBe('https://docs.getgrist.com');
  });

  it('have one polite status region', async () => {
    await renderPage();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
  });
});

describe('Show key', () => {
  it('switches the key between hidden and shown, saying so with aria-pressed', async () => {
    await renderPage();
    type(keyInput(), 'abc123');
    const show = screen.getByRole('button', { name: 'Show key', pressed: false });
    fireEvent.click(show);
    const hide = await screen.findByRole('button', { name: 'Hide key', pressed: true });
    expect(keyInput().type).toBe('text');
    expect(keyInput().value).toBe('abc123');
    fireEvent.click(hide);
    await screen.findByRole('button', { name: 'Show key', pressed: false });
    expect(keyInput().type).toBe('password');
  });
});

describe('Save', () => {
  it('with a bad personal site URL shows why next to the field and saves nothing', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    type(personalInput(), 'http://grist.example.com');
    click('Save');
    await waitFor(() => expect(personalInput().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(personalInput())).toContain(
      'Use https:// (plain http is allowed only for localhost and 127.0.0.1).',
    );
    await expectStatus(/Nothing was saved/);
    expect(requestHostPermissions).not.toHaveBeenCalled();
    expect(backend.saveSettings).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(personalInput()));
  });

  it('with a bad team line says which line and saves nothing', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    type(teamBox(), 'acme.getgrist.com\nnot a url\n\nftp://grist.example.com');
    click('Save');
    await waitFor(() => expect(teamBox().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(teamBox())).toContain('Line 2: That is not the address of a site: it has no domain.');
    expect(descriptionOf(teamBox())).toContain('Line 4: Use an https:// address.');
    expect(personalInput().getAttribute('aria-invalid')).toBeNull();
    expect(requestHostPermissions).not.toHaveBeenCalled();
    expect(backend.saveSettings).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(teamBox()));
  });

  it('clears a field’s error once it is edited', async () => {
    await renderPage();
    type(personalInput(), 'ftp://x');
    click('Save');
    await waitFor(() => expect(personalInput().getAttribute('aria-invalid')).toBe('true'));
    type(personalInput(), 'docs.getgrist.com');
    await waitFor(() => expect(personalInput().getAttribute('aria-invalid')).toBeNull());
    expect(descriptionOf(personalInput())).not.toContain('Use an https:// address.');
  });

  it('asks for exactly the configured hosts during the click, then saves the normalised addresses', async () => {
    const { backend, requestHostPermissions } = await renderPage({
      settings: { hasApiKey: true, personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] },
    });
    type(personalInput(), ' grist.example.com/o/docs/ ');
    type(teamBox(), 'ACME.getgrist.com/\n\nhttps://grist.example.com/o/acme/api/orgs\nhttps://acme.getgrist.com\n');
    click('Save');
    // Still inside the click: Chrome shows the prompt only during the user gesture.
    expect(requestHostPermissions).toHaveBeenCalledTimes(1);
    expect(requestHostPermissions).toHaveBeenCalledWith(['https://grist.example.com/*', 'https://acme.getgrist.com/*']);
    await expectStatus(SAVED_AND_CONNECTED);
    expect(backend.saveSettings).toHaveBeenCalledExactlyOnceWith({
      personalSiteUrl: 'https://grist.example.com/o/docs',
      teamSiteUrls: ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'],
    });
    expect(requestHostPermissions.mock.invocationCallOrder[0]).toBeLessThan(
      backend.saveSettings.mock.invocationCallOrder[0] ?? 0,
    );
    // The fields now show what was saved.
    expect(personalInput().value).toBe('https://grist.example.com/o/docs');
    expect(teamBox().value).toBe('https://acme.getgrist.com\nhttps://grist.example.com/o/acme');
  });

  it('keeps the saved key when the key field is left empty', async () => {
    const { backend } = await renderPage();
    click('Save');
    await expectStatus(SAVED_AND_CONNECTED);
    const input = backend.saveSettings.mock.calls[0]?.[0];
    expect(input).toBeDefined();
    expect(input && 'apiKey' in input).toBe(false);
  });

  it('sends a typed key without stray spaces, then empties the field and says a key is saved', async () => {
    const { backend } = await renderPage({ settings: { ...SAVED, hasApiKey: false } });
    type(keyInput(), '  0123456789abcdef0123456789abcdef01234567\n');
    click('Save');
    await expectStatus(SAVED_AND_CONNECTED);
    expect(backend.saveSettings).toHaveBeenCalledWith(
      expect.objectContaining({ apiKey: '0123456789abcdef0123456789abcdef01234567' }),
    );
    expect(keyInput().value).toBe('');
    expect(descriptionOf(keyInput())).toContain('A key is saved. Paste a new one to replace it.');
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeTruthy();
  });

  it('saves nothing and names the hosts when the browser does not grant them', async () => {
    const { backend } = await renderPage({ permission: false });
    click('Save');
    await expectStatus(/did not grant access to https:\/\/docs\.getgrist\.com, https:\/\/acme\.getgrist\.com, https:\/\/grist\.example\.com/);
    expect(screen.getByRole('status').textContent).toMatch(/nothing was saved/);
    expect(backend.saveSettings).not.toHaveBeenCalled();
  });

  it('saves nothing and gives the browser’s reason when the permission request fails', async () => {
    const { backend } = await renderPage({ permission: new Error('This function must be called during a user gesture') });
    click('Save');
    await expectStatus(/did not grant access .*\(This function must be called during a user gesture\)/);
    expect(backend.saveSettings).not.toHaveBeenCalled();
  });

  it('shows the background’s message when saving fails, keeping what was typed', async () => {
    const { backend } = await renderPage();
    const error: ErrorValue = { kind: 'invalid-input', message: 'The settings could not be stored.' };
    backend.saveSettings.mockResolvedValueOnce(fail(error));
    type(keyInput(), 'new-key');
    click('Save');
    await expectStatus('The settings could not be stored.');
    expect(keyInput().value).toBe('new-key');
  });
});

describe('Remove key', () => {
  it('removes the saved key and moves focus to the key field', async () => {
    const { backend } = await renderPage();
    click('Remove key');
    await expectStatus('The API key was removed.');
    expect(backend.removeApiKey).toHaveBeenCalledExactlyOnceWith(null);
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
    expect(descriptionOf(keyInput())).not.toContain('A key is saved');
    expect(document.activeElement).toBe(keyInput());
  });

  it('shows why when the key could not be removed', async () => {
    const { backend } = await renderPage();
    backend.removeApiKey.mockResolvedValueOnce(fail({ kind: 'network', message: 'No answer.' }));
    click('Remove key');
    await expectStatus('No answer.');
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeTruthy();
  });
});

describe('Test connection', () => {
  it('asks for the personal site’s host during the click and reports who is connected', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    type(keyInput(), ' typed-key ');
    type(personalInput(), 'https://grist.example.com/o/docs/');
    click('Test connection');
    expect(requestHostPermissions).toHaveBeenCalledExactlyOnceWith(['https://grist.example.com/*']);
    await expectStatus('Connected as Ada Lovelace (ada@example.com): 3 sites.');
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({
      apiKey: 'typed-key',
      personalSiteUrl: 'https://grist.example.com/o/docs',
    });
    expect(backend.saveSettings).not.toHaveBeenCalled();
  });

  it('tests the saved key when none is typed', async () => {
    const { backend } = await renderPage();
    backend.testConnection.mockResolvedValueOnce(ok({ ...REPORT, siteCount: 1 }));
    click('Test connection');
    await expectStatus('Connected as Ada Lovelace (ada@example.com): 1 site.');
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({ personalSiteUrl: 'https://docs.getgrist.com' });
  });

  it('shows the background’s message when the connection fails', async () => {
    const { backend } = await renderPage();
    backend.testConnection.mockResolvedValueOnce(
      fail({ kind: 'auth', status: 401, message: 'The API key was refused. Create a new one in Grist: Profile settings -> API.' }),
    );
    click('Test connection');
    await expectStatus('The API key was refused. Create a new one in Grist: Profile settings -> API.');
  });

  it('with a bad personal site URL shows why next to the field and tests nothing', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    type(personalInput(), 'https://me:secret@grist.example.com');
    click('Test connection');
    await waitFor(() => expect(personalInput().getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(personalInput())).toContain('Leave the user name and password out of the address.');
    expect(requestHostPermissions).not.toHaveBeenCalled();
    expect(backend.testConnection).not.toHaveBeenCalled();
  });

  it('tests nothing when the browser does not grant the host', async () => {
    const { backend } = await renderPage({ permission: false });
    click('Test connection');
    await expectStatus(/did not grant access to https:\/\/docs\.getgrist\.com, so the connection was not tested/);
    expect(backend.testConnection).not.toHaveBeenCalled();
  });
});

describe('hosts the browser has not granted', () => {
  const ALL = ['https://docs.getgrist.com/*', 'https://acme.getgrist.com/*', 'https://grist.example.com/*'];

  /** The notice, found by its role and its text, or null. */
  function notice(): HTMLElement | null {
    return screen.queryByRole('group', { name: /has not granted access/ });
  }
  function listedHosts(): string[] {
    const element = notice();
    return element ? [...element.querySelectorAll('li')].map((item) => item.textContent ?? '') : [];
  }

  it('lists exactly the saved sites’ hosts that are not granted, once each', async () => {
    const { permissions } = await renderPage({ granted: ['https://docs.getgrist.com/*'] });
    await waitFor(() => expect(listedHosts()).toEqual(['https://acme.getgrist.com', 'https://grist.example.com']));
    expect(notice()?.textContent).toMatch(/^The browser has not granted access to/);
    expect(screen.getByRole('button', { name: 'Grant access' })).toBeTruthy();
    expect(new Set(permissions.hasHostPermission.mock.calls.map(([origin]) => origin))).toEqual(new Set(ALL));
  });

  it('lists a team site Grist listed for the key on a host of its own (a custom host) when not granted', async () => {
    await renderPage({ settings: { ...SAVED, listedOrigins: ['https://grist.initech.example'] }, granted: ALL });
    await waitFor(() => expect(listedHosts()).toEqual(['https://grist.initech.example']));
  });

  it('Grant access asks for those hosts during the click, then the notice goes', async () => {
    const { requestHostPermissions } = await renderPage({ granted: ['https://acme.getgrist.com/*'] });
    await waitFor(() => expect(listedHosts()).toHaveLength(2));
    click('Grant access');
    // Still inside the click: the browser shows its prompt only during the user gesture.
    expect(requestHostPermissions).toHaveBeenCalledExactlyOnceWith(['https://docs.getgrist.com/*', 'https://grist.example.com/*']);
    await waitFor(() => expect(notice()).toBeNull());
    await expectStatus('Access granted.');
    // Focus does not fall to the page's top with the button: it moves to the next control.
    expect(document.activeElement).toBe(keyInput());
  });

  it('stays, naming the hosts, when the browser refuses', async () => {
    await renderPage({ granted: [], permission: false });
    await waitFor(() => expect(listedHosts()).toHaveLength(3));
    click('Grant access');
    await expectStatus(/did not grant access to https:\/\/docs\.getgrist\.com, https:\/\/acme\.getgrist\.com, https:\/\/grist\.example\.com, so the extension cannot reach those sites/);
    expect(listedHosts()).toHaveLength(3);
  });

  it('shows nothing when every host is granted', async () => {
    const { permissions } = await renderPage();
    await waitFor(() => expect(permissions.hasHostPermission).toHaveBeenCalledTimes(3));
    expect(notice()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Grant access' })).toBeNull();
  });

  it('follows permissions granted or taken back elsewhere while the page is open', async () => {
    const { permissions } = await renderPage({ granted: [...ALL] });
    await waitFor(() => expect(permissions.hasHostPermission).toHaveBeenCalledTimes(3));
    expect(notice()).toBeNull();
    permissions.revoke(['https://acme.getgrist.com/*']);
    await waitFor(() => expect(listedHosts()).toEqual(['https://acme.getgrist.com']));
    permissions.grant(['https://acme.getgrist.com/*']);
    await waitFor(() => expect(notice()).toBeNull());
  });

  it('checks the sites just saved', async () => {
    const { permissions } = await renderPage({ granted: [...ALL] });
    await waitFor(() => expect(permissions.hasHostPermission).toHaveBeenCalledTimes(3));
    permissions.hasHostPermission.mockClear();
    // The prompt says yes, but the host is taken back before the check (say, in another window).
    permissions.revoke(['https://globex.example.com/*']);
    type(teamBox(), 'https://globex.example.com');
    click('Save');
    await expectStatus(SAVED_AND_CONNECTED);
    permissions.revoke(['https://globex.example.com/*']);
    await waitFor(() => expect(listedHosts()).toEqual(['https://globex.example.com']));
  });

  it('stops listening when the page goes', async () => {
    const { permissions } = await renderPage();
    expect(permissions.watcherCount()).toBe(1);
    cleanup();
    await waitFor(() => expect(permissions.watcherCount()).toBe(0));
  });
});

describe('the saved key and a changed address (issue 11, finding 1)', () => {
  const moved: PublicSettings = {
    hasApiKey: true,
    personalSiteUrl: 'https://grist.example.com/o/docs',
    teamSiteUrls: [],
    keyNotConfirmedFor: ['https://grist.example.com'],
    listedOrigins: [],
  };

  it('names the hosts the saved key is not sent to, next to the key field, with a button each', async () => {
    await renderPage({ settings: moved });
    expect(descriptionOf(keyInput())).toContain('not sent to these until you confirm it');
    expect(descriptionOf(keyInput())).toContain('type it again or confirm it for the new host');
    expect(screen.getByRole('button', { name: 'Use the saved key for grist.example.com' })).toBeTruthy();
  });

  it('“Use the saved key for <host>” confirms it for that origin, and the notice goes', async () => {
    const { backend } = await renderPage({ settings: moved });
    click('Use the saved key for grist.example.com');
    await expectStatus('The saved key will be sent to grist.example.com from now on.');
    expect(backend.confirmSavedKey).toHaveBeenCalledWith({ siteUrl: 'https://grist.example.com' });
    expect(screen.queryByRole('button', { name: /Use the saved key/ })).toBeNull();
    // The pressed button went with its host: focus goes to the key field, not the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(keyInput()));
  });

  it('Test connection on an edited address the key was not typed for says so and offers the button', async () => {
    const { backend } = await renderPage({
      testReply: { ok: false, error: { kind: 'key-not-confirmed', message: 'not confirmed' } },
    });
    type(personalInput(), 'https://grist.other.example/o/docs');
    click('Test connection');
    await expectStatus('The saved key was typed for other sites, so it was not sent to grist.other.example. Confirm it for this host below, or type the key again.');
    click('Use the saved key for grist.other.example');
    await waitFor(() => expect(backend.confirmSavedKey).toHaveBeenCalledWith({ siteUrl: 'https://grist.other.example' }));
  });

  it('shows no such notice without a saved key', async () => {
    await renderPage({ settings: { ...moved, hasApiKey: false } });
    expect(screen.queryByRole('button', { name: /Use the saved key/ })).toBeNull();
  });
});

describe('Save checks what it saved (issue 12, item 2)', () => {
  const statusTone = () => screen.getByRole('status').className;

  it('tests the connection with the saved key and site, and says who it connects as', async () => {
    const { backend } = await renderPage();
    click('Save');
    await expectStatus(SAVED_AND_CONNECTED);
    expect(backend.testConnection).toHaveBeenCalledWith({ personalSiteUrl: 'https://docs.getgrist.com' });
    expect(statusTone()).toContain('status-success');
  });

  it.each([
    ['a refused key', { kind: 'auth', status: 401, message: 'Grist refused the API key.' }, 'Saved, but Grist refused this API key. Make a new one in Grist: Profile settings → API → Create.'],
    ['a host that does not answer', { kind: 'network', message: 'Could not reach docs.getgrist.com.' }, 'Saved, but docs.getgrist.com did not answer. Check the address and port.'],
    ['a timeout', { kind: 'timeout', message: 'No answer.' }, 'Saved, but docs.getgrist.com did not answer. Check the address and port.'],
    ['anything else', { kind: 'no-host-permission', message: 'The browser has not granted access.' }, 'Saved, but: The browser has not granted access.'],
  ] as const)('says a save that cannot work is saved but will not work, as a warning: %s', async (_case, error, text) => {
    await renderPage({ testReply: { ok: false, error } });
    click('Save');
    await expectStatus(text);
    expect(statusTone()).toContain('status-warning');
  });

  it('without a key, says what is missing', async () => {
    const { backend } = await renderPage({ settings: { ...SAVED, hasApiKey: false } });
    click('Save');
    await expectStatus('Saved. Add an API key to list your documents.');
    expect(backend.testConnection).not.toHaveBeenCalled();
  });
});
