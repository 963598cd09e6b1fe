// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (issues 14, 18, 29, 41): rendered with a fake backend
 * and a cached listing, checked through roles, accessible names and visible text.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BulkApp } from '../../src/bulk/app.tsx';
import { createBulkStore } from '../../src/bulk/store.ts';
import type { BatchUndoResult, BulkItemStatus, BulkRunSnapshot } from '../../src/shared/bulk.ts';
import type { DocumentEntry, Listing, SiteEntry } from '../../src/shared/listing.ts';
import { documentEntry, listingOf, personalSiteEntry, siteEntry, workspaceEntry } from '../setup/listings.ts';

afterEach(cleanup);

/** This file's documents were changed on 2026-01-01 unless a test says otherwise. */
const doc = (id: string, name: string, overrides: Partial<DocumentEntry> = {}) => documentEntry(id, name, { updatedAt: '2026-01-01T00:00:00.000Z', ...overrides });

/** A team site on Grist's hosted service, its domain its name in lower case. */
const site = (orgId: number, name: string, workspaces: SiteEntry['workspaces']) => siteEntry(orgId, name, workspaces, { domain: name.toLowerCase(), siteUrl: `https://${name.toLowerCase()}.getgrist.com` });

/** Acme: Finance holds two budgets, an editor's document and another; Globex: Projects, one budget. */
function listing(): Listing {
  const finance = workspaceEntry(50, 'Finance', [
    doc('budgetSales00000000000', 'Budget 2025 – Sales', { updatedAt: '2026-01-04T00:00:00.000Z' }),
    doc('budgetLegal00000000000', 'Budget 2025 – Legal', { updatedAt: '2026-01-03T00:00:00.000Z' }),
    doc('forecast00000000000000', 'Forecast', { updatedAt: '2026-01-02T00:00:00.000Z' }),
    doc('sharedWithMe0000000000', 'Budget 2025 – Shared', { access: 'editors' }),
  ]);
  return listingOf([site(5, 'Acme', [finance]), site(6, 'Globex', [workspaceEntry(60, 'Projects', [doc('budgetGlobex0000000000', 'Budget 2025 – <b>Globex</b>')])])]);
}

/** The fixture with rights: Acme has Finance and Archive (owned), Globex has Projects (edited). */
function movable(): Listing {
  const base = listing();
  const acme = base.sites[0]!;
  const globex = base.sites[1]!;
  acme.workspaces = [{ ...acme.workspaces[0]!, access: 'owners' }, { id: 51, name: 'Archive', access: 'owners', documents: [] }];
  globex.workspaces = [{ ...globex.workspaces[0]!, access: 'editors' }];
  return base;
}

function item(id: string, oldName: string, newName: string, state: BulkItemStatus['state'], message?: string): BulkItemStatus {
  return { orgId: 5, docId: id, oldName, newName, siteName: 'Acme', workspaceName: 'Finance', state, ...(message ? { message } : {}) };
}

/** What Undo this batch answers: per document, `[id, name before the run, name after it, outcome, message]`. */
function undoAnswer(...results: Array<[string, string, string, BatchUndoResult['outcome'], string?]>) {
  return { ok: true as const, value: results.map(([docId, oldName, newName, outcome, message]): BatchUndoResult => ({ docId, oldName, newName, outcome, ...(message ? { message } : {}) })) };
}

function runOf(items: BulkItemStatus[], extra: Partial<BulkRunSnapshot> = {}): BulkRunSnapshot {
  return { id: 'run-1', kind: 'rename', batchId: 'batch-1', items, stopped: false, done: items.every((entry) => entry.state !== 'queued' && entry.state !== 'sending'), ...extra };
}

