// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), moving to the trash and copying (issue 41): asked in the preview before anything is sent.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BatchUndoResult, BulkItemStatus } from '../../../src/shared/protocol/bulk.ts';
import { personalSiteEntry, workspaceEntry } from '../../setup/listings.ts';
import { checkbox, chooseWorkspace, clickAndSettle, item, movable, previewTable, runOf, setup, undoAnswer } from './bulk-page.tsx';

afterEach(cleanup);

describe('moving to the trash and copying (issue 41): asked in the preview before anything is sent', () => {
  test('Move selected to trash sends nothing: the preview says what it comes to in its own words and columns, and asks with the count; Cancel and Escape send nothing', async () => {
    const { backend } = await setup();
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to trash' }));
    expect(backend.startBulkTrash).not.toHaveBeenCalled();
    expect(screen.getByText('2 documents will be moved to the trash: Grist keeps them there 30 days, and Undo this batch brings them back.')).toBeTruthy();
    expect(screen.queryByText(/will be renamed/)).toBeNull();
    expect(previewTable()).toEqual({
      columns: ['Site and workspace', 'Name'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales'],
        ['Acme › Finance', 'Budget 2025 – Legal'],
      ],
    });
    const question = screen.getByRole('group', { name: 'Move 2 documents to the trash?' });
    // The focus is on the question, not on a button a second Enter would press.
    expect(document.activeElement).toBe(within(question).getByText('Move 2 documents to the trash?'));
    expect(within(question).getByRole('button', { name: 'Move to trash' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Rename \d/ })).toBeNull();

    vi.useFakeTimers();
    try {
      fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('group', { name: /to the trash\?$/ })).toBeNull();
    expect(screen.getByText('0 will be renamed, 2 unchanged, 0 invalid.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move selected to trash' }));

    fireEvent.click(screen.getByRole('button', { name: 'Move selected to trash' }));
    fireEvent.keyDown(screen.getByText('Move 2 documents to the trash?'), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: /to the trash\?$/ })).toBeNull();
    expect(backend.startBulkTrash).not.toHaveBeenCalled();
  });

  test('the answer starts one run, of the documents picked now; its results have a trash run’s columns, and its heading follows Undo this batch', async () => {
    const { backend, nextLook } = await setup();
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to trash' }));
    expect(screen.getByRole('group', { name: 'Move 1 document to the trash?' })).toBeTruthy();
    // Picked while it asks: the question follows, and the run takes it.
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    expect(screen.getByRole('group', { name: 'Move 2 documents to the trash?' })).toBeTruthy();
    const trashing = (state: BulkItemStatus['state']) => [
      item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales', state),
      item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal', state),
    ];
    backend.startBulkTrash.mockResolvedValue({ ok: true, value: runOf(trashing('queued'), { kind: 'trash' }) });
    backend.getBulkRun.mockResolvedValue({ ok: true, value: runOf(trashing('trashed'), { kind: 'trash' }) });
    await clickAndSettle(screen.getByRole('button', { name: 'Move to trash' }));
    expect(backend.startBulkTrash).toHaveBeenCalledExactlyOnceWith({
      requestId: expect.any(String),
      items: [
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetSales00000000000' },
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetLegal00000000000' },
      ],
    });
    await nextLook();
    expect(screen.getByRole('heading', { level: 2, name: 'Bulk move to trash finished' })).toBeTruthy();
    expect(previewTable('Moving to trash')).toEqual({
      columns: ['Site and workspace', 'Name', 'Outcome'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'moved to trash'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'moved to trash'],
      ],
    });

    backend.undoBatch.mockResolvedValue(
      undoAnswer(
        ['budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales', 'restored'],
        ['budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal', 'failed', 'Grist did not answer.'],
      ),
    );
    await clickAndSettle(screen.getByRole('button', { name: 'Undo this batch' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Bulk move to trash finished · 1 of 2 undone' })).toBeTruthy();
    backend.undoBatch.mockResolvedValue(undoAnswer(['budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal', 'restored']));
    await clickAndSettle(screen.getByRole('button', { name: 'Undo this batch' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Bulk move to trash finished · 2 of 2 undone' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Restored 1 of 1 document from the trash.');
  });

  test('a copy’s destination chosen sends nothing: the preview names each copy and asks with the count and the destination; Copy starts the run', async () => {
    const { backend } = await setup({ cached: movable() });
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    chooseWorkspace('Copy selected to…', 'projects');
    expect(backend.startBulkCopy).not.toHaveBeenCalled();
    expect(screen.getByText('2 documents will be copied to Globex › Projects.')).toBeTruthy();
    expect(previewTable()).toEqual({
      columns: ['Site and workspace', 'Name', 'Name of the copy'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'Budget 2025 – Sales (copy)'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'Budget 2025 – Legal (copy)'],
      ],
    });
    const question = screen.getByRole('group', { name: 'Copy 2 documents to Globex › Projects?' });
    expect(document.activeElement).toBe(within(question).getByText('Copy 2 documents to Globex › Projects?'));

    const copying = [
      { ...item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales (copy)', 'queued') },
      { ...item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal (copy)', 'queued') },
    ];
    const to = { site: { orgId: 6, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 60, name: 'Projects' } };
    backend.startBulkCopy.mockResolvedValue({ ok: true, value: runOf(copying, { kind: 'copy', to }) });
    await clickAndSettle(within(question).getByRole('button', { name: 'Copy' }));
    expect(backend.startBulkCopy).toHaveBeenCalledExactlyOnceWith({
      requestId: expect.any(String),
      items: [
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetSales00000000000' },
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetLegal00000000000' },
      ],
      to: { orgId: 6, siteUrl: 'https://globex.getgrist.com', workspaceId: 60 },
    });
    expect(previewTable('Copying')).toEqual({
      columns: ['Site and workspace', 'Name', 'Name of the copy', 'Copy in', 'Outcome'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'Budget 2025 – Sales (copy)', 'Globex › Projects', 'waiting'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'Budget 2025 – Legal (copy)', 'Globex › Projects', 'waiting'],
      ],
    });
  });

  test('Undo this batch of a copy run says what became of each copy: moved to trash, or not, and why (not “restored”: the documents copied never moved)', async () => {
    const to = { site: { orgId: 6, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 60, name: 'Projects' } };
    const copied = [
      item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales (copy)', 'copied'),
      item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal (copy)', 'copied'),
      item('forecast00000000000000', 'Forecast', 'Forecast (copy)', 'copied'),
    ];
    const { backend } = await setup({ latestRun: runOf(copied, { kind: 'copy', to }) });
    await screen.findByRole('heading', { level: 2, name: 'Bulk copy finished' });
    // As the worker answers it: each result is about the copy the undo moved, with the document copied.
    const copyUndo = (docId: string, copyOf: string, oldName: string, outcome: BatchUndoResult['outcome'], message?: string): BatchUndoResult => ({ docId, copyOf, oldName, newName: `${oldName} (copy)`, outcome, ...(message ? { message } : {}) });
    backend.undoBatch.mockResolvedValue({
      ok: true,
      value: [
        copyUndo('copySales000000000000', 'budgetSales00000000000', 'Budget 2025 – Sales', 'restored'),
        copyUndo('copyLegal000000000000', 'budgetLegal00000000000', 'Budget 2025 – Legal', 'renamed-since', 'Legal copy (kept)'),
        copyUndo('copyForecast000000000', 'forecast00000000000000', 'Forecast', 'failed', 'Grist did not answer.'),
      ],
    });
    await clickAndSettle(screen.getByRole('button', { name: 'Undo this batch' }));
    expect(screen.getByRole('status').textContent).toBe('Moved 1 of 3 copies to trash.');
    expect(previewTable('Copying').rows.map((row) => row.at(-1))).toEqual([
      'moved to trash',
      'not moved to trash: the copy was renamed since, now “Legal copy (kept)”',
      'not moved to trash: Grist did not answer.',
    ]);
  });

  test('the personal site is named in the question and the run’s table as the picker names it, not by its Grist name', async () => {
    // Grist names every personal site alike, in English; the pages show it in the user's language.
    const cached = movable();
    cached.sites.unshift(personalSiteEntry([workspaceEntry(10, 'Home', [], { access: 'owners' })], { name: 'Grist’s own name' }));
    const { backend } = await setup({ cached });
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy selected to…' }));
    expect(screen.getByRole('group', { name: 'Personal' })).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Filter workspaces' });
    fireEvent.input(filter, { target: { value: 'home' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(screen.getByText('2 documents will be copied to Personal › Home.')).toBeTruthy();
    const question = screen.getByRole('group', { name: 'Copy 2 documents to Personal › Home?' });
    const copying = [item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales (copy)', 'queued')];
    // The run's place as the worker records it (placeIn): the personal site says so.
    const to = { site: { orgId: 1, name: 'Grist’s own name', url: 'https://docs.getgrist.com', personal: true }, workspace: { id: 10, name: 'Home' } };
    backend.startBulkCopy.mockResolvedValue({ ok: true, value: runOf(copying, { kind: 'copy', to }) });
    await clickAndSettle(within(question).getByRole('button', { name: 'Copy' }));
    expect(previewTable('Copying').rows[0]![3]).toBe('Personal › Home');
  });

  test('a move’s destination chosen while a trash run is asked about: the preview shows the move, and nothing is sent', async () => {
    const { backend } = await setup({ cached: movable() });
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to trash' }));
    chooseWorkspace('Move selected to…', 'archive');
    expect(screen.queryByRole('group', { name: /to the trash\?$/ })).toBeNull();
    expect(screen.getByText('1 will move to Acme › Archive, 0 already there, 0 on another Grist server.')).toBeTruthy();
    expect(backend.startBulkTrash).not.toHaveBeenCalled();
    expect(backend.startBulkMove).not.toHaveBeenCalled();
  });
});
