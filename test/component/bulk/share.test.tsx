// @vitest-environment jsdom
/**
 * The Bulk changes page as a user meets it (rendered with a fake backend: bulk-page.tsx), sharing
 * (issue 43): the form of emails, checked before anything is read or sent; the preview of each
 * document's people, now and after, read first; only the documents with something to change sent.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import type { BulkItemStatus } from '../../../src/shared/protocol/bulk.ts';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import { type AccessList, type AccessResource, type Person } from '../../../src/shared/protocol/sharing.ts';
import { checkbox, clickAndSettle, item, previewTable, runOf, setup, undoAnswer } from './bulk-page.tsx';

afterEach(cleanup);

const SALES = 'budgetSales00000000000';
const LEGAL = 'budgetLegal00000000000';
const OWN = 'owner@example.com';

const person = (email: string, name: string, role: Person['role'], inherited: Person['inherited'] = null): Person => ({ email, name, role, inherited, isMember: true });

/** A document's access as the worker answers it to its owner (`owner@example.com`). */
function accessOf(resource: AccessResource, people: Person[], publicRole: AccessList['publicRole'] = null): AccessList {
  return { resource, account: 'a1', ownEmail: OWN, canChange: true, onlySelf: false, people: [person(OWN, 'Owner', 'owners'), ...people], publicRole, maxInheritedRole: 'owners' };
}

/**
 * The page with the two Acme budgets picked, the account's user known, and each document's access
 * as `people` gives it (by document id); a read waits for the test when `held`.
 */
async function picked(people: Record<string, { people: Person[]; publicRole?: AccessList['publicRole'] }>) {
  const page = await setup();
  page.backend.getSettings.mockResolvedValue({ ok: true, value: { accounts: [{ id: 'a1', hasApiKey: true, user: { name: 'Owner', email: OWN }, personalSiteUrl: '', teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] }] } });
  page.backend.readAccess.mockImplementation(async (resource: AccessResource): Promise<Reply<'readAccess'>> => {
    const docId = resource.kind === 'document' ? resource.docId : '';
    const found = people[docId];
    return found ? { ok: true, value: accessOf(resource, found.people, found.publicRole ?? null) } : { ok: false, error: { kind: 'forbidden', message: 'Grist refused: access denied.' } };
  });
  fireEvent.click(checkbox('Budget 2025 – Sales'));
  fireEvent.click(checkbox('Budget 2025 – Legal'));
  return page;
}

