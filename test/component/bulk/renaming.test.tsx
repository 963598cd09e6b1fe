// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), renaming: the run as it goes, Retry failed, Undo this batch, a run found under way.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import { checkbox, clickAndSettle, findField, item, runOf, setup, undoAnswer } from './bulk-page.tsx';

afterEach(cleanup);

describe('renaming', () => {
  test('each answer sends its start with a request id of its own, one per answer (the worker knows a start sent again by it)', async () => {
    const { backend } = await setup();
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.input(findField(), { target: { value: '2025' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: '2026' } });
    // The worker does not answer the first start (gone meanwhile): the preview stays, and the user answers again.
    backend.startBulkRename.mockResolvedValue({ ok: false, error: { kind: 'network', message: 'The extension’s background worker did not answer.' } });
    await clickAndSettle(screen.getByRole('button', { name: 'Rename 1 document' }));
    await clickAndSettle(screen.getByRole('button', { name: 'Rename 1 document' }));
    const ids = backend.startBulkRename.mock.calls.map(([request]) => request.requestId);
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  test('Rename N documents sends only the will-rename ones, then shows the run as it goes: progress, outcomes, Stop', async () => {
    const { backend, nextLook } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    fireEvent.input(findField(), { target: { value: '2025' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: '2026' } });
    const sales = item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'sending');
    const legal = item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'queued');
    const globex = { ...item('budgetGlobex0000000000', 'Budget 2025 – <b>Globex</b>', 'Budget 2026 – <b>Globex</b>', 'queued'), orgId: 6 };
    backend.startBulkRename.mockResolvedValue({ ok: true, value: runOf([sales, legal, globex]) });
    await clickAndSettle(screen.getByRole('button', { name: 'Rename 3 documents' }));
    expect(backend.startBulkRename).toHaveBeenCalledExactlyOnceWith({
      requestId: expect.any(String),
      items: [
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetSales00000000000', newName: 'Budget 2026 – Sales' },
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetLegal00000000000', newName: 'Budget 2026 – Legal' },
        { orgId: 6, siteUrl: 'https://globex.getgrist.com', docId: 'budgetGlobex0000000000', newName: 'Budget 2026 – <b>Globex</b>' },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Renaming' })).toBeTruthy();
    // The form and its button went: focus is on the run's heading, not lost.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Renaming' }));
    expect(screen.getByText('0 of 3')).toBeTruthy();
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(0);

    backend.getBulkRun.mockResolvedValue({ ok: true, value: runOf([{ ...sales, state: 'renamed' }, { ...legal, state: 'sending' }, globex]) });
    await nextLook();
    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(backend.getBulkRun).toHaveBeenLastCalledWith({ runId: 'run-1' });

    backend.stopBulkRun.mockResolvedValue({
      ok: true,
      value: runOf([{ ...sales, state: 'renamed' }, { ...legal, state: 'sending' }, { ...globex, state: 'not-sent', message: 'Not sent: the run was stopped.' }], { stopped: true }),
    });
    screen.getByRole('button', { name: 'Stop' }).focus();
    await clickAndSettle(screen.getByRole('button', { name: 'Stop' }));
    expect(backend.stopBulkRun).toHaveBeenCalledWith({ runId: 'run-1' });
    backend.getBulkRun.mockResolvedValue({
      ok: true,
      value: runOf([{ ...sales, state: 'renamed' }, { ...legal, state: 'failed', message: 'Grist refused: access denied.' }, { ...globex, state: 'not-sent', message: 'Not sent: the run was stopped.' }], { stopped: true }),
    });
    await nextLook();
    expect(screen.getByRole('heading', { name: 'Bulk rename finished' })).toBeTruthy();
    expect(screen.getAllByText('1 renamed, 1 failed, 1 not sent.').length).toBeGreaterThan(0);
    const rows = within(screen.getByRole('table', { name: 'Renaming' })).getAllByRole('row').slice(1).map((row) => row.lastElementChild?.textContent);
    expect(rows).toEqual(['renamed', 'failed: Grist refused: access denied.', 'Not sent: the run was stopped.']);
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    // Stop went with the run's end: focus that was on it is on the heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Bulk rename finished' }));
    expect(screen.getByRole('button', { name: 'Retry failed' })).toBeTruthy();
  });

  test('Retry failed re-runs the run’s failed ones; Undo this batch reports per document', async () => {
    const done = runOf([
      item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'renamed'),
      item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'failed', 'Grist did not answer.'),
    ]);
    const { backend } = await setup({ latestRun: done });
    await screen.findByRole('heading', { name: 'Bulk rename finished' });
    backend.retryFailedBulk.mockResolvedValue({ ok: true, value: runOf(done.items.map((entry) => ({ ...entry, state: 'renamed' as const, message: undefined }))) });
    await clickAndSettle(screen.getByRole('button', { name: 'Retry failed' }));
    expect(backend.retryFailedBulk).toHaveBeenCalledExactlyOnceWith({ runId: 'run-1' });
    expect(screen.getAllByText('2 renamed, 0 failed, 0 not sent.').length).toBeGreaterThan(0);

    backend.undoBatch.mockResolvedValue(
      undoAnswer(
        ['budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'restored'],
        ['budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'renamed-since', 'Legal (final)'],
      ),
    );
    await clickAndSettle(screen.getByRole('button', { name: 'Undo this batch' }));
    expect(backend.undoBatch).toHaveBeenCalledExactlyOnceWith({ batchId: 'batch-1' });
    expect(screen.getByRole('status').textContent).toBe('Restored 1 of 2 names.');
    const outcomes = within(screen.getByRole('table', { name: 'Renaming' })).getAllByRole('row').slice(1).map((row) => row.lastElementChild?.textContent);
    expect(outcomes).toEqual(['restored', 'not restored: renamed elsewhere since, now “Legal (final)”']);
    expect(screen.queryByRole('button', { name: 'Undo this batch' })).toBeNull();

    screen.getByRole('button', { name: 'New bulk rename' }).focus();
    await clickAndSettle(screen.getByRole('button', { name: 'New bulk rename' }));
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Documents' }));
  });

  test('a page opened on a run undone already (reloaded, another tab) shows it undone: its rows and heading as after Undo, no second Undo this batch', async () => {
    const undone = runOf(
      [
        item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'renamed'),
        item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'renamed'),
      ],
      { undone: undoAnswer(['budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'restored'], ['budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'renamed-since', 'Legal (final)']).value },
    );
    await setup({ latestRun: undone });
    expect(await screen.findByRole('heading', { name: 'Bulk rename finished · 1 of 2 undone' })).toBeTruthy();
    const outcomes = within(screen.getByRole('table', { name: 'Renaming' })).getAllByRole('row').slice(1).map((row) => row.lastElementChild?.textContent);
    expect(outcomes).toEqual(['restored', 'not restored: renamed elsewhere since, now “Legal (final)”']);
    expect(screen.queryByRole('button', { name: 'Undo this batch' })).toBeNull();
  });

  test('a page opened while a run goes on shows it, live', async () => {
    const running = runOf([item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'sending')]);
    const { backend, nextLook } = await setup({ latestRun: running });
    expect(backend.getBulkRun).toHaveBeenCalledWith({ runId: null });
    await screen.findByText('0 of 1');
    backend.getBulkRun.mockResolvedValue({ ok: true, value: runOf([{ ...running.items[0]!, state: 'renamed' }]) });
    await nextLook();
    expect(screen.getByText('1 of 1')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 renamed, 0 failed, 0 not sent.');
  });
});
