// @vitest-environment jsdom
// The options page as a person uses it, against a fake backend and a fake permission prompt.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsApp } from '../../src/options/app.tsx';
import { createOptionsStore, type OptionsBackend } from '../../src/options/store.ts';
import { fail, ok, type ErrorValue } from '../../src/shared/errors.ts';
import type { ChangeLogItem } from '../../src/shared/change-log.ts';
import type { ConnectionReport, PublicAccount, PublicSettings, Reply, RequestOf, SettingsInput } from '../../src/shared/messages.ts';

afterEach(cleanup);

/** Account 1 as saved: a key, a personal site and two team sites. */
const ACCOUNT: PublicAccount = {
  id: 'a1',
  hasApiKey: true,
  user: null,
  personalSiteUrl: 'https://docs.getgrist.com',
  teamSiteUrls: ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'],
  keyNotConfirmedFor: [],
  listedOrigins: [],
};

/** A second saved account, on a self-hosted server. */
const SELF_HOSTED: PublicAccount = {
  id: 'a2',
  hasApiKey: true,
  user: null,
  personalSiteUrl: 'https://grist.example.org/o/docs',
  teamSiteUrls: [],
  keyNotConfirmedFor: [],
  listedOrigins: [],
};

const REPORT: ConnectionReport = { userName: 'Ada Lovelace', userEmail: 'ada@example.com', siteCount: 3 };
const SAVED_AND_CONNECTED = 'Saved. Connected as Ada Lovelace (ada@example.com): 3 sites.';

interface Setup {
  /** The saved accounts; account 1 alone unless said. */
  accounts?: PublicAccount[];
  /** What Test connection answers; the report unless said. */
  testReply?: Reply<'testConnection'> | ((request: RequestOf<'testConnection'>) => Reply<'testConnection'>);
  /** What the permission prompt answers: granted, refused, or the browser throws. */
  permission?: boolean | Error;
  /** The host patterns the browser has granted already; all of them unless said. */
  granted?: string[];
}

/**
 * Renders the page with a fake backend that behaves like the background worker: it numbers new
 * accounts, keeps each account's key, refuses the same key twice, and records who a saved key
 * belongs to when Test connection checks it.
 */
