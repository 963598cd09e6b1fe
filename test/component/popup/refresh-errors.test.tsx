// @vitest-environment jsdom
/**
 * What the popup says when the listing or a site cannot be refreshed, and how a slow site holds back
 * only itself.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { Listing, SiteEntry } from '../../../src/shared/protocol/listing.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { App } from '../../../src/popup/app.tsx';
import { PROGRESS_DELAY_MS, PROGRESS_INTERVAL_MS, WAITING_NOTICE_MS } from '../../../src/popup/sync/listing-sync.ts';
import { createPopupStore } from '../../../src/popup/store.ts';
import type { RefreshProgress } from '../../../src/page-shared/backend-client.ts';
import { deferred } from '../../setup/deferred.ts';
import { documentEntry as doc, siteEntry } from '../../setup/listings.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { setupPopupTests, personalSite, acmeSite, BUDGET, freshListing, setup, noKey } from './popup-setup.tsx';

setupPopupTests();

// --- Errors ---------------------------------------------------------------------------------------

describe('errors', () => {
  test('without an API key: a clear empty state and a button to the options', async () => {
    const popup = await setup({ refresh: { ok: false, error: noKey } });
    const status = screen.getByRole('status');
    expect(await within(status).findByText('Connect your Grist account')).toBeTruthy();

    fireEvent.click(within(status).getByRole('button', { name: 'Open options' }));
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  test('a refused key shows its message and the options button, and keeps the cached listing', async () => {
    const message = 'The API key was refused. Create a new one in Grist: Profile settings -> API.';
    const popup = await setup({ cached: freshListing() });
    await popup.answerRefresh({ ok: false, error: { kind: 'auth', status: 401, message } });

    const status = screen.getByRole('status');
    expect(await within(status).findByText(message)).toBeTruthy();
    expect(within(status).getByText(/earlier refresh/)).toBeTruthy();
    fireEvent.click(within(status).getByRole('button', { name: 'Open options' }));
    expect(popup.openOptions).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  test('a network failure offers to try again', async () => {
    const message = 'Could not reach docs.getgrist.com. Check your connection.';
    const popup = await setup({ refresh: { ok: false, error: { kind: 'network', message } } });
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open options' })).toBeNull();

    popup.backend.refreshListing.mockResolvedValueOnce({ ok: true, value: freshListing() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(popup.backend.refreshListing).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
  });

  test('a site that failed shows its error in its own section while the others list', async () => {
    const message = 'acme.getgrist.com did not answer in time.';
    const listing: Listing = {
      fetchedAt: 2,
      sites: [personalSite([BUDGET]), acmeSite({ error: { kind: 'timeout', message } })],
    };
    await setup({ refresh: { ok: true, value: listing } });

    const acmeSection = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    // The error's row is loaded with the first one shown (on-demand/lazy.tsx).
    expect(await within(acmeSection).findByText(message)).toBeTruthy();
    // Its last good listing is still there, marked as such.
    expect(within(acmeSection).getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(within(acmeSection).getByText(/earlier refresh/)).toBeTruthy();

    const personalSection = screen.getByRole('heading', { level: 2, name: 'Personal' }).closest('section')!;
    expect(within(personalSection).queryByText(message)).toBeNull();
    expect(within(personalSection).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  test('a failed site with nothing cached still shows its heading and error', async () => {
    const message = 'The browser may not reach acme.example.com yet.';
    const listing: Listing = {
      fetchedAt: 2,
      sites: [personalSite([BUDGET]), acmeSite({ workspaces: [], error: { kind: 'no-host-permission', message } })],
    };
    await setup({ refresh: { ok: true, value: listing } });
    const acmeSection = screen.getByRole('heading', { level: 2, name: 'Acme' }).closest('section')!;
    expect(await within(acmeSection).findByText(message)).toBeTruthy();
    expect(within(acmeSection).queryAllByRole('listitem')).toEqual([]);
  });
});

describe('a site that does not answer holds back only itself (issue 11, finding 8)', () => {
  const slowSite = (overrides: Partial<SiteEntry> = {}): SiteEntry => siteEntry(3, 'Slow', [], { domain: 'slow', siteUrl: 'https://grist.slow.example', ...overrides });
  const pending = (site: SiteEntry): SiteEntry => ({ ...site, workspaces: [], pending: true });

  /** A popup whose refresh the test drives step by step, as the worker's port does. */
  async function setupProgress(cached: Listing | null = null) {
    const reply = deferred<Reply<'refreshListing'>>();
    let report!: (progress: RefreshProgress) => void;
    const backend = { ...popupBackendMocks(),
      refreshListing: vi.fn((_request: null, onProgress?: (progress: RefreshProgress) => void) => {
        report = onProgress!;
        return reply.promise;
      }),
      renameDocument: vi.fn(),
    };
    const store = createPopupStore({ backend, readCachedListing: async () => cached, openOptions: vi.fn(), openBulkChanges: vi.fn() });
    render(<App store={store} />);
    let started!: Promise<void>;
    await act(async () => {
      started = store.start();
    });
    return {
      /** Reports the sites so far, as the worker's port does, and waits until the popup may show them. */
      async progress(sites: SiteEntry[], unchanged = sites.map(() => false)) {
        await act(async () => {
          report({ sites, unchanged });
          await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS + PROGRESS_INTERVAL_MS + 20));
        });
      },
      async end(listing: Listing) {
        await act(async () => {
          reply.resolve({ ok: true, value: listing });
          await started;
        });
      },
    };
  }

  const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
  const status = () => screen.getByRole('status').textContent ?? '';

  test('with no cache: each site shows as it answers, the slow one says it is waited for, then gives its error', async () => {
    const popup = await setupProgress();
    const [personal, acme, slow] = [personalSite([BUDGET]), acmeSite(), slowSite()];
    await popup.progress([pending(personal), pending(acme), pending(slow)]);
    await popup.progress([personal, acme, pending(slow)]);
    expect(within(section('Personal')).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(within(section('Acme')).getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(within(section('Slow')).getByText('Waiting for Slow (grist.slow.example)…')).toBeTruthy();
    expect(status()).toContain('Refreshing… 2 of 3 sites answered.');

    const timeout = { kind: 'timeout' as const, message: 'grist.slow.example did not answer in 15 s.' };
    await popup.end({ fetchedAt: 3, sites: [personal, acme, slowSite({ error: timeout })] });
    expect(await within(section('Slow')).findByText(timeout.message)).toBeTruthy();
    expect(within(section('Slow')).queryByText(/Waiting for/)).toBeNull();
    expect(status()).toContain('Listing updated: 3 documents in 2 of 3 sites. Slow (grist.slow.example) did not answer.');
  });

  test('on a server with teams in the path, every site shares one host: the notices name the site, not the host', async () => {
    const popup = await setupProgress();
    const server = 'http://127.0.0.1:8484';
    const [personal, acme] = [personalSite([BUDGET]), { ...acmeSite(), siteUrl: `${server}/o/acme` }];
    const globex = slowSite({ name: 'Globex Inc', siteUrl: `${server}/o/globex` });
    await popup.progress([personal, acme, pending(globex)]);
    expect(within(section('Globex Inc')).getByText('Waiting for Globex Inc…')).toBeTruthy();
    const timeout = { kind: 'timeout' as const, message: 'Globex Inc did not answer in 15 s.' };
    await popup.end({ fetchedAt: 3, sites: [personal, acme, slowSite({ name: 'Globex Inc', siteUrl: `${server}/o/globex`, error: timeout })] });
    expect(status()).toContain('Listing updated: 3 documents in 2 of 3 sites. Globex Inc did not answer.');
    expect(status()).not.toContain('127.0.0.1');
  });

  test('with a cache: fresh sites replace their cached copies at once; one still waited for says so after a moment, over its cached documents', async () => {
    const cached: Listing = { fetchedAt: 1, revision: 'r1', sites: [personalSite([BUDGET]), acmeSite()] };
    const popup = await setupProgress(cached);
    const renamed = acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [doc('acmeForecast000000000', 'Forecast 2027')] }] });
    await popup.progress([pending(personalSite([BUDGET])), renamed]);
    expect(within(section('Acme')).getByRole('link', { name: 'Open Forecast 2027' })).toBeTruthy();
    expect(within(section('Personal')).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(within(section('Personal')).queryByText(/Waiting for/)).toBeNull();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, WAITING_NOTICE_MS));
    });
    expect(within(section('Personal')).getByText('Waiting for Personal (docs.getgrist.com)…')).toBeTruthy();
    expect(within(section('Personal')).getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });
});
