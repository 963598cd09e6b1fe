// @vitest-environment jsdom
// The options page's fields as a person uses them: the accounts' fields and Show key.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsApp } from '../../../src/options/app.tsx';
import { createOptionsStore, type OptionsBackend } from '../../../src/options/store.ts';
import { fail, ok } from '../../../src/shared/protocol/errors.ts';
import type { ChangeLogItem } from '../../../src/shared/protocol/change-log.ts';
import type { PublicSettings } from '../../../src/shared/protocol/messages.ts';
import { ACCOUNT, SELF_HOSTED, renderPage, group, legends, keyInput, personalInput, teamBox, type, descriptionOf, accountStatus, expectPageStatus } from './render-page.tsx';

afterEach(cleanup);

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
