import { fakeBrowser } from '@webext-core/fake-browser';
import type { Runtime } from 'webextension-polyfill';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/background/api-error.ts';
import { createMessageListener, type Handlers } from '../../src/background/message-router.ts';

const settings = { hasApiKey: true, personalSiteUrl: 'https://docs.getgrist.com', teamSiteUrls: [] };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    getSettings: vi.fn(async () => settings),
    saveSettings: vi.fn(async () => settings),
    removeApiKey: vi.fn(async () => settings),
    testConnection: vi.fn(async () => ({ userName: 'Olivia', userEmail: 'o@example.com', siteCount: 3 })),
    refreshListing: vi.fn(async () => ({ fetchedAt: 1, sites: [] })),
    renameDocument: vi.fn(async () => ({ name: 'x' })),
    getDocumentAtUrl: vi.fn(async () => ({ orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'd', name: 'x', canRename: true })),
    renameDocumentAtUrl: vi.fn(async () => ({ name: 'x' })),
    ...overrides,
  };
}

const ownPage = (): Runtime.MessageSender => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/src/popup/index.html'),
});

describe('the message router', () => {
  it('answers the extension’s own pages with a Result', async () => {
    const listen = createMessageListener(handlers(), Promise.resolve());
    await expect(listen({ type: 'getSettings', request: null }, ownPage())).resolves.toEqual({ ok: true, value: settings });
  });

  it.each([
    ['a web page (content script)', { id: fakeBrowser.runtime.id, url: 'https://evil.example.com/', tab: { id: 1 } }],
    ['another extension', { id: 'other-extension', url: 'chrome-extension://other-extension/page.html' }],
    ['a sender without a URL', { id: fakeBrowser.runtime.id }],
  ])('drops messages from %s without running anything', (_name, sender) => {
    const all = handlers();
    const listen = createMessageListener(all, Promise.resolve());
    expect(listen({ type: 'renameDocument', request: { orgId: 1, docId: 'd', name: 'n' } }, sender as Runtime.MessageSender)).toBeUndefined();
    expect(all.renameDocument).not.toHaveBeenCalled();
  });

  it('drops messages that are not of the protocol', () => {
    const listen = createMessageListener(handlers(), Promise.resolve());
    expect(listen({ type: 'stealKey', request: null }, ownPage())).toBeUndefined();
    expect(listen('getSettings', ownPage())).toBeUndefined();
  });

  it('refuses a malformed request before its handler runs', async () => {
    const all = handlers();
    const listen = createMessageListener(all, Promise.resolve());
    const reply = await listen({ type: 'renameDocument', request: { orgId: '1', docId: 'd', name: 'n' } }, ownPage());
    expect(reply).toEqual({ ok: false, error: { kind: 'invalid-input', message: 'The extension sent a malformed request.' } });
    expect(all.renameDocument).not.toHaveBeenCalled();
  });

  it('returns an ApiError as a value', async () => {
    const listen = createMessageListener(
      handlers({ refreshListing: async () => Promise.reject(new ApiError('auth', 'Grist refused the API key.', 401)) }),
      Promise.resolve(),
    );
    await expect(listen({ type: 'refreshListing', request: null }, ownPage())).resolves.toEqual({
      ok: false,
      error: { kind: 'auth', status: 401, message: 'Grist refused the API key.' },
    });
  });

  it('hides the text of unexpected errors, which could hold anything', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listen = createMessageListener(
      handlers({ getSettings: async () => Promise.reject(new Error('secret-key-in-a-stack')) }),
      Promise.resolve(),
    );
    const reply = await listen({ type: 'getSettings', request: null }, ownPage());
    expect(JSON.stringify(reply)).not.toContain('secret-key');
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad-response' } });
  });

  it('waits for start-up before handling', async () => {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const all = handlers();
    const reply = createMessageListener(all, ready)({ type: 'getSettings', request: null }, ownPage());
    await Promise.resolve();
    expect(all.getSettings).not.toHaveBeenCalled();
    started();
    await reply;
    expect(all.getSettings).toHaveBeenCalledOnce();
  });
});
