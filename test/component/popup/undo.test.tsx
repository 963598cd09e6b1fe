// @vitest-environment jsdom
/**
 * The popup's undo of its last change (its Undo, Ctrl+Z) and the rename history.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { documentEntry as doc } from '../../setup/listings.ts';
import { setupPopupTests, personalSite, acmeSite, BUDGET, freshListing, setup, searchBox, renameBudget, backToDocuments, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

describe('undo and the rename history (issue 13)', () => {
  /** Does `action`, then lets the promises it started settle. */
  async function settleAfter(action: () => unknown): Promise<void> {
    action();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }


  test('the status line’s Undo puts the old name back, in the list at once', async () => {
    const popup = await renameBudget();
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    const undo = screen.getByRole('button', { name: 'Undo rename of Budget 2027' });
    undo.focus(); // as a click would
    await act(async () => {
      await settleAfter(() => fireEvent.click(undo));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-1', target: { kind: 'document', id: BUDGET.id }, force: false });
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Renamed back to “\u2068Budget\u2069”.');
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(searchBox()));
  });

  test('Ctrl+Z and Cmd+Z undo the last rename, but not while typing in a field', async () => {
    const popup = await renameBudget();
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    fireEvent.keyDown(searchBox(), { key: 'z', ctrlKey: true });
    expect(popup.backend.undoChange).not.toHaveBeenCalled();
    await act(async () => {
      await settleAfter(() => fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget 2027' }), { key: 'z', metaKey: true }));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  test('a change undone from the History is no longer offered by the status line, nor by Ctrl+Z (issue 41)', async () => {
    const popup = await renameBudget();
    expect(screen.getByRole('button', { name: 'Undo rename of Budget 2027' })).toBeTruthy();
    const renamed = { id: 'entry-1', at: Date.now(), kind: 'rename' as const, target: { kind: 'document' as const, id: BUDGET.id }, site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 10, name: 'Home' }, oldName: 'Budget', newName: 'Budget 2027', source: 'popup' as const, cannotUndo: null };
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [renamed] });
    chooseInTitleMenu('History');
    await act(async () => {
      await settleAfter(() => undefined);
    });
    const list = await screen.findByRole('list', { name: 'History' });
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(list).getByRole('button', { name: 'Undo rename of Budget 2027' })));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    await screen.findByRole('link', { name: 'Open Budget' });
    expect(within(screen.getByRole('status')).queryByRole('button', { name: /^Undo/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('link', { name: 'Open Budget' }), { key: 'z', ctrlKey: true });
    expect(popup.backend.undoChange).toHaveBeenCalledTimes(1);
  });

  test('the status line’s Undo or Ctrl+Z while the History is shown: the History reads again, and its entry no longer offers Undo', async () => {
    const popup = await renameBudget();
    const renamed = { id: 'entry-1', at: Date.now(), kind: 'rename' as const, target: { kind: 'document' as const, id: BUDGET.id }, site: { orgId: 1, name: 'Personal', url: 'https://docs.getgrist.com' }, workspace: { id: 10, name: 'Home' }, oldName: 'Budget', newName: 'Budget 2027', source: 'popup' as const, cannotUndo: null };
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [renamed] });
    chooseInTitleMenu('History');
    await act(async () => {
      await settleAfter(() => undefined);
    });
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getByRole('button', { name: 'Undo rename of Budget 2027' })).toBeTruthy();
    // The log as the worker keeps it once undone.
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [{ ...renamed, cannotUndo: 'Already undone.' }] });
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-2' } });
    await act(async () => {
      await settleAfter(() => fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true }));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledExactlyOnceWith({ entryId: 'entry-1', target: { kind: 'document', id: BUDGET.id }, force: false });
    await waitFor(() => expect(within(list).queryByRole('button', { name: /^Undo/ })).toBeNull());
    expect(within(list).getByRole('listitem').textContent).toContain('Already undone.');
  });

  test('renamed elsewhere since: said, nothing changes; Restore anyway sends it with force', async () => {
    const popup = await renameBudget();
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'changed-elsewhere', current: 'Budget (final)' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Undo rename of Budget 2027' })));
    });
    expect(screen.getByRole('status').textContent).toContain('“\u2068Budget\u2069” was renamed elsewhere since: it is now “\u2068Budget (final)\u2069”.');
    expect(screen.getByRole('link', { name: 'Open Budget 2027' })).toBeTruthy();
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: 'entry-3' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Restore “\u2068Budget\u2069” anyway' })));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'entry-1', target: { kind: 'document', id: BUDGET.id }, force: true });
    expect(screen.getByRole('link', { name: 'Open Budget' })).toBeTruthy();
  });

  const ENTRY = {
    id: 'entry-9',
    at: Date.now() - 3 * 60_000,
    kind: 'rename' as const,
    target: { kind: 'document' as const, id: 'acmeForecast000000000' },
    site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' },
    workspace: { id: 20, name: 'Sales' },
    oldName: 'Forecast',
    newName: '<b>Forecast 2027</b>',
    source: 'page' as const,
    cannotUndo: null,
  };

  test('the history lists each rename, read only when opened; an entry’s Undo restores it in the list', async () => {
    // The list shows Forecast under its new name; the history's Undo gives it its old one back.
    const renamed = acmeSite({ workspaces: [{ id: 20, name: 'Sales', documents: [doc('acmeForecast000000000', '<b>Forecast 2027</b>')] }] });
    const popup = await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), renamed] } } });
    expect(popup.backend.readChangeLog).not.toHaveBeenCalled();
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [ENTRY, { ...ENTRY, id: 'entry-8', newName: 'Old', cannotUndo: 'Already undone.', madeBy: 'owner@example.com' }] });
    chooseInTitleMenu('History');
    await act(async () => {
      await settleAfter(() => undefined);
    });
    const list = await screen.findByRole('list', { name: 'History' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.querySelector('.history-old')?.textContent).toBe('Forecast');
    expect(first!.querySelector('.history-new')?.textContent).toBe('<b>Forecast 2027</b>');
    expect(first!.querySelector('.history-names')?.textContent).toMatch(/Forecast.*renamed to.*Forecast 2027/);
    expect(first!.querySelector('b')).toBeNull();
    expect(first!.querySelector('time')?.textContent).toBe('3 minutes ago');
    expect(first!.textContent).toContain('Acme › Sales');
    expect(within(second!).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(second!.textContent).toContain('Already undone.');
    // With several accounts, whose change it was; with one, nothing more.
    expect(second!.querySelector('.history-meta')?.textContent).toMatch(/ · owner@example\.com$/);
    expect(first!.querySelector('.history-meta')?.textContent).not.toContain('@');
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Forecast', entryId: 'entry-10' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(first!).getByRole('button', { name: 'Undo rename of <b>Forecast 2027</b>' })));
    });
    expect(popup.backend.undoChange).toHaveBeenCalledWith({ entryId: 'entry-9', target: { kind: 'document', id: 'acmeForecast000000000' }, force: false });
    backToDocuments();
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
  });

  test('a move in the history: the document, from where to where; moved on since is said, and “Move back anyway” sends it with force (issue 18)', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    const { at, target, site, workspace, source } = ENTRY;
    const move = { at, target, site, workspace, source, cannotUndo: null, id: 'entry-7', kind: 'move' as const, name: 'Forecast', to: { site: { orgId: 3, name: 'Globex', url: 'https://globex.getgrist.com' }, workspace: { id: 30, name: 'Projects' } } };
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [move] });
    chooseInTitleMenu('History');
    await act(async () => {
      await settleAfter(() => undefined);
    });
    const [entry] = within(await screen.findByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(entry!.querySelector('.history-names')?.textContent).toBe('Forecast moved from Acme › Sales →  to Globex › Projects');
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'changed-elsewhere', current: 'Archive' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(entry!).getByRole('button', { name: 'Undo move of Forecast' })));
    });
    expect(entry!.textContent).toContain('“\u2068Forecast\u2069” was moved to “\u2068Archive\u2069” since.');
    popup.backend.undoChange.mockResolvedValueOnce({ ok: true, value: { outcome: 'restored', name: 'Forecast', entryId: 'entry-11' } });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(entry!).getByRole('button', { name: 'Move “\u2068Forecast\u2069” back anyway' })));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'entry-7', target: { kind: 'document', id: 'acmeForecast000000000' }, force: true });
  });

  test('Clear history asks first, and Keep keeps it', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [ENTRY] });
    popup.backend.clearChangeLog.mockResolvedValue({ ok: true, value: null });
    chooseInTitleMenu('History');
    await act(async () => {
      await settleAfter(() => undefined);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    expect(screen.getByText('Forget 1 change, and what you opened recently? Your document in Grist stays as it is.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' })));
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(popup.backend.clearChangeLog).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear history' })));
    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    await act(async () => {
      await settleAfter(() => fireEvent.click(screen.getByRole('button', { name: 'Clear' })));
    });
    expect(popup.backend.clearChangeLog).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/No changes yet/)).toBeTruthy();
    expect(screen.getByText('History and recently opened cleared. Your documents in Grist stay as they are.')).toBeTruthy();
  });

  test('a bulk rename’s batch is headed by its size and Undo this batch, which puts every name back in the list', async () => {
    const renamed = acmeSite({
      workspaces: [{ id: 20, name: 'Sales', documents: [doc('acmeForecast000000000', 'Forecast 2027'), doc('acmeLeads0000000000000', 'Leads 2027')] }],
    });
    const popup = await setup({ refresh: { ok: true, value: { fetchedAt: 2, sites: [personalSite([BUDGET]), renamed] } } });
    const batch = (docId: string, name: string, id: string) => ({ ...ENTRY, id, target: { kind: 'document' as const, id: docId }, oldName: name, newName: `${name} 2027`, source: 'bulk' as const, batchId: 'batch-1' });
    const entries = [batch('acmeForecast000000000', 'Forecast', 'entry-1'), batch('acmeLeads0000000000000', 'Leads', 'entry-2'), ENTRY];
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries });
    chooseInTitleMenu('History');
    await act(async () => {
      await settleAfter(() => undefined);
    });
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getByText('Bulk rename of 2 documents')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: 'Undo this batch of 2 documents' })).toHaveLength(1);

    popup.backend.undoBatch.mockResolvedValue({
      ok: true,
      value: [
        { docId: 'acmeForecast000000000', oldName: 'Forecast', newName: 'Forecast 2027', outcome: 'restored' },
        { docId: 'acmeLeads0000000000000', oldName: 'Leads', newName: 'Leads 2027', outcome: 'renamed-since', message: 'Leads (final)' },
      ],
    });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries.map((entry) => (entry.id === 'entry-1' ? { ...entry, cannotUndo: 'Already undone.' } : entry)) });
    await act(async () => {
      await settleAfter(() => fireEvent.click(within(list).getByRole('button', { name: 'Undo this batch of 2 documents' })));
    });
    expect(popup.backend.undoBatch).toHaveBeenCalledExactlyOnceWith({ batchId: 'batch-1' });
    expect(screen.getByText('Restored 1 of 2 names.')).toBeTruthy();
    backToDocuments();
    expect(screen.getByRole('link', { name: 'Open Forecast' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Leads 2027' })).toBeTruthy();
  });
});
