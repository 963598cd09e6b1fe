// @vitest-environment jsdom
// The options page and the hosts the browser has not granted.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT, SELF_HOSTED, SAVED_AND_CONNECTED, renderPage, keyInput, teamBox, type, click, expectPageStatus, expectAccountStatus } from './render-page.tsx';

afterEach(cleanup);

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
