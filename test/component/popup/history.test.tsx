// @vitest-environment jsdom
/**
 * The popup's History view: the words of each kind of change, and leaving the History and the Trash.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import { setupPopupTests, freshListing, setup, searchBox, type, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

describe('the history’s words, each kind of change its own (issue 41)', () => {
  const ACME = { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' };
  /**
   * An entry of the log as the worker reads it: a `kind` of change to document `docId` named `name`
   * (a rename's both names; a copy's original too), 3 minutes ago.
   */
  const entry = (id: string, kind: 'remove' | 'restore' | 'copy' | 'create' | 'pin' | 'move' | 'rename' | 'access', name: string, { docId = `${name.replace(/\W/g, '')}000000000000`.slice(0, 21), ...more }: { docId?: string } & Record<string, unknown> = {}) => ({
    id,
    at: Date.now() - 3 * 60_000,
    kind,
    target: { kind: 'document' as const, id: docId },
    site: ACME,
    workspace: { id: 20, name: 'Sales' },
    ...(kind === 'rename' ? { oldName: name, newName: name } : { name }),
    ...(kind === 'copy' ? { copyOf: { docId: 'original0000000000000', name, site: ACME } } : {}),
    source: 'popup' as const,
    cannotUndo: null,
    ...more,
  });

  /** Opens the popup's History with `entries` as the log. Out: the popup and its list. */
  async function openHistory(entries: object[]) {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: entries });
    chooseInTitleMenu('History');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The list, or the view's region when there is none.
    const list = await screen.findByRole(entries.length > 0 ? 'list' : 'region', { name: 'History' });
    return { popup, list };
  }

  test('each entry’s Undo is named after its kind of change', async () => {
    const { list } = await openHistory([
      entry('e1', 'remove', 'Leads'),
      entry('e2', 'restore', 'Budget'),
      entry('e3', 'copy', 'Plan (copy)'),
      entry('e4', 'create', 'Q4 plan'),
      entry('e5', 'pin', 'Notes', { pinned: true }),
      entry('e6', 'pin', 'Forecast', { pinned: false }),
      entry('e7', 'rename', 'Report', { oldName: 'Draft' }),
    ]);
    expect(within(list).getAllByRole('button', { name: /^Undo/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Undo moving “Leads” to trash',
      'Undo restoring “Budget” (it goes back to the trash)',
      'Undo the copy “Plan (copy)” (it goes to the trash)',
      'Undo creating “Q4 plan” (it goes to the trash)',
      'Undo pinning “Notes”',
      'Undo unpinning “Forecast”',
      'Undo rename of Report',
    ]);
  });

  test('an access change says what it did, and where; its Undo is named after it (issue 43)', async () => {
    const access = (id: string, delta: object, before: object) => entry(id, 'access', 'Roadmap', { access: { delta, before } });
    const { list } = await openHistory([
      access('e1', { users: { 'a@example.com': 'editors', 'b@example.com': null } }, { users: { 'a@example.com': null, 'b@example.com': 'viewers' } }),
      access('e2', { users: { 'c@example.com': 'owners' }, maxInheritedRole: 'viewers' }, { users: { 'c@example.com': 'viewers' }, maxInheritedRole: 'owners' }),
      access('e3', { users: { 'everyone@getgrist.com': 'viewers' } }, { users: { 'everyone@getgrist.com': null } }),
      access('e4', { users: { 'd@example.com': 'viewers' } }, { users: { 'd@example.com': 'editors' } }),
      access('e5', { users: { 'e@example.com': 'editors' } }, { users: { 'e@example.com': null } }),
      access('e6', { users: { 'f@example.com': null } }, { users: { 'f@example.com': 'viewers' } }),
    ]);
    expect([...list.querySelectorAll('.history-names')].map((names) => names.textContent)).toEqual([
      'Roadmap: shared with a@example.com as Editor; stopped sharing with b@example.com',
      'Roadmap: c@example.com changed to Owner; inherited access set to Viewer',
      'Roadmap: made public (anyone with the link can view)',
      'Roadmap: d@example.com changed to Viewer',
      'Roadmap: shared with e@example.com as Editor',
      'Roadmap: stopped sharing with f@example.com',
    ]);
    expect(list.querySelector('.history-meta')?.textContent).toBe('3 minutes ago · Acme › Sales · in the popup');
    expect(within(list).getAllByRole('button', { name: /^Undo/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      // Changes of several kinds at once, or of the inherited access: the general words.
      'Undo the access change to “Roadmap”',
      'Undo the access change to “Roadmap”',
      'Undo making “Roadmap” public',
      'Undo changing d@example.com to Viewer on “Roadmap”',
      'Undo sharing “Roadmap” with e@example.com',
      'Undo removing f@example.com from “Roadmap”',
    ]);
  });

  test('an access change’s undo that finds it changed elsewhere says who has what now, and offers to put it back anyway', async () => {
    const changed = entry('e1', 'access', 'Roadmap', { access: { delta: { users: { 'a@example.com': 'viewers' } }, before: { users: { 'a@example.com': null } } } });
    const { popup, list } = await openHistory([changed]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'changed-elsewhere', current: 'a@example.com: Owner' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo sharing “Roadmap” with a@example.com' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toBe('Who has access to “\u2068Roadmap\u2069” was changed elsewhere since (a@example.com: Owner). Nothing was sent.');
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Roadmap', entryId: 'e2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Put back the access to “\u2068Roadmap\u2069” anyway' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'e1', target: changed.target, force: true });
    expect(screen.getByText('Who has access to “\u2068Roadmap\u2069” is back as it was.')).toBeTruthy();
  });

  test('a bulk run’s batch is headed by its kind, and so is the undo of one; its entries say they were made in bulk', async () => {
    const bulk = (id: string, kind: 'remove' | 'copy' | 'move' | 'restore', name: string, batchId: string, source: 'bulk' | 'undo' = 'bulk', undoneBy?: string) =>
      entry(id, kind, name, { batchId, source, ...(undoneBy ? { undoneBy } : {}) });
    const { list } = await openHistory([
      bulk('u1', 'restore', 'Leads', 'undo-1', 'undo'),
      bulk('u2', 'restore', 'Budget', 'undo-1', 'undo'),
      bulk('t1', 'remove', 'Leads', 'trash-1', 'bulk', 'u1'),
      bulk('t2', 'remove', 'Budget', 'trash-1', 'bulk', 'u2'),
      bulk('x1', 'remove', 'Plan (copy)', 'undo-2', 'undo'),
      bulk('c1', 'copy', 'Plan (copy)', 'copy-1', 'bulk', 'x1'),
      bulk('m1', 'move', 'Plan', 'move-1'),
      bulk('m2', 'move', 'Notes', 'move-1'),
    ]);
    expect([...list.querySelectorAll('.history-batch p')].map((heading) => heading.textContent)).toEqual([
      'Undo of a bulk move to trash: 2 documents',
      'Bulk move to trash of 2 documents',
      'Undo of a bulk copy: 1 document',
      'Bulk copy of 1 document',
      'Bulk move of 2 documents',
    ]);
    const trashed = within(list).getAllByRole('listitem').find((item) => item.querySelector('.history-names')?.textContent === 'Leads moved to trash from Acme › Sales');
    expect(trashed?.querySelector('.history-meta')?.textContent).toBe('3 minutes ago · in bulk');
  });

  test('a bulk sharing run’s batch, and its undo’s, are headed as sharing (issue 43)', async () => {
    const shared = (id: string, name: string, batchId: string, source: 'bulk' | 'undo', undoneBy?: string) =>
      entry(id, 'access', name, { batchId, source, access: { delta: { users: { 'ann@example.com': source === 'bulk' ? 'editors' : null } }, before: { users: { 'ann@example.com': source === 'bulk' ? null : 'editors' } } }, ...(undoneBy ? { undoneBy } : {}) });
    const { list } = await openHistory([
      shared('u1', 'Leads', 'undo-1', 'undo'),
      shared('u2', 'Budget', 'undo-1', 'undo'),
      shared('s1', 'Leads', 'share-1', 'bulk', 'u1'),
      shared('s2', 'Budget', 'share-1', 'bulk', 'u2'),
    ]);
    expect([...list.querySelectorAll('.history-batch p')].map((heading) => heading.textContent)).toEqual(['Undo of a bulk sharing: 2 documents', 'Bulk sharing of 2 documents']);
  });

  test('the undo of the undo of a bulk move to trash is not called the undo of a copy: it names no kind', async () => {
    const batch = (ids: [string, string], kind: 'remove' | 'restore', batchId: string, source: 'bulk' | 'undo', undoneBy?: [string, string]) =>
      ids.map((id, index) => entry(id, kind, ['Leads', 'Budget'][index]!, { batchId, source, ...(undoneBy ? { undoneBy: undoneBy[index] } : {}) }));
    const { list } = await openHistory([
      ...batch(['r1', 'r2'], 'remove', 'undo-2', 'undo'),
      ...batch(['u1', 'u2'], 'restore', 'undo-1', 'undo', ['r1', 'r2']),
      ...batch(['t1', 't2'], 'remove', 'trash-1', 'bulk', ['u1', 'u2']),
      // An undo's removals whose undone changes the log no longer keeps: a copy's undo, or an undo's?
      entry('y1', 'remove', 'Notes', { batchId: 'undo-3', source: 'undo' }),
    ]);
    expect([...list.querySelectorAll('.history-batch p')].map((heading) => heading.textContent)).toEqual([
      'Undo of a bulk change: 2 documents',
      'Undo of a bulk move to trash: 2 documents',
      'Bulk move to trash of 2 documents',
      'Undo of a bulk change: 1 document',
    ]);
  });

  test('undoing a bulk move to trash says how many came back from the trash', async () => {
    const bulk = (id: string, name: string) => entry(id, 'remove', name, { batchId: 'trash-1', source: 'bulk' });
    const { popup, list } = await openHistory([bulk('t1', 'Leads'), bulk('t2', 'Budget')]);
    popup.backend.undoBatch.mockResolvedValue({
      ok: true,
      value: [
        { docId: 'Leads000000000000', oldName: 'Leads', newName: 'Leads', outcome: 'restored' },
        { docId: 'Budget00000000000', oldName: 'Budget', newName: 'Budget', outcome: 'failed', message: 'Gone.' },
      ],
    });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo this batch of 2 documents' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Restored 1 of 2 documents from the trash.')).toBeTruthy();
  });

  test('an entry’s undo says what it came to in its kind’s words', async () => {
    const { popup, list } = await openHistory([entry('e1', 'remove', 'Leads')]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Leads', entryId: 'e2' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo moving “Leads” to trash' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Restored “\u2068Leads\u2069” from the trash.')).toBeTruthy();
  });

  test('an undo that finds its change changed since by a later change listed here does not say “elsewhere”', async () => {
    const docId = 'vendorList00000000000';
    const { popup, list } = await openHistory([
      entry('e2', 'rename', 'Vendors (final)', { docId, oldName: 'Vendor List 2' }),
      entry('e1', 'rename', 'Vendor List 2', { docId, oldName: 'Vendor List' }),
    ]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'changed-elsewhere', current: 'Vendors (final)' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo rename of Vendor List 2' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toBe('“\u2068Vendor List\u2069” was renamed since, by a later change listed here: it is now “\u2068Vendors (final)\u2069”.');
  });

  test('an access change’s undo that finds a later access change listed here says so, not “elsewhere”', async () => {
    const docId = 'roadmap00000000000000';
    const { popup, list } = await openHistory([
      entry('e2', 'access', 'Roadmap', { docId, access: { delta: { users: { 'a@example.com': 'viewers' } }, before: { users: { 'a@example.com': 'editors' } } } }),
      entry('e1', 'access', 'Roadmap', { docId, access: { delta: { users: { 'a@example.com': 'editors' } }, before: { users: { 'a@example.com': null } } } }),
    ]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'changed-elsewhere', current: 'a@example.com: Viewer' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo sharing “Roadmap” with a@example.com' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toBe('Who has access to “\u2068Roadmap\u2069” was changed since, by a later change listed here (a@example.com: Viewer). Nothing was sent.');
  });

  test('a rename’s undo says it was renamed back, with the name it has again', async () => {
    const { popup, list } = await openHistory([entry('e1', 'rename', 'Vendor List 2', { oldName: 'Vendor List' })]);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Vendor List', entryId: 'e2' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Undo rename of Vendor List 2' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Renamed back to “\u2068Vendor List\u2069”.')).toBeTruthy();
  });

  test('a person removed from all your sites: each site’s entry says who and where, the batch is headed by them, Undo names them (issue 43)', async () => {
    const GLOBEX = { orgId: 3, name: 'Globex', url: 'https://globex.getgrist.com' };
    const person = { email: 'ed@example.com', removed: true, role: 'editors', workspaces: [], documents: [] };
    const removal = (id: string, site: typeof ACME) => ({
      ...entry(id, 'remove', 'ed@example.com', { batchId: 'people-1' }),
      kind: 'person',
      target: { kind: 'site', id: site.orgId },
      site,
      workspace: null,
      person,
    });
    const { list } = await openHistory([removal('p1', ACME), removal('p2', GLOBEX)]);
    expect([...list.querySelectorAll('.history-batch p')].map((heading) => heading.textContent)).toEqual(['ed@example.com removed from 2 sites']);
    expect([...list.querySelectorAll('.history-entry .history-names')].map((names) => names.textContent)).toEqual(['ed@example.com removed from Acme', 'ed@example.com removed from Globex']);
    // Each Undo says what it undoes: the batch's, from how many sites; each entry's, from which.
    expect(within(list).getAllByRole('button', { name: /^Undo removing/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Undo removing ed@example.com from 2 sites',
      'Undo removing ed@example.com from “Acme”',
      'Undo removing ed@example.com from “Globex”',
    ]);
  });

  test('a removal’s undo names each grant changed since, each with its own Put back anyway (issue 48)', async () => {
    const person = { email: 'ed@example.com', removed: true, role: 'editors', workspaces: [], documents: [{ id: 'leads', name: 'Leads', role: 'owners', workspaceId: 20 }] };
    const removal = { ...entry('p1', 'remove', 'ed@example.com'), kind: 'person', target: { kind: 'site', id: 2 }, workspace: null, person };
    const { popup, list } = await openHistory([removal]);
    const lowered = { grant: 'document:leads', current: 'ed@example.com is Viewer of the document “Leads” now; the removal took Owner' };
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'ed@example.com', entryId: 'u1', kept: [lowered] } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: /^Undo removing ed@example\.com from “/ }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('alert').textContent).toBe('Changed since the removal, so not put back:');
    expect(screen.getByText(lowered.current)).toBeTruthy();
    // Nothing is put back over it but by its own button.
    expect(popup.backend.undoChange).toHaveBeenCalledTimes(1);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'ed@example.com', entryId: 'u2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Put back anyway: ${lowered.current}` }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(popup.backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'p1', target: { kind: 'site', id: 2 }, force: false, grants: ['document:leads'] });
    expect(screen.queryByRole('button', { name: /^Put back anyway/ })).toBeNull();
  });

  test('the status line says nothing stale once the History puts back what an earlier undo kept (issue 49)', async () => {
    const person = { email: 'ed@example.com', removed: true, role: 'editors', workspaces: [], documents: [{ id: 'leads', name: 'Leads', role: 'owners', workspaceId: 20 }] };
    const removal = { ...entry('p1', 'remove', 'ed@example.com', { batchId: 'b1' }), kind: 'person', target: { kind: 'site', id: 2 }, workspace: null, person };
    const { popup, list } = await openHistory([removal]);
    const lowered = 'ed@example.com is Viewer of the document “Leads” now; the removal took Owner';
    // The People view's Undo kept that grant, and the status line said so.
    popup.backend.undoBatch.mockResolvedValue({ ok: true, value: [{ docId: 'site:2', oldName: 'ed@example.com', newName: 'ed@example.com', outcome: 'changed-elsewhere', message: lowered }] });
    await act(async () => popup.store.act('undoPersonRemoval', 'b1'));
    expect(screen.getAllByRole('status')[0]!.textContent).toContain(lowered);
    popup.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'ed@example.com', entryId: 'u2' } });
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: /^Undo removing ed@example.com from “/ }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getAllByRole('status')[0]!.textContent).not.toContain(lowered);
  });

  test('an undo’s entry says plainly that it undid an earlier change; an empty history speaks of changes', async () => {
    const { list } = await openHistory([entry('e2', 'restore', 'Leads', { source: 'undo' })]);
    expect(list.querySelector('.history-meta')?.textContent).toBe('3 minutes ago · as the undo of an earlier change');
    cleanup();
    await openHistory([]);
    expect(await screen.findByText('No changes yet. The changes you make here (renames, moves, trash, copies…) are listed, newest first, and most can be undone.')).toBeTruthy();
  });
});

