// @vitest-environment jsdom
// The options page's several Grist accounts, and Remove key.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../src/shared/protocol/errors.ts';
import type { ConnectionReport, Reply, RequestOf } from '../../../src/shared/protocol/messages.ts';
import { ACCOUNT, SELF_HOSTED, REPORT, SAVED_AND_CONNECTED, renderPage, groups, group, legends, keyInput, personalInput, teamBox, type, click, descriptionOf, pageStatus, accountStatus, expectPageStatus, expectAccountStatus } from './render-page.tsx';

afterEach(cleanup);

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
