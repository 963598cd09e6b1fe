// @vitest-environment jsdom
/**
 * Downloads from the popup (issue 51): a row's Download ▸ submenu and its CSV of a table ▸ (the
 * tables read as it opens), with the keyboard as the menu pattern's submenus have it; the optional
 * permission asked in the click itself, the start sent in that click too (Chromium's prompt closes
 * the popup), and dropped when refused; the status line's words, with
 * Show in folder; a heading's Back up… and its progress line, and a backup under way shown by a
 * popup opened meanwhile. Rendered with a fake backend and checked through roles, names and text.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { BulkItemStatus, BulkRunSnapshot } from '../../../src/shared/protocol/bulk.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { App } from '../../../src/popup/app.tsx';
import { createPopupStore } from '../../../src/popup/store.ts';
import { deferred } from '../../setup/deferred.ts';
import { popupBackendMocks } from '../../setup/popup-backend.ts';
import { listing, openMenu, settle } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

/** The popup on menu-setup's listing; the browser answers the permission request with `granted`; `latestRun`: what getBulkRun(null) answers as it opens. */
async function setup({ granted = true, latestRun = null }: { granted?: boolean; latestRun?: BulkRunSnapshot | null } = {}) {
  const backend = { ...popupBackendMocks(), refreshListing: vi.fn(async () => ({ ok: true as const, value: listing() })) };
  backend.getBulkRun.mockResolvedValue({ ok: true, value: latestRun });
  const requestDownloads = vi.fn(async () => granted);
  const openBulkChanges = vi.fn();
  const store = createPopupStore({ backend, readCachedListing: async () => null, openOptions: vi.fn(), openBulkChanges, requestDownloads, backupPollMs: 10 });
  render(<App store={store} />);
  await act(async () => {
    await store.start();
  });
  // As the popup does once idle (main.tsx).
  await act(async () => {
    await store.followLatestBackup();
  });
  await settle();
  return { backend, requestDownloads, openBulkChanges };
}

const focusedLabel = () => document.activeElement?.querySelector('.menu-label')?.textContent;
const labels = (menu: HTMLElement) => [...menu.querySelectorAll(':scope > li > [role="menuitem"] .menu-label')].map((label) => label.textContent);
const status = () => screen.getByRole('status');

/** Opens Budget's menu and its Download submenu by the keyboard (ArrowDown to it, ArrowRight). Out: both menus. */
async function openDownload() {
  const menu = await openMenu('Budget');
  await waitFor(() => expect(focusedLabel()).toBe('Rename'));
  for (let press = 0; press < 4; press++) fireEvent.keyDown(menu, { key: 'ArrowDown' });
  expect(focusedLabel()).toBe('Download');
  fireEvent.keyDown(menu, { key: 'ArrowRight' });
  const submenu = await screen.findByRole('menu', { name: 'Download' });
  return { menu, submenu };
}

function item(overrides: Partial<BulkItemStatus>): BulkItemStatus {
  return { orgId: 1, docId: 'budgetDoc000000000000', newName: 'Budget', oldName: 'Budget', siteName: 'Personal', workspaceName: 'Home', state: 'queued', ...overrides };
}

/** A backup run's snapshot; done, its backup.json was saved as download 77 (the worker sets that at the run's end). */
function backupRun(items: BulkItemStatus[], done: boolean, id = 'run-1'): BulkRunSnapshot {
  return { id, kind: 'backup', backup: { format: 'grist', folder: 'Grist backup 2026-11-29 02.30', ...(done ? { manifestDownloadId: 77 } : {}) }, batchId: 'batch-1', withoutUndo: true, items, stopped: false, done };
}