async function renderPage({ accounts = [ACCOUNT], permission = true, granted, testReply = ok(REPORT) }: Setup = {}) {
  let saved = accounts;
  const keys = new Map(accounts.filter((account) => account.hasApiKey).map((account) => [account.id, `saved-key-${account.id}`]));
  let created = 0;
  const settings = (): PublicSettings => ({ accounts: saved });
  const change = (id: string, edit: (account: PublicAccount) => PublicAccount) => {
    saved = saved.map((account) => (account.id === id ? edit(account) : account));
    return ok(settings());
  };
  const backend = {
    getSettings: vi.fn(async (_request: null) => ok(settings())),
    saveSettings: vi.fn(async ({ accounts: inputs }: SettingsInput) => {
      const after = inputs.map((input): PublicAccount => {
        const before = saved.find((account) => account.id === input.id);
        const id = before?.id ?? `new-${++created}`;
        if (input.apiKey !== undefined) keys.set(id, input.apiKey);
        return {
          id,
          hasApiKey: keys.has(id),
          user: input.apiKey === undefined && before?.personalSiteUrl === input.personalSiteUrl ? before.user : null,
          personalSiteUrl: input.personalSiteUrl,
          teamSiteUrls: input.teamSiteUrls,
          keyNotConfirmedFor: input.apiKey === undefined ? (before?.keyNotConfirmedFor ?? []) : [],
          listedOrigins: before?.listedOrigins ?? [],
        };
      });
      const used = after.map((account) => keys.get(account.id));
      const twice = used.findIndex((key, index) => key !== undefined && used.indexOf(key) !== index);
      if (twice !== -1) {
        return fail<PublicSettings>({ kind: 'invalid-input', message: `Account ${twice + 1} has the same API key as account ${used.indexOf(used[twice]) + 1}.` });
      }
      saved = after;
      return ok(settings());
    }),
    removeApiKey: vi.fn(async ({ account }: { account: string }) => {
      keys.delete(account);
      return change(account, (entry) => ({ ...entry, hasApiKey: false, user: null }));
    }),
    removeAccount: vi.fn(async ({ account }: { account: string }) => {
      keys.delete(account);
      saved = saved.filter((entry) => entry.id !== account);
      return ok(settings());
    }),
    readChangeLog: vi.fn(async (_request: null) => ok<ChangeLogItem[]>([])),
    clearChangeLog: vi.fn(async (_request: null) => ok(null)),
    undoChange: vi.fn(),
    undoBatch: vi.fn(),
    confirmSavedKey: vi.fn(async ({ account, siteUrl }: { account: string; siteUrl: string }) =>
      change(account, (entry) => ({ ...entry, keyNotConfirmedFor: entry.keyNotConfirmedFor.filter((origin) => origin !== siteUrl) })),
    ),
    testConnection: vi.fn(async (request: RequestOf<'testConnection'>) => {
      const reply = typeof testReply === 'function' ? testReply(request) : testReply;
      const account = saved.find((entry) => entry.id === request.account);
      if (reply.ok && account && request.apiKey === undefined && account.personalSiteUrl === request.personalSiteUrl) {
        change(account.id, (entry) => ({ ...entry, user: { name: reply.value.userName, email: reply.value.userEmail } }));
      }
      return reply;
    }),
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
  await screen.findAllByLabelText('API key');
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

/** The accounts' groups (fieldsets), in the page's order. */
function groups(): HTMLElement[] {
  return screen.getAllByRole('group').filter((element) => element.tagName === 'FIELDSET');
}
/** Account `number`'s group (from 1). */
function group(number = 1): HTMLElement {
  const element = groups()[number - 1];
  if (!element) throw new Error(`No group for account ${number}`);
  return element;
}
function legends(): string[] {
  return groups().map((element) => element.querySelector('legend')?.textContent ?? '');
}
function keyInput(number = 1): HTMLInputElement {
  return within(group(number)).getByLabelText('API key');
}
function personalInput(number = 1): HTMLInputElement {
  return within(group(number)).getByLabelText('Personal site URL');
}
function teamBox(number = 1): HTMLTextAreaElement {
  return within(group(number)).getByLabelText('Team site URLs');
}
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  fireEvent.input(element, { target: { value } });
}
/** Clicks the button named `name`: in account `number`'s group, or anywhere when the page has one. */
function click(name: string, number?: number): void {
  fireEvent.click((number === undefined ? screen : within(group(number))).getByRole('button', { name }));
}

/** The text a screen reader reads as the element's description (its `aria-describedby`). */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The page's status line (not an account's). */
function pageStatus(): HTMLElement {
  const status = screen.getAllByRole('status').find((element) => !element.closest('fieldset'));
  if (!status) throw new Error('No page status');
  return status;
}
/** Account `number`'s status line. */
function accountStatus(number = 1): HTMLElement {
  return within(group(number)).getByRole('status');
}

async function expectText(element: () => HTMLElement, text: string | RegExp): Promise<void> {
  await waitFor(() => {
    const content = element().textContent ?? '';
    if (typeof text === 'string') expect(content).toBe(text);
    else expect(content).toMatch(text);
  });
}
const expectPageStatus = (text: string | RegExp) => expectText(pageStatus, text);
const expectAccountStatus = (text: string | RegExp, number = 1) => expectText(() => accountStatus(number), text);

