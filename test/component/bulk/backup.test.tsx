// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), downloading
 * the picked documents (issue 51): the form (format, what the run will do, Start), the browser's
 * `downloads` permission asked in Start's click, and the run's progress (documents and bytes, each
 * row's outcome in words, no Undo this batch).
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, describe, expect, test, vi } from 'vitest';
import fr from '../../../public/_locales/fr/messages.json' with { type: 'json' };
import { BulkApp } from '../../../src/bulk/app.tsx';
import { createBulkStore } from '../../../src/bulk/store.ts';
import type { BulkItemStatus, BulkRunSnapshot } from '../../../src/shared/protocol/bulk.ts';
import { getMessageFrom } from '../../setup/messages.ts';
import { checkbox, clickAndSettle, fakeBackend, item, listing, previewTable, runOf, setup } from './bulk-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The page's clock: 29 November 2026, 14:05 local time. */
const now = () => new Date(2026, 10, 29, 14, 5, 30);
const FOLDER = 'Grist backup 2026-11-29 14.05';

/** Picks Acme's Budget 2025 – Sales and Globex's budget (two hosts), and opens Download selected…. */
async function openForm(options: Parameters<typeof setup>[0] = {}) {
  const page = await setup({ now, ...options });
  fireEvent.click(checkbox('Budget 2025 – Sales'));
  fireEvent.click(checkbox('Budget 2025 – <b>Globex</b>'));
  fireEvent.click(screen.getByRole('button', { name: 'Download selected…' }));
  return page;
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the Download selected… form', () => {
  test('sends nothing: it offers the four formats (.grist without history chosen), says each one’s contents, and previews the count, the folder with its date and layout, and the work', async () => {
    const { backend } = await openForm();
    expect(backend.startBulkBackup).not.toHaveBeenCalled();
    const formats = screen.getAllByRole('radio').map((each) => [(each as HTMLInputElement).labels![0]!.textContent, (each as HTMLInputElement).checked]);
    expect(formats).toEqual([
      ['.grist without history', true],
      ['.grist with history', false],
      ['Excel (.xlsx)', false],
      ['CSV of every table', false],
    ]);
    const holds = document.getElementById(radio('Excel (.xlsx)').getAttribute('aria-describedby')!)!;
    expect(holds.textContent).toBe('Every table as a sheet of one workbook per document: the values, not the formulas.');
    // The format is the first thing to answer.
    expect(document.activeElement).toBe(radio('.grist without history'));
    const form = screen.getByRole('group', { name: 'Download 2 documents' });
    expect(within(form).getByText(`${FOLDER}/<site>/<workspace>/<document>.grist`).tagName).toBe('CODE');
    expect(within(form).getByText(/^2 files, and backup\.json/).textContent).toBe(
      '2 files, and backup.json listing them; downloaded from 2 servers, at most 6 at a time from each (a server that asks to wait pauses the run, which then goes on).',
    );
    expect(within(form).getByText(/moved to the trash since this list was read/)).toBeTruthy();
    expect(previewTable()).toEqual({
      columns: ['Site and workspace', 'Name'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales'],
        ['Globex › Projects', 'Budget 2025 – <b>Globex</b>'],
      ],
    });
    // The rename's preview and button are not shown meanwhile.
    expect(screen.queryByText(/will be renamed/)).toBeNull();
  });

  test('a CSV backup previews a folder per document with a file per table, and counts the tables’ reads; the count follows the choice', async () => {
    await openForm();
    fireEvent.click(radio('CSV of every table'));
    expect(radio('CSV of every table').checked).toBe(true);
    expect(screen.getByText(`${FOLDER}/<site>/<workspace>/<document>/<table>.csv`)).toBeTruthy();
    expect(screen.getByText(/^One file per table of each of 2 documents \(each one’s tables are read first: one request each\)/)).toBeTruthy();
    fireEvent.click(radio('Excel (.xlsx)'));
    expect(screen.getByText(`${FOLDER}/<site>/<workspace>/<document>.xlsx`)).toBeTruthy();
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    expect(screen.getByRole('group', { name: 'Download 3 documents' })).toBeTruthy();
  });

  test('Cancel and Escape close it, sending nothing, the focus back on Download selected…', async () => {
    const { backend } = await openForm();
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('group', { name: /^Download \d/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download selected…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download selected…' }));
    fireEvent.keyDown(radio('.grist without history'), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: /^Download \d/ })).toBeNull();
    expect(backend.startBulkBackup).not.toHaveBeenCalled();
  });

  test('Start asks for the downloads permission in the click itself, then, granted, starts one run of the picked documents in the format chosen', async () => {
    const requestDownloadsPermission = vi.fn(async () => true);
    const { backend } = await openForm({ requestDownloadsPermission });
    fireEvent.click(radio('Excel (.xlsx)'));
    const saving = (state: BulkItemStatus['state']) => [item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales', state)];
    backend.startBulkBackup.mockResolvedValue({ ok: true, value: runOf(saving('queued'), { kind: 'backup', withoutUndo: true, backup: { format: 'xlsx', folder: FOLDER } }) });
    const start = screen.getByRole('button', { name: 'Start' });
    // Synchronously, inside the click's handler: an await before it would lose the user's gesture.
    fireEvent.click(start);
    expect(requestDownloadsPermission).toHaveBeenCalledTimes(1);
    await clickAndSettle(document.body);
    expect(backend.startBulkBackup).toHaveBeenCalledExactlyOnceWith({
      requestId: expect.any(String),
      items: [
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetSales00000000000' },
        { orgId: 6, siteUrl: 'https://globex.getgrist.com', docId: 'budgetGlobex0000000000' },
      ],
      format: 'xlsx',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Backing up' })).toBeTruthy();
  });

  test('viewers and editors may download: while the form is open the picker offers every document, not only those the user owns, and the run gets them', async () => {
    const requestDownloadsPermission = vi.fn(async () => true);
    const { backend } = await setup({ now, requestDownloadsPermission });
    // Renames, moves and the trash need an owner: a document the user only edits is not offered.
    expect(screen.queryByRole('checkbox', { name: /Budget 2025 – Shared/ })).toBeNull();
    expect(screen.getByText(/documents? (is|are) not offered/)).toBeTruthy();
    // Nothing picked yet: the button opens the form all the same.
    fireEvent.click(screen.getByRole('button', { name: 'Download selected…' }));
    expect(screen.queryByText(/documents? (is|are) not offered/)).toBeNull();
    fireEvent.click(checkbox('Budget 2025 – Shared'));
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    expect(screen.getByRole('group', { name: 'Download 2 documents' })).toBeTruthy();
    backend.startBulkBackup.mockResolvedValue({ ok: true, value: runOf([item('sharedWithMe0000000000', 'Budget 2025 – Shared', 'Budget 2025 – Shared', 'queued')], { kind: 'backup', withoutUndo: true, backup: { format: 'grist', folder: FOLDER } }) });
    await clickAndSettle(screen.getByRole('button', { name: 'Start' }));
    expect(backend.startBulkBackup.mock.calls[0]![0].items.map(({ docId }: { docId: string }) => docId).sort()).toEqual(['budgetSales00000000000', 'sharedWithMe0000000000']);
  });

  test('closed, the picker offers only owned documents again, and a pick the user does not own no longer counts', async () => {
    await setup({ now });
    fireEvent.click(screen.getByRole('button', { name: 'Download selected…' }));
    fireEvent.click(checkbox('Budget 2025 – Shared'));
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox', { name: /Budget 2025 – Shared/ })).toBeNull();
    expect(screen.getByText('1 document selected')).toBeTruthy();
    const rows = previewTable().rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Budget 2025 – Sales');
  });

  test('refused: the form says what the permission is for, and nothing else changes: no run, the form and its choice as they were', async () => {
    const requestDownloadsPermission = vi.fn(async () => false);
    const { backend } = await openForm({ requestDownloadsPermission });
    fireEvent.click(radio('CSV of every table'));
    await clickAndSettle(screen.getByRole('button', { name: 'Start' }));
    expect(requestDownloadsPermission).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'The browser did not give the permission to manage downloads. The extension asks for it only to save the files you ask for in your downloads folder; without it nothing is downloaded and nothing else changes. Start asks again.',
    );
    expect(backend.startBulkBackup).not.toHaveBeenCalled();
    expect(radio('CSV of every table').checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Download 2 documents' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Backing up' })).toBeNull();
    expect(checkbox('Budget 2025 – Sales').checked).toBe(true);
  });

  test('a request the browser throws at is a refusal, said with the browser’s reason', async () => {
    const requestDownloadsPermission = vi.fn(() => {
      throw new Error('permissions.request may only be called from a user input handler');
    });
    const { backend } = await openForm({ requestDownloadsPermission });
    await clickAndSettle(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('alert').textContent).toContain('(permissions.request may only be called from a user input handler)');
    expect(backend.startBulkBackup).not.toHaveBeenCalled();
  });
});