async function setup({ latestRun = null, cached = listing() }: { latestRun?: BulkRunSnapshot | null; cached?: Listing } = {}) {
  const backend = {
    refreshListing: vi.fn(async () => ({ ok: true as const, value: cached })),
    getBulkRun: vi.fn(async (_request: { runId: string | null }) => ({ ok: true as const, value: latestRun as BulkRunSnapshot | null })),
    startBulkRename: vi.fn(),
    startBulkMove: vi.fn(),
    startBulkTrash: vi.fn(),
    startBulkCopy: vi.fn(),
    stopBulkRun: vi.fn(),
    retryFailedBulk: vi.fn(),
    undoBatch: vi.fn(),
  };
  /** Each look at a run waits for the test to let it go. */
  const looks: Array<() => void> = [];
  const store = createBulkStore({ backend, readCachedListing: async () => cached, wait: () => new Promise((resolve) => looks.push(() => resolve())) });
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
async function clickAndSettle(element: Element, init: object = {}): Promise<void> {
  await act(async () => {
    fireEvent.click(element, init);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
const findField = () => screen.getByRole('textbox', { name: 'Find' });

describe('choosing documents', () => {
  test('offers only the documents the user owns, grouped by site and workspace, and says how many were left out', async () => {
    await setup();
    // Named for every change it makes, not renaming alone.
    expect(screen.getByRole('heading', { level: 1, name: 'Bulk changes' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – Shared' })).toBeNull();
    expect(screen.getByText('1 document is not offered: only its owners can rename, move or trash it.')).toBeTruthy();
    const list = screen.getByRole('group', { name: 'Documents' });
    expect([...list.querySelectorAll('.picker-site, .picker-workspace, .picker-document')].map((line) => line.textContent)).toEqual([
      'Acme',
      'Finance',
      'Budget 2025 – Sales',
      'Budget 2025 – Legal',
      'Forecast',
      'Globex',
      'Projects',
      'Budget 2025 – <b>Globex</b>',
    ]);
    // A name holding markup stays text.
    expect(list.querySelector('b')).toBeNull();
    expect(screen.getByText('0 documents selected')).toBeTruthy();
  });

  test('the filter matches as the popup’s search does; Select all shown picks only what is shown, and stays picked when the filter changes', async () => {
    await setup();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter documents' }), { target: { value: 'budget acme' } });
    expect(screen.queryByRole('checkbox', { name: 'Select Forecast' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – <b>Globex</b>' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(screen.getByText('2 documents selected')).toBeTruthy();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Filter documents' }), { target: { value: '' } });
    expect(checkbox('Budget 2025 – Sales').checked).toBe(true);
    expect(checkbox('Forecast').checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('0 documents selected')).toBeTruthy();
  });

  /** Chooses the option named `name` of the picker named `picker`. */
  function choose(picker: string, name: string): void {
    const combobox = screen.getByRole('combobox', { name: picker });
    const option = within(combobox).getByRole('option', { name }) as HTMLOptionElement;
    fireEvent.change(combobox, { target: { value: option.value } });
  }

  test('the site and workspace pickers narrow the list', async () => {
    await setup();
    choose('Site', 'Globex');
    expect(screen.queryByRole('checkbox', { name: 'Select Forecast' })).toBeNull();
    expect(checkbox('Budget 2025 – <b>Globex</b>')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: '' } });
    const workspaces = screen.getByRole('combobox', { name: 'Workspace' });
    expect(within(workspaces).getAllByRole('option').map((option) => option.textContent)).toEqual(['All workspaces', 'Acme › Finance', 'Globex › Projects']);
    choose('Workspace', 'Acme › Finance');
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – <b>Globex</b>' })).toBeNull();
    expect(checkbox('Forecast')).toBeTruthy();
  });

  test('with two accounts, each site is named with its account’s user, and the same site of each is a choice of its own', async () => {
    const one = listing();
    // A copy, as two accounts' listings are (each parsed from its own answer).
    const other = { ...structuredClone(one.sites[0]!), account: 'a2' };
    await setup({
      cached: {
        ...one,
        sites: [...one.sites, other],
        accounts: [
          { id: 'a1', user: { name: 'Olivia', email: 'owner@example.com' }, server: 'acme.getgrist.com' },
          { id: 'a2', user: null, server: 'acme.getgrist.com' },
        ],
      },
    });
    const sites = within(screen.getByRole('combobox', { name: 'Site' })).getAllByRole('option').map((option) => option.textContent);
    expect(sites).toEqual(['All sites', 'Acme (owner@example.com)', 'Globex (owner@example.com)', 'Acme (Account 2)']);
    choose('Site', 'Acme (Account 2)');
    expect(screen.getAllByRole('checkbox', { name: 'Select Forecast' })).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Select Budget 2025 – <b>Globex</b>' })).toBeNull();
  });

  test('Shift+click picks every shown document between the last one clicked and this one', async () => {
    await setup();
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – <b>Globex</b>'), { shiftKey: true });
    expect(['Budget 2025 – Sales', 'Budget 2025 – Legal', 'Forecast', 'Budget 2025 – <b>Globex</b>'].map((name) => checkbox(name).checked)).toEqual([true, true, true, true]);
    expect(screen.getByText('4 documents selected')).toBeTruthy();
    fireEvent.click(checkbox('Forecast'));
    fireEvent.click(checkbox('Budget 2025 – Legal'), { shiftKey: true });
    expect(['Budget 2025 – Sales', 'Budget 2025 – Legal', 'Forecast'].map((name) => checkbox(name).checked)).toEqual([true, false, false]);
  });
});

describe('rules and preview', () => {
  async function pickAll() {
    const page = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    return page;
  }

  const previewRows = () =>
    within(screen.getByRole('table', { name: 'Preview' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

  test('each picked document shows its new name and verdict as a rule is typed, with the summary line', async () => {
    await pickAll();
    expect(screen.getByText('0 will be renamed, 4 unchanged, 0 invalid.')).toBeTruthy();
    fireEvent.input(findField(), { target: { value: '2025' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: '2026' } });
    expect(screen.getByText('3 will be renamed, 1 unchanged, 0 invalid.')).toBeTruthy();
    expect(previewRows()).toEqual([
      ['Acme › Finance', 'Budget 2025 – Sales', 'Budget 2026 – Sales', 'will rename'],
      ['Acme › Finance', 'Budget 2025 – Legal', 'Budget 2026 – Legal', 'will rename'],
      ['Acme › Finance', 'Forecast', 'Forecast', 'unchanged'],
      ['Globex › Projects', 'Budget 2025 – <b>Globex</b>', 'Budget 2026 – <b>Globex</b>', 'will rename'],
    ]);
    const region = screen.getByRole('region', { name: 'Preview' });
    // The changed part is marked, as text: the name's own markup is not HTML.
    expect([...region.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['6', '6', '6']);
    expect(region.querySelector('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename 3 documents' })).toHaveProperty('disabled', false);
  });

  test('a name another document of the workspace has is a warning; empty and too long are invalid and say which', async () => {
    await pickAll();
    fireEvent.click(checkbox('Budget 2025 – <b>Globex</b>'));
    fireEvent.click(checkbox('Forecast'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    // Sales becomes "Forecast", the name of a document not picked in its workspace; Legal becomes empty.
    fireEvent.input(findField(), { target: { value: '^Budget 2025 – (Sales|Legal)$' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: '' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Prefix' }), { target: { value: '' } });
    expect(previewRows().map((row) => row[3])).toEqual(['invalid: The new name would be empty.', 'invalid: The new name would be empty.']);
    fireEvent.input(findField(), { target: { value: '^Budget 2025 – Sales$' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: 'Forecast' } });
    expect(previewRows().map((row) => row[3])).toEqual(['same name as another document in Finance', 'unchanged']);
    // Grist allows it: a warning, still renamed.
    expect(screen.getByText('1 will be renamed, 1 unchanged, 0 invalid.')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Suffix' }), { target: { value: ` ${'x'.repeat(240)}` } });
    expect(previewRows().map((row) => row[3])).toEqual(['will rename', 'invalid: The new name would be over 255 characters.']);
    expect(screen.getByText('1 will be renamed, 0 unchanged, 1 invalid.')).toBeTruthy();
  });

  test('an invalid regular expression shows its error next to the field and disables renaming', async () => {
    await pickAll();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
    fireEvent.input(findField(), { target: { value: '(2025' } });
    expect(findField().getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(findField().getAttribute('aria-describedby')!);
    expect(error?.textContent).toMatch(/^Invalid regular expression: .*\(2025/);
    expect(screen.getByText('Fix the regular expression to see the preview.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Rename \d+ documents?$/ })).toHaveProperty('disabled', true);
  });

  test('numbering follows the preview’s order, with Start at and Digits', async () => {
    await pickAll();
    fireEvent.input(screen.getByRole('textbox', { name: 'Find' }), { target: { value: 'Budget 2025 – ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Number' }));
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Start at' }), { target: { value: '7' } });
    fireEvent.input(screen.getByRole('spinbutton', { name: 'Digits' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Case' }), { target: { value: 'upper' } });
    expect(previewRows().map((row) => row[2])).toEqual(['SALES 007', 'LEGAL 008', 'FORECAST 009', '<B>GLOBEX</B> 010']);
  });
});

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

describe('at scale', () => {
  test('20,000 documents selected: the picker and the preview render only the rows near the viewport', async () => {
    const documents = Array.from({ length: 20_000 }, (_, index) => doc(`big${String(index).padStart(19, '0')}`, `Report ${index}`));
    const big: Listing = { fetchedAt: 1, sites: [site(9, 'Big', [{ id: 90, name: 'All', documents }])] };
    const backend = {
      refreshListing: vi.fn(async () => ({ ok: true as const, value: big })),
      getBulkRun: vi.fn(async () => ({ ok: true as const, value: null })),
      startBulkRename: vi.fn(),
      startBulkMove: vi.fn(),
      startBulkTrash: vi.fn(),
      startBulkCopy: vi.fn(),
      stopBulkRun: vi.fn(),
      retryFailedBulk: vi.fn(),
      undoBatch: vi.fn(),
    };
    render(<BulkApp store={createBulkStore({ backend, readCachedListing: async () => big })} />);
    await screen.findByRole('checkbox', { name: 'Select Report 0' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    fireEvent.input(findField(), { target: { value: 'Report' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Replace with' }), { target: { value: 'Summary' } });
    expect(screen.getByText('20000 documents selected')).toBeTruthy();
    expect(screen.getByText('20000 will be renamed, 0 unchanged, 0 invalid.')).toBeTruthy();
    expect(screen.getAllByRole('checkbox', { name: /^Select Report/ }).length).toBeLessThan(60);
    const table = screen.getByRole('table', { name: 'Preview' });
    expect(table.getAttribute('aria-rowcount')).toBe('20001');
    expect(within(table).getAllByRole('row').length).toBeLessThan(60);
  });
});

/** Opens the destination picker by its button `opener`, and chooses the first workspace matching `name`. */
function chooseWorkspace(opener: string, name: string): void {
  fireEvent.click(screen.getByRole('button', { name: opener }));
  const filter = screen.getByRole('combobox', { name: 'Filter workspaces' });
  fireEvent.input(filter, { target: { value: name } });
  fireEvent.keyDown(filter, { key: 'Enter' });
}

/** The preview's column headers, and each row's cells. */
function previewTable(name = 'Preview') {
  const table = screen.getByRole('table', { name });
  return {
    columns: within(table).getAllByRole('columnheader').map((header) => header.textContent),
    rows: within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent)),
  };
}

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

describe('moving to the trash and copying (issue 41): asked in the preview before anything is sent', () => {
  test('Move selected to trash sends nothing: the preview says what it comes to in its own words and columns, and asks with the count; Cancel and Escape send nothing', async () => {
    const { backend } = await setup();
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to trash' }));
    expect(backend.startBulkTrash).not.toHaveBeenCalled();
    expect(screen.getByText('2 will be moved to the trash: Grist keeps them there 30 days, and Undo this batch brings them back.')).toBeTruthy();
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
    expect(screen.getByRole('status').textContent).toBe('Restored 1 of 1 documents from the trash.');
  });

  test('a copy’s destination chosen sends nothing: the preview names each copy and asks with the count and the destination; Copy starts the run', async () => {
    const { backend } = await setup({ cached: movable() });
    fireEvent.click(checkbox('Budget 2025 – Sales'));
    fireEvent.click(checkbox('Budget 2025 – Legal'));
    chooseWorkspace('Copy selected to…', 'projects');
    expect(backend.startBulkCopy).not.toHaveBeenCalled();
    expect(screen.getByText('2 will be copied to Globex › Projects.')).toBeTruthy();
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
    expect(screen.getByText('2 will be copied to Personal › Home.')).toBeTruthy();
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
