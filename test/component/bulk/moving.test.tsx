// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), moving (issue 18): the destination, the preview, the one question, the run.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import type { BulkItemStatus } from '../../../src/shared/protocol/bulk.ts';
import { checkbox, chooseWorkspace, clickAndSettle, doc, findField, item, movable, previewTable, runOf, setup, site, undoAnswer } from './bulk-page.tsx';

afterEach(cleanup);

describe('moving (issue 18)', () => {
  const chooseDestination = (name: string) => chooseWorkspace('Move selected to…', name);

  test('Move selected to… lists where the selection can go; the preview says where each one goes', async () => {
    await setup({ cached: movable() });
    expect((screen.getByRole('button', { name: 'Move selected to…' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – <b>Globex</b>'));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to…' }));
    const list = screen.getByRole('listbox', { name: 'Destination for 2 documents' });
    // Finance stays a destination: the Globex document is not in it.
    expect(within(list).getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Finance — Acme', 'Archive — Acme', 'Projects — Globex']);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Filter workspaces' }), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();

    await chooseDestination('finance');
    expect(screen.getByText('Selected documents move to Acme › Finance.')).toBeTruthy();
    // The move's own words and columns: nothing of a rename.
    expect(screen.getByText('1 will move to Acme › Finance, 1 already there, 0 on another Grist server.')).toBeTruthy();
    expect(previewTable()).toEqual({
      columns: ['Site and workspace', 'Name', 'Moves to'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'already there'],
        ['Globex › Projects', 'Budget 2025 – <b>Globex</b>', 'Acme › Finance'],
      ],
    });
    expect(screen.queryByText(/will be renamed/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rename \d/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move 1 document' })).toBeTruthy();
    // A rule being typed that is not valid yet does not hide moving.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    fireEvent.input(findField(), { target: { value: '(' } });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move 1 document' })).toBeTruthy();
  });

  test('a site of another server with the same org id is told apart by its address: its document is not moved', async () => {
    const cached = movable();
    const other = { ...site(5, 'Acme', [{ id: 50, name: 'Finance', access: 'owners', documents: [doc('selfHosted000000000000', 'Self-hosted budget')] }]), siteUrl: 'https://grist.example.com/o/acme' };
    cached.sites.push(other);
    await setup({ cached });
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select Budget 2025 – Sales' })[0]!);
    fireEvent.click(checkbox('Self-hosted budget'));
    await chooseDestination('archive');
    const table = screen.getByRole('table', { name: 'Preview' });
    const movesTo = within(table).getAllByRole('row').slice(1).map((row) => [row.children[1]?.textContent, row.lastElementChild?.textContent]);
    expect(movesTo).toEqual([
      ['Budget 2025 – Sales', 'Acme › Archive'],
      ['Self-hosted budget', 'on another Grist server: not moved'],
    ]);
    expect(screen.getByRole('button', { name: 'Move 1 document' })).toBeTruthy();
  });

  test('a batch leaving its site asks once, naming the count; Move anyway starts one run; the run shows each move and undoes as a batch', async () => {
    const { backend, nextLook } = await setup({ cached: movable() });
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    await chooseDestination('projects');
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 documents' }));
    expect(backend.startBulkMove).not.toHaveBeenCalled();
    expect(screen.getByText('Moving to Globex gives 2 documents new addresses: links to them stop working, and moving them back will not restore them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(backend.startBulkMove).not.toHaveBeenCalled();

    const to = { site: { orgId: 6, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 60, name: 'Projects' } };
    const moving = (state: BulkItemStatus['state']) => [
      { ...item('budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales', state) },
      { ...item('budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal', state) },
    ];
    backend.startBulkMove.mockResolvedValue({ ok: true, value: runOf(moving('queued'), { kind: 'move', to }) });
    backend.getBulkRun.mockResolvedValue({ ok: true, value: runOf(moving('moved'), { kind: 'move', to }) });
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 documents' }));
    await clickAndSettle(screen.getByRole('button', { name: 'Move anyway' }));
    expect(backend.startBulkMove).toHaveBeenCalledExactlyOnceWith({
      requestId: expect.any(String),
      items: [
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetSales00000000000' },
        { orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: 'budgetLegal00000000000' },
      ],
      to: { orgId: 6, siteUrl: 'https://globex.getgrist.com', workspaceId: 60 },
    });
    expect(screen.getByRole('status').textContent).toBe('Moving 2 documents…');
    await nextLook();
    expect(screen.getByRole('status').textContent).toBe('2 moved, 0 failed, 0 not sent.');
    const table = screen.getByRole('table', { name: 'Moving' });
    expect(previewTable('Moving')).toEqual({
      columns: ['Site and workspace', 'Name', 'Moves to', 'Outcome'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'Globex › Projects', 'moved'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'Globex › Projects', 'moved'],
      ],
    });
    backend.undoBatch.mockResolvedValue(
      undoAnswer(
        ['budgetSales00000000000', 'Budget 2025 – Sales', 'Budget 2025 – Sales', 'restored'],
        ['budgetLegal00000000000', 'Budget 2025 – Legal', 'Budget 2025 – Legal', 'moved-since', 'Clients'],
      ),
    );
    await clickAndSettle(screen.getByRole('button', { name: 'Undo this batch' }));
    expect(backend.undoBatch).toHaveBeenCalledExactlyOnceWith({ batchId: 'batch-1' });
    expect(within(table).getByText('not moved back: moved to “Clients” since')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Moved 1 of 2 documents back.');
  });
});