/** A backup run's item: `bytes` received (its size once saved), of `totalBytes` announced. */
function saving(id: string, name: string, state: BulkItemStatus['state'], sizes: { bytes?: number; totalBytes?: number } = {}, message?: string): BulkItemStatus {
  return { ...item(id, name, name, state, message), ...sizes };
}

/** A backup run's snapshot; once done, its backup.json was saved as download 41 (the worker sets that at the run's end). */
const backupRunOf = (items: BulkItemStatus[]): BulkRunSnapshot => {
  const run = runOf(items, { kind: 'backup', withoutUndo: true, backup: { format: 'grist', folder: FOLDER } });
  return run.done ? { ...run, backup: { ...run.backup!, manifestDownloadId: 41 } } : run;
};

/** Three documents: one saved (1.2 MB), one on its way (300 kB of 2 MB), one waiting. */
const underWay = () => [
  saving('budgetSales00000000000', 'Budget 2025 – Sales', 'saved', { bytes: 1_234_567 }),
  saving('budgetLegal00000000000', 'Budget 2025 – Legal', 'sending', { bytes: 300_000, totalBytes: 2_000_000 }),
  saving('forecast00000000000000', 'Forecast', 'queued'),
];

/** The same run done: the second saved, the third in the trash (Grist's words). */
const finished = () => [
  saving('budgetSales00000000000', 'Budget 2025 – Sales', 'saved', { bytes: 1_234_567 }),
  saving('budgetLegal00000000000', 'Budget 2025 – Legal', 'saved', { bytes: 2_000_000 }),
  saving('forecast00000000000000', 'Forecast', 'failed', {}, 'Document is deleted'),
];