describe('leaving the History, the Trash and the People view (issues 41, 43)', () => {
  /** Opens the view `name` from the title bar's menu, its content read. Out: the Menu button, which has the focus. */
  async function openView(name: 'History' | 'Trash' | 'People') {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [] });
    popup.backend.readTrash.mockResolvedValue({ ok: true, value: [] });
    const opener = chooseInTitleMenu(name);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(document.activeElement).toBe(opener);
    expect(screen.getByRole('heading', { name })).toBeTruthy();
    return opener;
  }
  const listShown = () => screen.queryByRole('link', { name: 'Open Budget' }) !== null;

  test.each(['History', 'Trash', 'People'] as const)('Escape leaves the %s for the list, the focus on the Menu button that opened it; the popup stays open', async (name) => {
    const opener = await openView(name);
    expect(listShown()).toBe(false);
    // Handled (its default prevented): Chrome would close the popup.
    expect(fireEvent.keyDown(opener, { key: 'Escape' })).toBe(false);
    expect(listShown()).toBe(true);
    expect(screen.queryByRole('heading', { name })).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('false');
  });

  test.each(['History', 'Trash', 'People'] as const)('the %s has a visible Back to documents button, which leaves it the same way', async (name) => {
    const opener = await openView(name);
    const back = within(screen.getByRole('region', { name })).getByRole('button', { name: 'Back to documents' });
    fireEvent.click(back);
    expect(listShown()).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  test('Escape in the search box clears a search first; the next one leaves the Trash', async () => {
    const opener = await openView('Trash');
    const search = screen.getByRole('searchbox', { name: 'Search the trash' }) as HTMLInputElement;
    type(search, 'plan');
    expect(fireEvent.keyDown(search, { key: 'Escape' })).toBe(false);
    expect(search.value).toBe('');
    expect(screen.getByRole('heading', { name: 'Trash' })).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(listShown()).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  test('Escape in the Clear history question keeps the history, and the History stays shown', async () => {
    const popup = await setup({ refresh: { ok: true, value: freshListing() } });
    popup.backend.readChangeLog.mockResolvedValue({ ok: true, value: [{ id: 'e1', at: Date.now(), kind: 'rename', target: { kind: 'document', id: 'acmeForecast000000000' }, site: { orgId: 2, name: 'Acme', url: 'https://acme.getgrist.com' }, workspace: { id: 20, name: 'Sales' }, oldName: 'Forecast', newName: 'Forecast 2027', source: 'popup', cannotUndo: null }] });
    chooseInTitleMenu('History');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear' })));
    expect(fireEvent.keyDown(screen.getByRole('button', { name: 'Clear' }), { key: 'Escape' })).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear history' })));
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    expect(popup.backend.clearChangeLog).not.toHaveBeenCalled();
  });

  test('the History has no search box: it has no documents to search', async () => {
    await openView('History');
    expect(screen.queryByRole('searchbox', { name: 'Search documents' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    expect(searchBox()).toBeTruthy();
  });
});