describe('a row’s Download ▸', () => {
  test('a submenu of the formats, .grist without history first; the keyboard opens and leaves each level as the menu pattern has it', async () => {
    await setup();
    const { menu, submenu } = await openDownload();
    const download = within(menu).getByRole('menuitem', { name: 'Download' });
    expect(download.getAttribute('aria-haspopup')).toBe('menu');
    expect(download.getAttribute('aria-expanded')).toBe('true');
    expect(labels(submenu)).toEqual(['.grist', '.grist with history', 'Excel (.xlsx)', 'CSV of a table']);
    expect(within(submenu).getByRole('menuitem', { name: '.grist' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Without its history: smaller')).toBeTruthy();
    await waitFor(() => expect(focusedLabel()).toBe('.grist'));
    // Arrows move within the submenu only, and wrap.
    fireEvent.keyDown(submenu, { key: 'ArrowUp' });
    expect(focusedLabel()).toBe('CSV of a table');
    // Escape closes one level: the row's menu stays, its Download item focused again.
    fireEvent.keyDown(submenu, { key: 'Escape' });
    expect(screen.queryByRole('menu', { name: 'Download' })).toBeNull();
    expect(screen.getByRole('menu', { name: 'Actions for Budget' })).toBeTruthy();
    expect(document.activeElement).toBe(download);
    expect(download.getAttribute('aria-expanded')).toBe('false');
    // A click (Enter) opens it too; ArrowLeft closes it as Escape does.
    fireEvent.click(download);
    const again = await screen.findByRole('menu', { name: 'Download' });
    await waitFor(() => expect(focusedLabel()).toBe('.grist'));
    fireEvent.keyDown(again, { key: 'ArrowLeft' });
    expect(screen.queryByRole('menu', { name: 'Download' })).toBeNull();
    expect(document.activeElement).toBe(download);
    // Escape on the row's menu closes it, the focus back on its ⋯.
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' }));
  });

  test('CSV of a table ▸ reads the tables as it opens (one request), says so meanwhile, keeps the focus as they come, and downloads the one chosen', async () => {
    const { backend, requestDownloads } = await setup();
    const tables = deferred<Reply<'readDocumentTables'>>();
    backend.readDocumentTables.mockReturnValue(tables.promise);
    const { submenu } = await openDownload();
    expect(backend.readDocumentTables).not.toHaveBeenCalled();
    fireEvent.keyDown(submenu, { key: 'End' });
    fireEvent.keyDown(submenu, { key: 'ArrowRight' });
    const csv = await screen.findByRole('menu', { name: 'CSV of a table' });
    expect(labels(csv)).toEqual(['Reading tables…']);
    await waitFor(() => expect(focusedLabel()).toBe('Reading tables…'));
    expect(backend.readDocumentTables).toHaveBeenCalledTimes(1);
    expect(backend.readDocumentTables).toHaveBeenCalledWith({ orgId: 1, siteUrl: expect.any(String), docId: 'budgetDoc000000000000' });
    // Choosing what is only said does nothing: the menus stay.
    fireEvent.click(within(csv).getByRole('menuitem', { name: 'Reading tables…' }));
    expect(screen.getByRole('menu', { name: 'CSV of a table' })).toBeTruthy();
    await act(async () => tables.resolve({ ok: true, value: ['Expenses', 'People'] }));
    await settle();
    expect(labels(csv)).toEqual(['Expenses', 'People']);
    expect(focusedLabel()).toBe('Expenses');
    fireEvent.keyDown(csv, { key: 'ArrowDown' });
    expect(focusedLabel()).toBe('People');
    expect(backend.readDocumentTables).toHaveBeenCalledTimes(1);
    backend.downloadDocument.mockResolvedValue({ ok: true, value: { downloadId: 7, path: '/home/ana/Downloads/Budget-People.csv', bytes: 1_234_567 } });
    fireEvent.click(document.activeElement!);
    // Asked in the click itself, before anything is awaited (the browser's user gesture).
    expect(requestDownloads).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' }));
    await settle();
    expect(backend.downloadDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: expect.any(String), docId: 'budgetDoc000000000000', format: 'csv', tableId: 'People', once: 'granted' });
    await waitFor(() => expect(status().textContent).toContain('Saved Budget-People.csv in your downloads (1.2 MB).'));
  });

  test('the tables not read: the reason in words, in the submenu', async () => {
    const { backend } = await setup();
    backend.readDocumentTables.mockResolvedValue({ ok: false, error: { kind: 'forbidden', message: 'access denied' } });
    const { submenu } = await openDownload();
    fireEvent.click(within(submenu).getByRole('menuitem', { name: 'CSV of a table' }));
    const csv = await screen.findByRole('menu', { name: 'CSV of a table' });
    await waitFor(() => expect(labels(csv)).toEqual(['Tables could not be read: access denied']));
  });

  test('a format chosen: "Downloading Budget…", then where it was saved and its size, with Show in folder', async () => {
    const { backend, requestDownloads } = await setup();
    const answer = deferred<Reply<'downloadDocument'>>();
    backend.downloadDocument.mockReturnValue(answer.promise);
    backend.showDownload.mockResolvedValue({ ok: true, value: null });
    const { submenu } = await openDownload();
    fireEvent.click(within(submenu).getByRole('menuitem', { name: '.grist' }));
    expect(requestDownloads).toHaveBeenCalledTimes(1);
    await settle();
    expect(backend.downloadDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: expect.any(String), docId: 'budgetDoc000000000000', format: 'grist', once: 'granted' });
    await waitFor(() => expect(status().textContent).toContain('Downloading Budget…'));
    await act(async () => answer.resolve({ ok: true, value: { downloadId: 12, path: 'C:\\Users\\ana\\Downloads\\Budget (1).grist', bytes: 48_300 } }));
    await settle();
    expect(status().textContent).toContain('Saved Budget (1).grist in your downloads (48.3 kB).');
    expect(status().textContent).not.toContain('Downloading');
    fireEvent.click(within(status()).getByRole('button', { name: 'Show in folder' }));
    await settle();
    expect(backend.showDownload).toHaveBeenCalledWith({ downloadId: 12 });
  });

  test('each other format is sent as chosen', async () => {
    const { backend } = await setup();
    backend.downloadDocument.mockResolvedValue({ ok: true, value: { downloadId: 1, path: '/tmp/Budget.xlsx', bytes: 10 } });
    for (const [label, format] of [['.grist with history', 'grist-history'], ['Excel (.xlsx)', 'xlsx']] as const) {
      const { submenu } = await openDownload();
      fireEvent.click(within(submenu).getByRole('menuitem', { name: label }));
      await settle();
      expect(backend.downloadDocument).toHaveBeenLastCalledWith(expect.objectContaining({ docId: 'budgetDoc000000000000', format }));
    }
    expect(status().textContent).toContain('Saved Budget.xlsx in your downloads (10 bytes).');
  });

  test('Grist refuses: its words, with the document’s name; no Show in folder', async () => {
    const { backend } = await setup();
    backend.downloadDocument.mockResolvedValue({ ok: false, error: { kind: 'not-found', status: 404, message: 'Document is deleted' } });
    const { submenu } = await openDownload();
    fireEvent.click(within(submenu).getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await settle();
    await waitFor(() => expect(status().textContent).toContain('Budget was not downloaded: Document is deleted'));
    expect(within(status()).queryByRole('button', { name: 'Show in folder' })).toBeNull();
  });

  test('sent in the click itself, before the browser answers the permission request: Chromium’s prompt closes the popup, and nothing after the request would run', async () => {
    const { backend, requestDownloads } = await setup();
    // The prompt is up; the popup is about to close: the request never answers here.
    requestDownloads.mockReturnValue(new Promise<boolean>(() => undefined));
    const { submenu } = await openDownload();
    fireEvent.click(within(submenu).getByRole('menuitem', { name: 'Excel (.xlsx)' }));
    expect(requestDownloads).toHaveBeenCalledTimes(1);
    expect(backend.downloadDocument).toHaveBeenCalledWith({ orgId: 1, siteUrl: expect.any(String), docId: 'budgetDoc000000000000', format: 'xlsx', once: 'granted' });
    const menu = await openMenu('Home');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Back up…' }));
    expect(backend.startBulkBackup).toHaveBeenCalledWith(expect.objectContaining({ format: 'grist', once: 'granted' }));
    await settle();
    expect(backend.dropWaitingDownloads).not.toHaveBeenCalled();
  });

  test('the permission refused: the status line says what it is for, and the worker drops the start it holds', async () => {
    const { backend, requestDownloads } = await setup({ granted: false });
    // The worker's answer to a dropped start.
    backend.downloadDocument.mockResolvedValue({ ok: false, error: { kind: 'no-downloads-permission', message: 'no permission' } });
    const { submenu } = await openDownload();
    fireEvent.click(within(submenu).getByRole('menuitem', { name: '.grist' }));
    expect(requestDownloads).toHaveBeenCalledTimes(1);
    await settle();
    await waitFor(() => expect(status().textContent).toContain('Downloading needs permission to save files to your downloads: allow it when the browser asks.'));
    expect(backend.dropWaitingDownloads).toHaveBeenCalledWith(null);
    expect(status().textContent).not.toContain('Downloading Budget');
    // The listing is as it was.
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });
});

describe('a heading’s Back up…', () => {
  test('a workspace’s documents, as .grist, after the permission asked in the click; its progress, then what it came to, with Open in Bulk changes', async () => {
    const { backend, requestDownloads, openBulkChanges } = await setup();
    const started = backupRun([item({ state: 'saved', bytes: 1_200_000 }), item({ docId: 'notesDoc0000000000000', oldName: 'Shared notes', newName: 'Shared notes', state: 'sending', bytes: 300_000 })], false);
    backend.startBulkBackup.mockResolvedValue({ ok: true, value: started });
    const polled = deferred<Reply<'getBulkRun'>>();
    backend.getBulkRun.mockReturnValue(polled.promise);
    const menu = await openMenu('Home');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Back up…' }));
    expect(requestDownloads).toHaveBeenCalledTimes(1);
    await settle();
    expect(backend.startBulkBackup).toHaveBeenCalledWith({
      requestId: expect.any(String),
      format: 'grist',
      once: 'granted',
      items: [expect.objectContaining({ orgId: 1, docId: 'budgetDoc000000000000' }), expect.objectContaining({ orgId: 1, docId: 'notesDoc0000000000000' })],
    });
    await waitFor(() => expect(status().textContent).toContain('Backing up 1 of 2 documents · 1.5 MB'));
    const bar = within(status()).getByRole('progressbar', { name: 'Backup progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 2]);
    expect(within(status()).queryByRole('button', { name: 'Show in folder' })).toBeNull();
    // Read again for that run while the popup is open.
    await waitFor(() => expect(backend.getBulkRun).toHaveBeenCalledWith({ runId: 'run-1' }));
    await act(async () => polled.resolve({ ok: true, value: backupRun([item({ state: 'saved', bytes: 1_200_000 }), item({ docId: 'notesDoc0000000000000', state: 'failed', message: 'access denied' })], true) }));
    await settle();
    expect(status().textContent).toContain('Backed up 1 document to Grist backup 2026-11-29 02.30 (1.2 MB). 1 was not saved: its reason is in Bulk changes.');
    expect(within(status()).queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(status()).getByRole('button', { name: 'Open in Bulk changes' }));
    expect(openBulkChanges).toHaveBeenCalledTimes(1);
    // Show in folder opens the backup's folder, by its backup.json's download.
    backend.showDownload.mockResolvedValue({ ok: true, value: null });
    fireEvent.click(within(status()).getByRole('button', { name: 'Show in folder' }));
    await settle();
    expect(backend.showDownload).toHaveBeenCalledExactlyOnceWith({ downloadId: 77 });
  });

  test('a site’s: every document of each of its workspaces', async () => {
    const { backend } = await setup();
    backend.startBulkBackup.mockResolvedValue({ ok: true, value: backupRun([item({ state: 'saved', bytes: 10 }), item({ docId: 'x', state: 'saved', bytes: 20 })], true) });
    fireEvent.click(within(await openMenu('Acme')).getByRole('menuitem', { name: 'Back up…' }));
    await settle();
    const { items } = backend.startBulkBackup.mock.calls[0]![0];
    expect(items.map((entry: { orgId: number; docId: string }) => [entry.orgId, entry.docId])).toEqual([
      [2, 'reportDoc000000000000'],
      [2, 'opsDoc000000000000000'],
    ]);
    await waitFor(() => expect(status().textContent).toContain('Backed up 2 documents to Grist backup 2026-11-29 02.30 (30 bytes).'));
  });

  test('the permission refused: said, and the worker drops the start it holds (no run)', async () => {
    const { backend } = await setup({ granted: false });
    backend.startBulkBackup.mockResolvedValue({ ok: false, error: { kind: 'no-downloads-permission', message: 'no permission' } });
    fireEvent.click(within(await openMenu('Home')).getByRole('menuitem', { name: 'Back up…' }));
    await settle();
    await waitFor(() => expect(status().textContent).toContain('Downloading needs permission to save files to your downloads'));
    expect(backend.dropWaitingDownloads).toHaveBeenCalledWith(null);
    expect(within(status()).queryByRole('progressbar')).toBeNull();
  });
});

describe('a popup opened while a backup runs', () => {
  test('shows the latest run’s progress when it is a backup not done', async () => {
    const { backend } = await setup({ latestRun: backupRun([item({ state: 'saved', bytes: 2_000_000 }), item({ docId: 'b' }), item({ docId: 'c' })], false, 'run-7') });
    expect(backend.getBulkRun).toHaveBeenCalledWith({ runId: null });
    await waitFor(() => expect(status().textContent).toContain('Backing up 1 of 3 documents · 2 MB'));
    await waitFor(() => expect(backend.getBulkRun).toHaveBeenCalledWith({ runId: 'run-7' }));
  });

  test.each([
    ['a backup done', backupRun([item({ state: 'saved', bytes: 5 })], true)],
    ['a rename run under way', { ...backupRun([item({ state: 'sending' })], false), kind: 'rename' as const, backup: undefined }],
  ])('shows nothing of %s', async (_case, run) => {
    const { backend } = await setup({ latestRun: run });
    expect(backend.getBulkRun).toHaveBeenCalledWith({ runId: null });
    await settle();
    expect(status().textContent).not.toMatch(/Backing up|Backed up/);
    expect(backend.getBulkRun).toHaveBeenCalledTimes(1);
  });
});