describe('a backup run', () => {
  test('under way: the bar counts documents, the bytes received are said, each row says what it received; Stop; where the files go', async () => {
    await setup({ latestRun: backupRunOf(underWay()) });
    await screen.findByRole('heading', { name: 'Backing up' });
    const bar = screen.getByRole('progressbar');
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['1', '3']);
    expect(document.getElementById('run-count')!.textContent).toBe('1 of 3 · 1.5 MB received');
    expect(previewTable('Backing up')).toEqual({
      columns: ['Site and workspace', 'Name', 'Outcome'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'saved · 1.2 MB'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'downloading · 300 kB of 2 MB'],
        ['Acme › Finance', 'Forecast', 'waiting'],
      ],
    });
    expect(screen.getByText(`Saving into the folder “${FOLDER}” of your downloads.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });

  test('followed to its end: the later looks’ bytes, each outcome (a size, or Grist’s reason), Retry failed, where the files are and backup.json; no Undo this batch', async () => {
    const { backend, nextLook } = await setup({ latestRun: backupRunOf(underWay()) });
    await screen.findByRole('heading', { name: 'Backing up' });
    expect(screen.queryByRole('button', { name: 'Show in folder' })).toBeNull();
    backend.getBulkRun.mockResolvedValue({ ok: true, value: backupRunOf(finished()) });
    await nextLook();
    expect(screen.getByRole('heading', { level: 2, name: 'Bulk backup finished' })).toBeTruthy();
    expect(document.getElementById('run-count')!.textContent).toBe('3 of 3 · 3.2 MB received');
    expect(previewTable('Backing up').rows.map((row) => row[2])).toEqual(['saved · 1.2 MB', 'saved · 2 MB', 'failed: Document is deleted']);
    expect(screen.getByRole('status').textContent).toBe('2 saved, 1 failed, 0 not sent.');
    expect(
      screen.getByText(`The files are in the folder “${FOLDER}” of your downloads; backup.json there lists each document saved (its id, site, workspace, name, format, size and time).`),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry failed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo this batch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    // Show in folder opens the backup's folder, by its backup.json's download.
    await clickAndSettle(screen.getByRole('button', { name: 'Show in folder' }));
    expect(backend.showDownload).toHaveBeenCalledExactlyOnceWith({ downloadId: 41 });
  });

  test('a backup offers no Undo this batch even from a snapshot that does not say withoutUndo: it has no undo’s words', async () => {
    await setup({ latestRun: runOf(finished(), { kind: 'backup', backup: { format: 'grist', folder: FOLDER } }) });
    await screen.findByRole('heading', { name: 'Bulk backup finished' });
    expect(screen.getByRole('button', { name: 'Retry failed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo this batch' })).toBeNull();
  });

  // French puts a narrow no-break space (U+202F) between a number and its unit (Intl, CLDR).
  test('in French, sizes are said in the page’s language', async () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(getMessageFrom(fr) as never);
    const run = backupRunOf(finished());
    const store = createBulkStore({ backend: fakeBackend(listing(), run), readCachedListing: async () => listing(), requestDownloadsPermission: async () => false });
    render(<BulkApp store={store} />);
    await screen.findByRole('heading', { name: 'Sauvegarde groupée terminée' });
    expect(document.getElementById('run-count')!.textContent).toBe('3 sur 3 · 3,2\u202fMo reçus');
    expect(previewTable('Sauvegarde en cours').rows.map((row) => row[2])).toEqual(['enregistré · 1,2\u202fMo', 'enregistré · 2\u202fMo', 'échec : Document is deleted']);
  });
});
