/**
 * The Bulk changes page as its component tests meet it: a listing of two team sites, a fake
 * backend, the page rendered on it, and what a user does and reads there.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { expect, vi } from 'vitest';
import { BulkApp } from '../../../src/bulk/app.tsx';
import { createBulkStore } from '../../../src/bulk/store.ts';
import type { BatchUndoResult, BulkItemStatus, BulkRunSnapshot } from '../../../src/shared/protocol/bulk.ts';
import type { DocumentEntry, Listing, SiteEntry } from '../../../src/shared/protocol/listing.ts';
import type { PublicAccount } from '../../../src/shared/protocol/messages.ts';
import { documentEntry, listingOf, siteEntry, workspaceEntry } from '../../setup/listings.ts';

/** These tests' documents were changed on 2026-01-01 unless a test says otherwise. */
export const doc = (id: string, name: string, overrides: Partial<DocumentEntry> = {}) => documentEntry(id, name, { updatedAt: '2026-01-01T00:00:00.000Z', ...overrides });

/** A team site on Grist's hosted service, its domain its name in lower case. */
export const site = (orgId: number, name: string, workspaces: SiteEntry['workspaces']) => siteEntry(orgId, name, workspaces, { domain: name.toLowerCase(), siteUrl: `https://${name.toLowerCase()}.getgrist.com` });

/** Acme: Finance holds two budgets, an editor's document and another; Globex: Projects, one budget. */
export function listing(): Listing {
  const finance = workspaceEntry(50, 'Finance', [
    doc('budgetSales00000000000', 'Budget 2025 – Sales', { updatedAt: '2026-01-04T00:00:00.000Z' }),
    doc('budgetLegal00000000000', 'Budget 2025 – Legal', { updatedAt: '2026-01-03T00:00:00.000Z' }),
    doc('forecast00000000000000', 'Forecast', { updatedAt: '2026-01-02T00:00:00.000Z' }),
    doc('sharedWithMe0000000000', 'Budget 2025 – Shared', { access: 'editors' }),
  ]);
  return listingOf([site(5, 'Acme', [finance]), site(6, 'Globex', [workspaceEntry(60, 'Projects', [doc('budgetGlobex0000000000', 'Budget 2025 – <b>Globex</b>')])])]);
}

/** The fixture with rights: Acme has Finance and Archive (owned), Globex has Projects (edited). */
export function movable(): Listing {
  const base = listing();
  const acme = base.sites[0]!;
  const globex = base.sites[1]!;
  acme.workspaces = [{ ...acme.workspaces[0]!, access: 'owners' }, { id: 51, name: 'Archive', access: 'owners', documents: [] }];
  globex.workspaces = [{ ...globex.workspaces[0]!, access: 'editors' }];
  return base;
}

export function item(id: string, oldName: string, newName: string, state: BulkItemStatus['state'], message?: string): BulkItemStatus {
  return { orgId: 5, docId: id, oldName, newName, siteName: 'Acme', workspaceName: 'Finance', state, ...(message ? { message } : {}) };
}

/** What Undo this batch answers: per document, `[id, name before the run, name after it, outcome, message]`. */
export function undoAnswer(...results: Array<[string, string, string, BatchUndoResult['outcome'], string?]>) {
  return { ok: true as const, value: results.map(([docId, oldName, newName, outcome, message]): BatchUndoResult => ({ docId, oldName, newName, outcome, ...(message ? { message } : {}) })) };
}

export function runOf(items: BulkItemStatus[], extra: Partial<BulkRunSnapshot> = {}): BulkRunSnapshot {
  return { id: 'run-1', kind: 'rename', batchId: 'batch-1', items, stopped: false, done: items.every((entry) => entry.state !== 'queued' && entry.state !== 'sending'), ...extra };
}

/** The page's backend, faked: the listing refreshed is `cached`, the latest run `latestRun`; the rest answer what a test sets. */
export function fakeBackend(cached: Listing, latestRun: BulkRunSnapshot | null = null) {
  return {
    refreshListing: vi.fn(async () => ({ ok: true as const, value: cached })),
    getBulkRun: vi.fn(async (_request: { runId: string | null }) => ({ ok: true as const, value: latestRun })),
    startBulkRename: vi.fn(),
    startBulkMove: vi.fn(),
    startBulkTrash: vi.fn(),
    startBulkCopy: vi.fn(),
    startBulkShare: vi.fn(),
    startBulkBackup: vi.fn(),
    showDownload: vi.fn(async (_request: { downloadId: number }) => ({ ok: true as const, value: null })),
    readAccess: vi.fn(),
    getSettings: vi.fn(async () => ({ ok: true as const, value: { accounts: [] as PublicAccount[] } })),
    stopBulkRun: vi.fn(),
    retryFailedBulk: vi.fn(),
    undoBatch: vi.fn(),
  };
}

/**
 * The page rendered on a fake backend. `requestDownloadsPermission`: the browser's answer to the
 * `downloads` permission (granted unless a test says otherwise); `now`: the page's clock.
 */
export async function setup({
  latestRun = null,
  cached = listing(),
  requestDownloadsPermission = vi.fn(async () => true),
  now,
}: { latestRun?: BulkRunSnapshot | null; cached?: Listing; requestDownloadsPermission?: () => Promise<boolean>; now?: () => Date } = {}) {
  const backend = fakeBackend(cached, latestRun);
  /** Each look at a run waits for the test to let it go. */
  const looks: Array<() => void> = [];
  const store = createBulkStore({ backend, readCachedListing: async () => cached, wait: () => new Promise((resolve) => looks.push(() => resolve())), requestDownloadsPermission, ...(now ? { now } : {}) });
  render(<BulkApp store={store} />);
  await screen.findAllByRole('checkbox', { name: 'Select Forecast' });
  /** Lets the page take its next look at the run, and waits for it to show. */
  const nextLook = async () => {
    await waitFor(() => expect(looks.length).toBeGreaterThan(0));
    await act(async () => {
      looks.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { backend, store, nextLook };
}

/** Clicks, then lets the promises the click started settle. */
export async function clickAndSettle(element: Element, init: object = {}): Promise<void> {
  await act(async () => {
    fireEvent.click(element, init);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
export const findField = () => screen.getByRole('textbox', { name: 'Find' });

/** Opens the destination picker by its button `opener`, and chooses the first workspace matching `name`. */
export function chooseWorkspace(opener: string, name: string): void {
  fireEvent.click(screen.getByRole('button', { name: opener }));
  const filter = screen.getByRole('combobox', { name: 'Filter workspaces' });
  fireEvent.input(filter, { target: { value: name } });
  fireEvent.keyDown(filter, { key: 'Enter' });
}

/** The preview's column headers, and each row's cells. */
export function previewTable(name = 'Preview') {
  const table = screen.getByRole('table', { name });
  return {
    columns: within(table).getAllByRole('columnheader').map((header) => header.textContent),
    rows: within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent)),
  };
}