describe('the fields', () => {
  it('are named by their visible labels, in a group named "Account 1"', async () => {
    await renderPage();
    expect(legends()).toEqual(['Account 1']);
    expect(screen.getByRole('group', { name: 'Account 1' })).toBe(group(1));
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
    await renderPage({ accounts: [{ ...ACCOUNT, hasApiKey: false, teamSiteUrls: [] }] });
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
    expect(descriptionOf(keyInput())).not.toContain('A key is saved');
    expect(teamBox().value).toBe('');
  });

  it('show one empty account 1, with the default personal site, when none is saved yet', async () => {
    await renderPage({ accounts: [] });
    expect(legends()).toEqual(['Account 1']);
    expect(personalInput().value).toBe('https://docs.getgrist.com');
    expect(teamBox().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove account' })).toBeNull();
  });

  it('show the reason when the saved settings cannot be read, with the default personal site', async () => {
    const backend = {
      getSettings: vi.fn(async () => fail<PublicSettings>({ kind: 'network', message: 'The worker did not answer.' })),
      saveSettings: vi.fn(),
      removeApiKey: vi.fn(),
      removeAccount: vi.fn(),
      confirmSavedKey: vi.fn(),
      testConnection: vi.fn(),
      readChangeLog: vi.fn(async () => ok<ChangeLogItem[]>([])),
      clearChangeLog: vi.fn(),
      undoChange: vi.fn(),
      undoBatch: vi.fn(),
    } satisfies OptionsBackend;
    const store = createOptionsStore({
      backend,
      requestHostPermissions: vi.fn(),
      hasHostPermission: vi.fn(async () => true),
      watchHostPermissions: vi.fn(),
    });
    render(<OptionsApp store={store} />);
    await expectPageStatus('The worker did not answer.');
    expect(personalInput().value).toBe('https://docs.getgrist.com');
  });

  it('have a polite status region for the page and one for each account', async () => {
    await renderPage({ accounts: [ACCOUNT, SELF_HOSTED] });
    const regions = screen.getAllByRole('status');
    expect(regions).toHaveLength(3);
    expect(regions.every((region) => region.getAttribute('aria-live') === 'polite')).toBe(true);
    expect(accountStatus(1)).not.toBe(accountStatus(2));
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
    await expectPageStatus(/Nothing was saved/);
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
    const { backend, requestHostPermissions } = await renderPage({ accounts: [{ ...ACCOUNT, teamSiteUrls: [] }] });
    type(personalInput(), ' grist.example.com/o/docs/ ');
    type(teamBox(), 'ACME.getgrist.com/\n\nhttps://grist.example.com/o/acme/api/orgs\nhttps://acme.getgrist.com\n');
    click('Save');
    // Still inside the click: Chrome shows the prompt only during the user gesture.
    expect(requestHostPermissions).toHaveBeenCalledTimes(1);
    expect(requestHostPermissions).toHaveBeenCalledWith(['https://grist.example.com/*', 'https://acme.getgrist.com/*']);
    await expectAccountStatus(SAVED_AND_CONNECTED);
    expect(backend.saveSettings).toHaveBeenCalledExactlyOnceWith({
      accounts: [{ id: 'a1', personalSiteUrl: 'https://grist.example.com/o/docs', teamSiteUrls: ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'] }],
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
    await expectAccountStatus(SAVED_AND_CONNECTED);
    const input = backend.saveSettings.mock.calls[0]?.[0].accounts[0];
    expect(input).toBeDefined();
    expect(input && 'apiKey' in input).toBe(false);
  });

  it('sends a typed key without stray spaces, then empties the field and says a key is saved', async () => {
    const { backend } = await renderPage({ accounts: [{ ...ACCOUNT, hasApiKey: false }] });
    type(keyInput(), '  0123456789abcdef0123456789abcdef01234567\n');
    click('Save');
    await expectAccountStatus(SAVED_AND_CONNECTED);
    expect(backend.saveSettings.mock.calls[0]?.[0].accounts[0]).toEqual(
      expect.objectContaining({ apiKey: '0123456789abcdef0123456789abcdef01234567' }),
    );
    expect(keyInput().value).toBe('');
    expect(descriptionOf(keyInput())).toContain('A key is saved. Paste a new one to replace it.');
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeTruthy();
  });

  it('saves nothing and names the hosts when the browser does not grant them', async () => {
    const { backend } = await renderPage({ permission: false });
    click('Save');
    await expectPageStatus(/did not grant access to https:\/\/docs\.getgrist\.com, https:\/\/acme\.getgrist\.com, https:\/\/grist\.example\.com/);
    expect(pageStatus().textContent).toMatch(/nothing was saved/);
    expect(backend.saveSettings).not.toHaveBeenCalled();
  });

  it('saves nothing and gives the browser’s reason when the permission request fails', async () => {
    const { backend } = await renderPage({ permission: new Error('This function must be called during a user gesture') });
    click('Save');
    await expectPageStatus(/did not grant access .*\(This function must be called during a user gesture\)/);
    expect(backend.saveSettings).not.toHaveBeenCalled();
  });

  it('shows the background’s message when saving fails, keeping what was typed', async () => {
    const { backend } = await renderPage();
    const error: ErrorValue = { kind: 'invalid-input', message: 'The settings could not be stored.' };
    backend.saveSettings.mockResolvedValueOnce(fail(error));
    type(keyInput(), 'new-key');
    click('Save');
    await expectPageStatus('The settings could not be stored.');
    expect(keyInput().value).toBe('new-key');
  });
});

describe('Remove key', () => {
  it('removes the account’s saved key and moves focus to the key field', async () => {
    const { backend } = await renderPage();
    click('Remove key');
    await expectAccountStatus('The API key was removed.');
    expect(backend.removeApiKey).toHaveBeenCalledExactlyOnceWith({ account: 'a1' });
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
    expect(descriptionOf(keyInput())).not.toContain('A key is saved');
    expect(document.activeElement).toBe(keyInput());
  });

  it('shows why when the key could not be removed', async () => {
    const { backend } = await renderPage();
    backend.removeApiKey.mockResolvedValueOnce(fail({ kind: 'network', message: 'No answer.' }));
    click('Remove key');
    await expectAccountStatus('No answer.');
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
    await expectAccountStatus('Connected as Ada Lovelace (ada@example.com): 3 sites.');
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({
      apiKey: 'typed-key',
      personalSiteUrl: 'https://grist.example.com/o/docs',
    });
    expect(backend.saveSettings).not.toHaveBeenCalled();
    // A typed key is not the saved one: the legend does not name its user.
    expect(legends()).toEqual(['Account 1']);
  });

  it('tests the account’s saved key when none is typed, and the legend names its user', async () => {
    const { backend } = await renderPage();
    backend.testConnection.mockResolvedValueOnce(ok({ ...REPORT, siteCount: 1 }));
    click('Test connection');
    await expectAccountStatus('Connected as Ada Lovelace (ada@example.com): 1 site.');
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({ account: 'a1', personalSiteUrl: 'https://docs.getgrist.com' });
    expect(legends()).toEqual(['Ada Lovelace (ada@example.com) — docs.getgrist.com']);
  });

  it('shows the background’s message when the connection fails', async () => {
    const { backend } = await renderPage();
    backend.testConnection.mockResolvedValueOnce(
      fail({ kind: 'auth', status: 401, message: 'The API key was refused. Create a new one in Grist: Profile settings -> API.' }),
    );
    click('Test connection');
    await expectAccountStatus('The API key was refused. Create a new one in Grist: Profile settings -> API.');
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
    await expectAccountStatus(/did not grant access to https:\/\/docs\.getgrist\.com, so the connection was not tested/);
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

  it('lists the hosts of every account', async () => {
    await renderPage({ accounts: [ACCOUNT, SELF_HOSTED], granted: ALL });
    await waitFor(() => expect(listedHosts()).toEqual(['https://grist.example.org']));
  });

  it('lists a team site Grist listed for the key on a host of its own (a custom host) when not granted', async () => {
    await renderPage({ accounts: [{ ...ACCOUNT, listedOrigins: ['https://grist.initech.example'] }], granted: ALL });
    await waitFor(() => expect(listedHosts()).toEqual(['https://grist.initech.example']));
  });

  it('Grant access asks for those hosts during the click, then the notice goes', async () => {
    const { requestHostPermissions } = await renderPage({ granted: ['https://acme.getgrist.com/*'] });
    await waitFor(() => expect(listedHosts()).toHaveLength(2));
    click('Grant access');
    // Still inside the click: the browser shows its prompt only during the user gesture.
    expect(requestHostPermissions).toHaveBeenCalledExactlyOnceWith(['https://docs.getgrist.com/*', 'https://grist.example.com/*']);
    await waitFor(() => expect(notice()).toBeNull());
    await expectPageStatus('Access granted.');
    // Focus does not fall to the page's top with the button: it moves to the next control.
    expect(document.activeElement).toBe(keyInput());
  });

  it('stays, naming the hosts, when the browser refuses', async () => {
    await renderPage({ granted: [], permission: false });
    await waitFor(() => expect(listedHosts()).toHaveLength(3));
    click('Grant access');
    await expectPageStatus(/did not grant access to https:\/\/docs\.getgrist\.com, https:\/\/acme\.getgrist\.com, https:\/\/grist\.example\.com, so the extension cannot reach those sites/);
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
    await expectAccountStatus(SAVED_AND_CONNECTED);
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
  const moved: PublicAccount = {
    ...ACCOUNT,
    personalSiteUrl: 'https://grist.example.com/o/docs',
    teamSiteUrls: [],
    keyNotConfirmedFor: ['https://grist.example.com'],
  };

  it('names the hosts the saved key is not sent to, next to the key field, with a button each', async () => {
    await renderPage({ accounts: [moved] });
    expect(descriptionOf(keyInput())).toContain('not sent to these until you confirm it');
    expect(descriptionOf(keyInput())).toContain('type it again or confirm it for the new host');
    expect(screen.getByRole('button', { name: 'Use the saved key for grist.example.com' })).toBeTruthy();
  });

  it('“Use the saved key for <host>” confirms it for that account and origin, and the notice goes', async () => {
    const { backend } = await renderPage({ accounts: [moved] });
    click('Use the saved key for grist.example.com');
    await expectAccountStatus('The saved key will be sent to grist.example.com from now on.');
    expect(backend.confirmSavedKey).toHaveBeenCalledWith({ account: 'a1', siteUrl: 'https://grist.example.com' });
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
    await expectAccountStatus('The saved key was typed for other sites, so it was not sent to grist.other.example. Confirm it for this host below, or type the key again.');
    click('Use the saved key for grist.other.example');
    await waitFor(() => expect(backend.confirmSavedKey).toHaveBeenCalledWith({ account: 'a1', siteUrl: 'https://grist.other.example' }));
  });

  it('shows no such notice without a saved key', async () => {
    await renderPage({ accounts: [{ ...moved, hasApiKey: false }] });
    expect(screen.queryByRole('button', { name: /Use the saved key/ })).toBeNull();
  });
});

describe('Save checks what it saved (issue 12, item 2)', () => {
  const statusTone = () => accountStatus().className;

  it('tests the connection with the account’s saved key and site, and says who it connects as', async () => {
    const { backend } = await renderPage();
    click('Save');
    await expectAccountStatus(SAVED_AND_CONNECTED);
    expect(backend.testConnection).toHaveBeenCalledWith({ account: 'a1', personalSiteUrl: 'https://docs.getgrist.com' });
    expect(statusTone()).toContain('status-success');
    // With one account, its group says it all: the page's line adds nothing.
    expect(pageStatus().textContent).toBe('');
  });

  it.each([
    ['a refused key', { kind: 'auth', status: 401, message: 'Grist refused the API key.' }, 'Saved, but Grist refused this API key. Make a new one in Grist: Profile settings → API → Create.'],
    ['a host that does not answer', { kind: 'network', message: 'Could not reach docs.getgrist.com.' }, 'Saved, but docs.getgrist.com did not answer. Check the address and port.'],
    ['a timeout', { kind: 'timeout', message: 'No answer.' }, 'Saved, but docs.getgrist.com did not answer. Check the address and port.'],
    ['anything else', { kind: 'no-host-permission', message: 'The browser has not granted access.' }, 'Saved, but: The browser has not granted access.'],
  ] as const)('says a save that cannot work is saved but will not work, as a warning: %s', async (_case, error, text) => {
    await renderPage({ testReply: { ok: false, error } });
    click('Save');
    await expectAccountStatus(text);
    expect(statusTone()).toContain('status-warning');
    expect(legends()).toEqual(['Account 1']);
  });

  it('without a key, says what is missing', async () => {
    const { backend } = await renderPage({ accounts: [{ ...ACCOUNT, hasApiKey: false }] });
    click('Save');
    await expectAccountStatus('Saved. Add an API key to list your documents.');
    expect(backend.testConnection).not.toHaveBeenCalled();
  });
});

describe('several Grist accounts (issue 19)', () => {
  const EDITH: ConnectionReport = { userName: 'Edith Editor', userEmail: 'editor@example.com', siteCount: 2 };
  /** Test connection as two servers answer it: the self-hosted one knows Edith, getgrist.com Ada. */
  const byServer = (request: RequestOf<'testConnection'>): Reply<'testConnection'> =>
    ok(request.personalSiteUrl.startsWith('https://grist.example.org') ? EDITH : REPORT);

  it('Add another Grist account adds an empty group "Account 2" after account 1, and focuses its key', async () => {
    await renderPage();
    expect(screen.queryByRole('button', { name: 'Remove account' })).toBeNull();
    click('Add another Grist account');
    await waitFor(() => expect(legends()).toEqual(['Account 1', 'Account 2']));
    expect(keyInput(2).value).toBe('');
    expect(personalInput(2).value).toBe('https://docs.getgrist.com');
    expect(teamBox(2).value).toBe('');
    expect(descriptionOf(keyInput(2))).not.toContain('A key is saved');
    // Each group's fields are its own: unique ids, so each label names its own field.
    expect(keyInput(2).id).not.toBe(keyInput(1).id);
    expect(within(group(2)).getByRole('button', { name: 'Test connection' })).toBeTruthy();
    expect(within(group(1)).getByRole('button', { name: 'Remove account' })).toBeTruthy();
    expect(within(group(2)).getByRole('button', { name: 'Remove account' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(keyInput(2)));
  });

  it('one Save saves both accounts, asks for the hosts of both, and checks each in its own group', async () => {
    const { backend, requestHostPermissions } = await renderPage({ testReply: byServer });
    click('Add another Grist account');
    await waitFor(() => expect(groups()).toHaveLength(2));
    type(keyInput(2), ' edith-key ');
    type(personalInput(2), 'grist.example.org/o/docs');
    type(teamBox(2), 'https://grist.example.org/o/clients');
    click('Save');
    expect(requestHostPermissions).toHaveBeenCalledExactlyOnceWith([
      'https://docs.getgrist.com/*',
      'https://acme.getgrist.com/*',
      'https://grist.example.com/*',
      'https://grist.example.org/*',
    ]);
    await expectAccountStatus('Saved. Connected as Edith Editor (editor@example.com): 2 sites.', 2);
    await expectAccountStatus(SAVED_AND_CONNECTED, 1);
    expect(backend.saveSettings).toHaveBeenCalledExactlyOnceWith({
      accounts: [
        { id: 'a1', personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'] },
        { apiKey: 'edith-key', personalSiteUrl: 'https://grist.example.org/o/docs', teamSiteUrls: ['https://grist.example.org/o/clients'] },
      ],
    });
    // Each check uses its own account's saved key (the new one by the id the worker gave it).
    expect(backend.testConnection).toHaveBeenCalledWith({ account: 'a1', personalSiteUrl: 'https://docs.getgrist.com' });
    expect(backend.testConnection).toHaveBeenCalledWith({ account: 'new-1', personalSiteUrl: 'https://grist.example.org/o/docs' });
    await expectPageStatus('Saved. All 2 accounts are connected.');
    // Connected: each legend names the key's user and the server.
    expect(legends()).toEqual(['Ada Lovelace (ada@example.com) — docs.getgrist.com', 'Edith Editor (editor@example.com) — grist.example.org']);
    expect(screen.getByRole('group', { name: 'Edith Editor (editor@example.com) — grist.example.org' })).toBe(group(2));
    expect(keyInput(2).value).toBe('');
    expect(descriptionOf(keyInput(2))).toContain('A key is saved.');
  });

  it('shows each account’s own check message, and the page says not all work', async () => {
    await renderPage({
      accounts: [ACCOUNT, SELF_HOSTED],
      testReply: (request) =>
        request.account === 'a2' ? fail({ kind: 'auth', status: 401, message: 'Grist refused the API key.' }) : ok(REPORT),
    });
    click('Save');
    await expectAccountStatus('Saved, but Grist refused this API key. Make a new one in Grist: Profile settings → API → Create.', 2);
    await expectAccountStatus(SAVED_AND_CONNECTED, 1);
    expect(accountStatus(2).className).toContain('status-warning');
    await expectPageStatus('Saved, but not every account works yet: see the message in each account.');
    expect(legends()).toEqual(['Ada Lovelace (ada@example.com) — docs.getgrist.com', 'Account 2']);
  });

  it('shows who a saved account’s key belongs to from the start', async () => {
    await renderPage({ accounts: [ACCOUNT, { ...SELF_HOSTED, user: { name: 'Edith Editor', email: 'editor@example.com' } }] });
    expect(legends()).toEqual(['Account 1', 'Edith Editor (editor@example.com) — grist.example.org']);
  });

  it('renders a user’s name as text, never as markup', async () => {
    await renderPage({ accounts: [{ ...ACCOUNT, user: { name: '<img src=x onerror=alert(1)>', email: 'e@example.com' } }] });
    expect(legends()).toEqual(['<img src=x onerror=alert(1)> (e@example.com) — docs.getgrist.com']);
    expect(group(1).querySelector('img')).toBeNull();
  });

  it('refuses the same key typed in two groups, in the second group, sending nothing', async () => {
    const { backend, requestHostPermissions } = await renderPage();
    click('Add another Grist account');
    click('Add another Grist account');
    await waitFor(() => expect(groups()).toHaveLength(3));
    type(keyInput(1), 'same-key');
    type(keyInput(3), ' same-key ');
    click('Save');
    await waitFor(() => expect(keyInput(3).getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(keyInput(3))).toContain('Account 3 has the same API key as account 1.');
    expect(keyInput(1).getAttribute('aria-invalid')).toBeNull();
    await expectPageStatus('Nothing was saved. Correct the marked fields and save again.');
    expect(requestHostPermissions).not.toHaveBeenCalled();
    expect(backend.saveSettings).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(keyInput(3)));
    // Typing another key clears the error.
    type(keyInput(3), 'other-key');
    await waitFor(() => expect(keyInput(3).getAttribute('aria-invalid')).toBeNull());
  });

  it('shows the worker’s refusal of a key another account has saved', async () => {
    const { backend } = await renderPage({ accounts: [ACCOUNT, SELF_HOSTED] });
    type(keyInput(2), 'saved-key-a1');
    click('Save');
    await expectPageStatus('Account 2 has the same API key as account 1.');
    expect(backend.saveSettings).toHaveBeenCalledTimes(1);
    expect(keyInput(2).value).toBe('saved-key-a1');
  });

  it('Test connection in a group tests that account: its typed key, else its saved key', async () => {
    const { backend } = await renderPage({ accounts: [ACCOUNT, SELF_HOSTED], testReply: byServer });
    click('Test connection', 2);
    await expectAccountStatus('Connected as Edith Editor (editor@example.com): 2 sites.', 2);
    expect(backend.testConnection).toHaveBeenCalledExactlyOnceWith({ account: 'a2', personalSiteUrl: 'https://grist.example.org/o/docs' });
    expect(accountStatus(1).textContent).toBe('');
    expect(legends()).toEqual(['Account 1', 'Edith Editor (editor@example.com) — grist.example.org']);
  });

  it('Remove key and “Use the saved key for <host>” name their own account', async () => {
    const { backend } = await renderPage({ accounts: [ACCOUNT, { ...SELF_HOSTED, keyNotConfirmedFor: ['https://grist.example.org'] }] });
    click('Use the saved key for grist.example.org', 2);
    await expectAccountStatus('The saved key will be sent to grist.example.org from now on.', 2);
    expect(backend.confirmSavedKey).toHaveBeenCalledExactlyOnceWith({ account: 'a2', siteUrl: 'https://grist.example.org' });
    click('Remove key', 2);
    await expectAccountStatus('The API key was removed.', 2);
    expect(backend.removeApiKey).toHaveBeenCalledExactlyOnceWith({ account: 'a2' });
    expect(within(group(1)).getByRole('button', { name: 'Remove key' })).toBeTruthy();
  });

  it('Remove account forgets a saved account at once: the group goes, focus goes to the one before', async () => {
    const { backend, permissions } = await renderPage({ accounts: [ACCOUNT, { ...SELF_HOSTED, user: { name: 'Edith Editor', email: 'editor@example.com' } }], granted: [] });
    await waitFor(() => expect(screen.getByRole('group', { name: /has not granted access/ }).textContent).toContain('https://grist.example.org'));
    click('Remove account', 2);
    await waitFor(() => expect(groups()).toHaveLength(1));
    expect(backend.removeAccount).toHaveBeenCalledExactlyOnceWith({ account: 'a2' });
    await expectPageStatus('Account removed: Edith Editor (editor@example.com) — grist.example.org.');
    expect(legends()).toEqual(['Account 1']);
    expect(screen.queryByRole('button', { name: 'Remove account' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(keyInput(1)));
    // Its hosts are no longer asked about.
    await waitFor(() => expect(screen.getByRole('group', { name: /has not granted access/ }).textContent).not.toContain('grist.example.org'));
    expect(permissions.hasHostPermission).toHaveBeenCalled();
    expect(backend.saveSettings).not.toHaveBeenCalled();
  });

  it('Remove account of account 1 leaves the next one as account 1', async () => {
    const { backend } = await renderPage({ accounts: [ACCOUNT, SELF_HOSTED] });
    click('Remove account', 1);
    await waitFor(() => expect(groups()).toHaveLength(1));
    expect(backend.removeAccount).toHaveBeenCalledExactlyOnceWith({ account: 'a1' });
    expect(personalInput(1).value).toBe('https://grist.example.org/o/docs');
    await waitFor(() => expect(document.activeElement).toBe(keyInput(1)));
  });

  it('Remove account of a group not saved yet just removes it', async () => {
    const { backend } = await renderPage();
    click('Add another Grist account');
    await waitFor(() => expect(groups()).toHaveLength(2));
    type(keyInput(2), 'never-saved');
    click('Remove account', 2);
    await waitFor(() => expect(groups()).toHaveLength(1));
    expect(backend.removeAccount).not.toHaveBeenCalled();
    expect(pageStatus().textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(keyInput(1)));
  });

  it('keeps the group and says why when the account could not be removed', async () => {
    const { backend } = await renderPage({ accounts: [ACCOUNT, SELF_HOSTED] });
    backend.removeAccount.mockResolvedValueOnce(fail({ kind: 'not-found', message: 'This Grist account is no longer in the options. Reload the page.' }));
    click('Remove account', 2);
    await expectAccountStatus('This Grist account is no longer in the options. Reload the page.', 2);
    expect(groups()).toHaveLength(2);
  });

  it('holds at most 10 accounts: Add another Grist account is then disabled, with a note', async () => {
    await renderPage();
    for (let count = 1; count < 10; count++) click('Add another Grist account');
    await waitFor(() => expect(groups()).toHaveLength(10));
    expect(legends()[9]).toBe('Account 10');
    const add = screen.getByRole('button', { name: 'Add another Grist account' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(descriptionOf(add)).toBe('At most 10 Grist accounts can be added.');
    fireEvent.click(add);
    expect(groups()).toHaveLength(10);
    click('Remove account', 10);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add another Grist account' }) as HTMLButtonElement).disabled).toBe(false));
  });
});