/** Types `emails` in the open form (and picks `role`), and presses Enter in the field. */
async function submitEmails(emails: string, role?: string): Promise<void> {
  const field = screen.getByRole('textbox', { name: 'Emails' });
  fireEvent.input(field, { target: { value: emails } });
  if (role) fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: role } });
  await act(async () => {
    fireEvent.submit(field.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('sharing the selected documents (issue 43)', () => {
  test('one bad email, or the user’s own, and nothing is read or sent: the form names each and keeps what was typed', async () => {
    const { backend } = await picked({});
    fireEvent.click(screen.getByRole('button', { name: 'Share selected with…' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Emails' }));
    expect(screen.getByText('Grist may email the people you add: a server set up to send email invites each of them.')).toBeTruthy();
    await submitEmails('ann@example.com, not an email; Owner@Example.com');
    const alert = screen.getByRole('alert');
    expect(alert.textContent!.split('\n')).toEqual([
      'Nothing is sent. Not an email: not, an, email.',
      'Nothing is sent. Your own access cannot be changed (Grist refuses it): Owner@Example.com.',
    ]);
    expect((screen.getByRole('textbox', { name: 'Emails' }) as HTMLInputElement).value).toBe('ann@example.com, not an email; Owner@Example.com');
    await submitEmails('  ');
    expect(screen.getByRole('alert').textContent).toBe('Type one or more emails.');
    expect(backend.readAccess).not.toHaveBeenCalled();
    expect(backend.startBulkShare).not.toHaveBeenCalled();
  });

  test('everyone@getgrist.com (any role), or another saved account’s email, and nothing is read or sent: the form points to Make selected public and names the account', async () => {
    const { backend } = await picked({ [SALES]: { people: [] }, [LEGAL]: { people: [] } });
    const accounts = [
      { id: 'a1', hasApiKey: true, user: { name: 'Owner', email: OWN }, personalSiteUrl: '', teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] },
      { id: 'a2', hasApiKey: true, user: { name: 'Owner Too', email: 'owner2@example.com' }, personalSiteUrl: '', teamSiteUrls: [], keyNotConfirmedFor: [], listedOrigins: [] },
    ];
    backend.getSettings.mockResolvedValue({ ok: true, value: { accounts } });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected with…' }));
    await submitEmails('ann@example.com Everyone@GetGrist.com, Owner2@Example.com', 'editors');
    expect(screen.getByRole('alert').textContent!.split('\n')).toEqual([
      'Nothing is sent. Your other saved accounts’ access is changed in Grist itself: Owner2@Example.com (Account 2).',
      'Nothing is sent. Everyone@GetGrist.com is the public link, not a person: close this form and use Make selected public (anyone with the link can view) or Make selected private.',
    ]);
    expect(screen.queryByRole('button', { name: /^Change access/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing selected with…' }));
    await submitEmails('everyone@getgrist.com');
    expect(screen.getByRole('alert').textContent).toContain('everyone@getgrist.com is the public link, not a person');
    expect(backend.readAccess).not.toHaveBeenCalled();
    expect(backend.startBulkShare).not.toHaveBeenCalled();
  });

  test('the preview reads each document’s access once and shows each person now and after; unchanged rows and documents are not sent', async () => {
    const { backend } = await picked({
      [SALES]: { people: [person('ann@example.com', 'Ann', 'editors')] },
      [LEGAL]: { people: [person('bob@example.com', 'Bob', null, 'viewers')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected with…' }));
    await submitEmails('Ann@example.com bob@example.com', 'editors');
    await screen.findByText('Share with Ann@example.com, bob@example.com as Editor. 2 will change, 0 unchanged, 0 not sent (not read, or not yours to change).');
    expect(backend.readAccess.mock.calls.map(([resource]) => resource)).toEqual([
      { kind: 'document', orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: SALES },
      { kind: 'document', orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: LEGAL },
    ]);
    expect(previewTable()).toEqual({
      columns: ['Site and workspace', 'Name', 'Person', 'Now', 'After'],
      rows: [
        ['Acme › Finance', 'Budget 2025 – Sales', 'Ann <ann@example.com>', 'Editor', 'unchanged (not sent)'],
        ['Acme › Finance', 'Budget 2025 – Sales', 'bob@example.com', 'no access', 'Editor'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'Ann@example.com', 'no access', 'Editor'],
        ['Acme › Finance', 'Budget 2025 – Legal', 'Bob <bob@example.com>', 'Viewer, inherited', 'Editor'],
      ],
    });
    // Both documents have someone to add: Sales only bob, Legal both.
    expect(screen.getByRole('button', { name: 'Change access to 2 documents' })).toBeTruthy();
  });

  test('Change access starts one run of the documents with something to change, with the change; its table says the change and each outcome, and Undo this batch each one’s', async () => {
    const { backend, nextLook } = await picked({
      [SALES]: { people: [person('ann@example.com', 'Ann', 'viewers')] },
      [LEGAL]: { people: [] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected with…' }));
    await submitEmails('ann@example.com');
    await screen.findByRole('button', { name: 'Change access to 1 document' });
    expect(previewTable().rows.map((row) => row.slice(1))).toEqual([
      ['Budget 2025 – Sales', 'Ann <ann@example.com>', 'Viewer', 'unchanged (not sent)'],
      ['Budget 2025 – Legal', 'ann@example.com', 'no access', 'Viewer'],
    ]);
    const sharing = (state: BulkItemStatus['state']) => [item(LEGAL, 'Budget 2025 – Legal', 'Budget 2025 – Legal', state)];
    const change = { kind: 'share' as const, emails: ['ann@example.com'], role: 'viewers' as const };
    backend.startBulkShare.mockResolvedValue({ ok: true, value: runOf(sharing('queued'), { kind: 'share', sharing: change }) });
    // Done, the worker lets the run's emails go (run-engine.ts forgetTargets): its look has no change, the page keeps the one it showed.
    backend.getBulkRun.mockResolvedValue({ ok: true, value: runOf(sharing('shared'), { kind: 'share', done: true }) });
    await clickAndSettle(screen.getByRole('button', { name: 'Change access to 1 document' }));
    expect(backend.startBulkShare).toHaveBeenCalledExactlyOnceWith({ requestId: expect.any(String), items: [{ orgId: 5, siteUrl: 'https://acme.getgrist.com', docId: LEGAL }], change });
    await nextLook();
    expect(screen.getByRole('heading', { level: 2, name: 'Bulk sharing finished' })).toBeTruthy();
    expect(previewTable('Changing access')).toEqual({
      columns: ['Site and workspace', 'Name', 'Change', 'Outcome'],
      rows: [['Acme › Finance', 'Budget 2025 – Legal', 'Share with ann@example.com as Viewer', 'access changed']],
    });
    backend.undoBatch.mockResolvedValue(undoAnswer([LEGAL, 'Budget 2025 – Legal', 'Budget 2025 – Legal', 'renamed-since', 'ann@example.com is an Editor now.']));
    await clickAndSettle(screen.getByRole('button', { name: 'Undo this batch' }));
    expect(screen.getByRole('status').textContent).toBe('Put back access to 0 of 1 document.');
    expect(previewTable('Changing access').rows[0]!.at(-1)).toBe('not put back: its access was changed elsewhere since. ann@example.com is an Editor now.');
  });

  test('a sharing run done before the page opened shows each document’s outcome, and that its change was not kept', async () => {
    await setup({ latestRun: runOf([item(LEGAL, 'Budget 2025 – Legal', 'Budget 2025 – Legal', 'shared')], { kind: 'share', done: true }) });
    expect(previewTable('Changing access').rows).toEqual([['Acme › Finance', 'Budget 2025 – Legal', '(not kept once the run was done)', 'access changed']]);
  });

  test('Make selected public: the public link’s row on each document, a document public already unchanged; a read that failed is said and not sent', async () => {
    const { backend } = await picked({ [SALES]: { people: [], publicRole: 'viewers' } });
    await clickAndSettle(screen.getByRole('button', { name: 'Make selected public' }));
    await screen.findByText(/0 will change/);
    expect(screen.getByText('Make public: anyone with the link can view. 0 will change, 1 unchanged, 1 not sent (not read, or not yours to change).')).toBeTruthy();
    expect(previewTable().rows).toEqual([
      ['Acme › Finance', 'Budget 2025 – Sales', 'Anyone with the link', 'Viewer', 'unchanged (not sent)'],
      ['Acme › Finance', 'Budget 2025 – Legal', 'not read, not sent: Grist refused: access denied.'],
    ]);
    expect((screen.getByRole('button', { name: 'Change access to 0 documents' }) as HTMLButtonElement).disabled).toBe(true);
    expect(backend.startBulkShare).not.toHaveBeenCalled();
  });

  test('Make selected private: a public document loses its link; the button waits for every read; Cancel forgets it, the focus back on its button', async () => {
    const { backend } = await picked({ [SALES]: { people: [], publicRole: 'viewers' }, [LEGAL]: { people: [] } });
    let answerLegal!: () => void;
    const read = backend.readAccess.getMockImplementation()!;
    backend.readAccess.mockImplementation(async (resource: AccessResource) => {
      if (resource.kind === 'document' && resource.docId === LEGAL) await new Promise<void>((resolve) => (answerLegal = resolve));
      return read(resource);
    });
    await clickAndSettle(screen.getByRole('button', { name: 'Make selected private' }));
    await screen.findByText('Make private: no public link. Reading who has access: 1 of 2 documents read…');
    expect(previewTable().rows[1]).toEqual(['Acme › Finance', 'Budget 2025 – Legal', 'reading who has access…']);
    expect((screen.getByRole('button', { name: 'Change access to 1 document' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answerLegal());
    await waitFor(() => expect((screen.getByRole('button', { name: 'Change access to 1 document' }) as HTMLButtonElement).disabled).toBe(false));
    expect(previewTable().rows).toEqual([
      ['Acme › Finance', 'Budget 2025 – Sales', 'Anyone with the link', 'Viewer', 'no access'],
      ['Acme › Finance', 'Budget 2025 – Legal', 'Anyone with the link', 'no access', 'unchanged (not sent)'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Make selected private' })));
    expect(screen.getByText('0 will be renamed, 2 unchanged, 0 invalid.')).toBeTruthy();
    expect(backend.startBulkShare).not.toHaveBeenCalled();
  });

  test('Stop sharing selected with…: each person’s role here taken back, inherited access left as it is; Escape closes the form, the focus back on its button', async () => {
    await picked({ [SALES]: { people: [person('ann@example.com', 'Ann', 'editors', 'viewers')] }, [LEGAL]: { people: [person('ann@example.com', 'Ann', null, 'viewers')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing selected with…' }));
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Emails' }), { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop sharing selected with…' })));
    fireEvent.click(screen.getByRole('button', { name: 'Stop sharing selected with…' }));
    await submitEmails('ann@example.com');
    await screen.findByRole('button', { name: 'Change access to 1 document' });
    expect(previewTable().rows.map((row) => row.slice(1))).toEqual([
      ['Budget 2025 – Sales', 'Ann <ann@example.com>', 'Editor', 'Viewer, inherited'],
      ['Budget 2025 – Legal', 'Ann <ann@example.com>', 'Viewer, inherited', 'unchanged (not sent)'],
    ]);
  });
});

