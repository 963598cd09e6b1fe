// @vitest-environment jsdom
// The options page's Save: what it stores, what it checks once saved, and a saved key at a changed address.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, type ErrorValue } from '../../../src/shared/protocol/errors.ts';
import type { PublicAccount } from '../../../src/shared/protocol/messages.ts';
import { ACCOUNT, SAVED_AND_CONNECTED, renderPage, legends, keyInput, personalInput, teamBox, type, click, descriptionOf, pageStatus, accountStatus, expectPageStatus, expectAccountStatus } from './render-page.tsx';

afterEach(cleanup);

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
