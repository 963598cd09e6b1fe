// @vitest-environment jsdom
/**
 * The popup's Share panel (the Share… of a row's and a workspace's menu, People on this site… of a site's):
 * what it shows of who has access, keyboard (Tab order, Enter adds, Escape back to the menu
 * button), the emails checked before anything is sent, the editor's read-only list, the user's own
 * row, and each change sent once with only what changed, with Undo. Rendered with a fake backend.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { Reply } from '../../../src/shared/protocol/messages.ts';
import type { PersonGrants } from '../../../src/shared/protocol/people.ts';
import type { AccessList, AccessResource } from '../../../src/shared/protocol/sharing.ts';
import { BUDGET, chooseInMenu, openMenu, setup, settle } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';
import { deferred } from '../../setup/deferred.ts';

setupPopupTests();

const BUDGET_RESOURCE: AccessResource = { kind: 'document', orgId: 1, siteUrl: 'https://docs.getgrist.com', docId: BUDGET.id };

/** Budget as its owner (me@example.com) reads it: Ann an editor given here, Tom an editor from the workspace, not public. */
function ownersList(overrides: Partial<AccessList> = {}): AccessList {
  return {
    resource: BUDGET_RESOURCE,
    account: 'account-1',
    ownEmail: 'me@example.com',
    canChange: true,
    onlySelf: false,
    people: [
      { email: 'me@example.com', name: 'Me', role: 'owners', inherited: 'owners', isMember: true },
      { email: 'ann@example.com', name: 'Ann', role: 'editors', inherited: null, isMember: false },
      { email: 'tom@example.com', name: 'Tom', role: null, inherited: 'editors', isMember: true },
    ],
    publicRole: null,
    maxInheritedRole: 'owners',
    ...overrides,
  };
}

/** A popup whose Share panel on Budget reads `list`; resolves once it is drawn. */
async function openShare(list: AccessList = ownersList()) {
  const popup = await setup();
  popup.backend.readAccess.mockResolvedValue({ ok: true, value: list });
  const menu = await openMenu('Budget');
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Share…' }));
  await settle();
  const panel = await screen.findByRole('region', { name: 'People with access to Budget' });
  await within(panel).findByRole('list', { name: 'People' });
  return { ...popup, panel };
}

/** openShare, with Grist taking the change (logged as `entryId`) and its undo. */
async function openUndoableShare(entryId: string) {
  const opened = await openShare();
  opened.backend.changeAccess.mockResolvedValue({ ok: true, value: { entryId } });
  opened.backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Budget', entryId: `undo-${entryId}` } });
  return opened;
}

const emailsField = (panel: HTMLElement) => within(panel).getByRole('textbox', { name: 'Add people (emails)' });

/** Types `text` in the emails field and presses Enter. */
async function add(panel: HTMLElement, text: string) {
  const field = emailsField(panel);
  fireEvent.input(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
  await settle();
}

describe('the Share panel', () => {
  test('Share… reads who has access once, and shows each person with their role, given here or inherited', async () => {
    const { backend, panel } = await openShare();
    expect(backend.readAccess).toHaveBeenCalledTimes(1);
    expect(backend.readAccess).toHaveBeenCalledWith(BUDGET_RESOURCE);
    const people = within(panel).getAllByRole('listitem').map((item) => item.textContent);
    expect(people[1]).toContain('Ann');
    expect(within(panel).getByRole('combobox', { name: 'Role of ann@example.com' })).toHaveProperty('value', 'editors');
    expect(people[2]).toContain('Editor, from the workspace');
    expect(within(panel).getByRole('switch', { name: 'Anyone with the link can view' })).toHaveProperty('checked', false);
    expect(within(panel).getByRole('combobox', { name: 'Team members' })).toHaveProperty('value', 'owners');
  });

  test('keyboard: the heading takes the focus, then Tab goes Back, Copy link, the add form, each person, the public link, team members', async () => {
    const { panel } = await openShare();
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'People with access to Budget' }));
    // What Tab goes through: the focusable controls in the page's order (none has a tabindex of its own).
    const tabbable = [...panel.querySelectorAll<HTMLElement>('a, button, input, select, textarea')].filter((element) => element.tabIndex >= 0 && !(element as HTMLInputElement).disabled);
    const named = (role: string, name: string) => within(panel).getByRole(role, { name });
    expect(tabbable).toEqual([
      named('button', 'Back to documents'),
      named('button', 'Copy link'),
      named('textbox', 'Add people (emails)'),
      named('combobox', 'Role of the people added'),
      named('button', 'Share'),
      named('combobox', 'Role of ann@example.com'),
      named('button', 'Remove ann@example.com'),
      named('switch', 'Anyone with the link can view'),
      named('combobox', 'Team members'),
    ]);
  });

  test('Enter adds: one change with the emails typed and the role chosen, shown at once, then Undo in the status', async () => {
    const { backend, panel } = await openShare();
    backend.changeAccess.mockResolvedValue({ ok: true, value: { entryId: 'share-1' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Role of the people added' }), { target: { value: 'editors' } });
    await add(panel, 'bo@example.com, Cy@Example.com');
    expect(backend.changeAccess).toHaveBeenCalledTimes(1);
    expect(backend.changeAccess).toHaveBeenCalledWith({ resource: BUDGET_RESOURCE, account: 'account-1', delta: { users: { 'bo@example.com': 'editors', 'Cy@Example.com': 'editors' } } });
    expect(within(panel).getByRole('combobox', { name: 'Role of Cy@Example.com' })).toHaveProperty('value', 'editors');
    expect(emailsField(panel)).toHaveProperty('value', '');
    expect(screen.getByText('Shared “\u2068Budget\u2069” with bo@example.com, Cy@Example.com as Editor.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo sharing “Budget” with bo@example.com, Cy@Example.com' })).toBeTruthy();
  });

  test('a new role for someone who had one here is a change, not a share: the status and its Undo say so', async () => {
    const { backend, panel } = await openShare();
    backend.changeAccess.mockResolvedValue({ ok: true, value: { entryId: 'role-1' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Role of ann@example.com' }), { target: { value: 'viewers' } });
    await settle();
    expect(backend.changeAccess).toHaveBeenCalledWith({ resource: BUDGET_RESOURCE, account: 'account-1', delta: { users: { 'ann@example.com': 'viewers' } } });
    expect(screen.getByText('Changed ann@example.com to Viewer on “\u2068Budget\u2069”.')).toBeTruthy();
    expect(screen.queryByText(/^Shared “/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo changing ann@example.com to Viewer on “Budget”' })).toBeTruthy();
  });

  test('a list with one bad email, or the user’s own, sends nothing and says which', async () => {
    const { backend, panel } = await openShare();
    await add(panel, 'bo@example.com, bob@, ME@example.com');
    expect(backend.changeAccess).not.toHaveBeenCalled();
    expect(within(panel).getByText(/^Nothing sent/).textContent).toBe('Nothing sent: “bob@” is not an email; “ME@example.com” is your own email.');
    expect(within(panel).getByText(/^Nothing sent/).getAttribute('role')).toBe('alert');
    expect(emailsField(panel)).toHaveProperty('value', 'bo@example.com, bob@, ME@example.com');
  });

  test('what the panel said goes once the emails are edited, and once a change succeeds', async () => {
    const { backend, panel } = await openShare();
    const alerts = () => within(panel).getAllByRole('alert').map((alert) => alert.textContent).filter(Boolean);
    await add(panel, 'bob@');
    expect(alerts()).toEqual(['Nothing sent: “bob@” is not an email.']);
    fireEvent.input(emailsField(panel), { target: { value: 'bob@example.com' } });
    expect(alerts()).toEqual([]);
    // Grist's refusal of a change goes as the emails are edited too.
    backend.changeAccess.mockResolvedValueOnce({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Grist refused: access denied.' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Role of ann@example.com' }), { target: { value: 'viewers' } });
    await settle();
    expect(alerts()).toEqual(['Grist refused: access denied.']);
    fireEvent.input(emailsField(panel), { target: { value: 'bob@example.co' } });
    expect(alerts()).toEqual([]);
    // A list refused, then a change Grist takes: what was said of the list goes.
    await add(panel, 'bob@');
    expect(alerts()).toEqual(['Nothing sent: “bob@” is not an email.']);
    backend.changeAccess.mockResolvedValueOnce({ ok: true, value: { entryId: 'share-9' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Role of ann@example.com' }), { target: { value: 'viewers' } });
    await settle();
    expect(backend.changeAccess).toHaveBeenCalledTimes(2);
    expect(alerts()).toEqual([]);
  });

  test('everyone@getgrist.com typed with any role sends nothing and points to the public link switch (on a workspace: to a document’s)', async () => {
    const { backend, panel } = await openShare();
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Role of the people added' }), { target: { value: 'editors' } });
    await add(panel, 'bo@example.com Everyone@GetGrist.com');
    expect(backend.changeAccess).not.toHaveBeenCalled();
    expect(within(panel).getByText(/^Nothing sent/).textContent).toBe('Nothing sent: “Everyone@GetGrist.com” is the public link: use the public link switch below.');
    expect(within(panel).getByRole('switch', { name: 'Anyone with the link can view' })).toHaveProperty('checked', false);
    fireEvent.click(within(panel).getByRole('button', { name: 'Back to documents' }));
    await settle();
    backend.readAccess.mockResolvedValue({ ok: true, value: { ...ownersList(), resource: { kind: 'workspace', orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 } } });
    await chooseInMenu('Home', 'Share…');
    await settle();
    const workspace = await screen.findByRole('region', { name: 'People with access to Home' });
    await add(workspace, 'everyone@getgrist.com');
    expect(backend.changeAccess).not.toHaveBeenCalled();
    expect(within(workspace).getByText(/^Nothing sent/).textContent).toBe(
      'Nothing sent: “everyone@getgrist.com” is the public link, which only a document has: use the switch in a document’s Share panel.',
    );
  });

  test('the user’s other saved account: refused in the list, naming it, and its row is shown, not offered', async () => {
    const list = ownersList({
      people: [...ownersList().people, { email: 'me2@example.com', name: 'Me Too', role: 'editors', inherited: null, isMember: true }],
      savedUsers: [
        { email: 'me@example.com', number: 1 },
        { email: 'Me2@Example.com', number: 2 },
      ],
    });
    const { backend, panel } = await openShare(list);
    await add(panel, 'bo@example.com, ME2@example.com');
    expect(backend.changeAccess).not.toHaveBeenCalled();
    expect(within(panel).getByText(/^Nothing sent/).textContent).toBe('Nothing sent: “ME2@example.com” is your other saved account (Account 2): change its access in Grist.');
    const row = within(panel).getAllByRole('listitem')[3]!;
    expect(row.textContent).toContain('Me Too');
    expect(within(row).queryByRole('combobox')).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.textContent).toContain('Your other saved account (Account 2): change its access in Grist.');
    expect(within(panel).getByRole('combobox', { name: 'Role of ann@example.com' })).toBeTruthy();
  });

  test('the user’s own row cannot be changed, and says why; others can be changed and removed, one change each', async () => {
    const { backend, panel } = await openShare();
    backend.changeAccess.mockResolvedValue({ ok: true, value: { entryId: 'share-2' } });
    const own = within(panel).getAllByRole('listitem')[0]!;
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(own.textContent).toContain('Your own access cannot be changed here: Grist refuses it.');
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Role of ann@example.com' }), { target: { value: 'viewers' } });
    await settle();
    expect(backend.changeAccess).toHaveBeenLastCalledWith({ resource: BUDGET_RESOURCE, account: 'account-1', delta: { users: { 'ann@example.com': 'viewers' } } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove ann@example.com' }));
    await settle();
    expect(backend.changeAccess).toHaveBeenLastCalledWith({ resource: BUDGET_RESOURCE, account: 'account-1', delta: { users: { 'ann@example.com': null } } });
    expect(panel.textContent).not.toContain('ann@example.com');
  });

  test('an editor sees the list read-only, told why; a viewer only themselves, told why', async () => {
    // Grist marks an editor's answer `personal`, as a viewer's (grist-core getDocAccess), with everyone in it.
    const { panel } = await openShare(ownersList({ canChange: false, onlySelf: true, ownRole: 'editors' }));
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(panel).getByRole('switch')).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('combobox', { name: 'Team members' })).toHaveProperty('disabled', true);
    expect(panel.textContent).toContain('Only owners can change who has access.');
    expect(panel.textContent).not.toContain('Only owners and editors can see who else has access.');
    expect(panel.textContent).toContain('Editor');
  });

  test('a viewer sees only themselves, told why, and no public link or team setting', async () => {
    const me = ownersList().people[0]!;
    const { panel } = await openShare(ownersList({ canChange: false, onlySelf: true, ownRole: 'viewers', people: [{ ...me, role: 'viewers' }] }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(panel.textContent).toContain('Only owners and editors can see who else has access.');
    expect(within(panel).queryByRole('switch')).toBeNull();
  });

  test('the public link switch sends the public user only, and a refusal is said and the list read again', async () => {
    const { backend, panel } = await openShare();
    backend.changeAccess.mockResolvedValue({ ok: false, error: { kind: 'forbidden', status: 403, message: 'Grist refused: access denied.' } });
    fireEvent.click(within(panel).getByRole('switch', { name: 'Anyone with the link can view' }));
    await settle();
    expect(backend.changeAccess).toHaveBeenCalledWith({ resource: BUDGET_RESOURCE, account: 'account-1', delta: { users: { 'everyone@getgrist.com': 'viewers' } } });
    expect(within(panel).getAllByRole('alert').map((alert) => alert.textContent)).toContain('Grist refused: access denied.');
    expect(backend.readAccess).toHaveBeenCalledTimes(2);
    expect(within(panel).getByRole('switch')).toHaveProperty('checked', false);
  });

  test('a refused public link is shown at once, in the panel and on the row, then put back in both and said in the panel and the status', async () => {
    const { backend, panel } = await openShare();
    const answer = deferred<Reply<'changeAccess'>>();
    backend.changeAccess.mockReturnValue(answer.promise);
    const budgetRow = () => screen.getByRole('link', { name: 'Open Budget', hidden: true }).closest('li')!;
    fireEvent.click(within(panel).getByRole('switch', { name: 'Anyone with the link can view' }));
    await settle();
    expect(within(panel).getByRole('switch')).toHaveProperty('checked', true);
    expect(within(budgetRow()).getByText('public')).toBeTruthy();

    const refusal = 'Grist refused: access denied.';
    await act(async () => answer.resolve({ ok: false, error: { kind: 'forbidden', status: 403, message: refusal } }));
    await settle();
    expect(within(budgetRow()).queryByText('public')).toBeNull();
    expect(within(panel).getAllByRole('alert').map((alert) => alert.textContent)).toContain(refusal);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContainEqual(expect.stringContaining(refusal));
    // Read again from Grist, which has it not public.
    expect(backend.readAccess).toHaveBeenCalledTimes(2);
    expect(within(panel).getByRole('switch')).toHaveProperty('checked', false);
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  test('the public link switch marks the row public at once; Undo takes the mark away', async () => {
    const { backend, panel } = await openUndoableShare('share-5');
    fireEvent.click(within(panel).getByRole('switch', { name: 'Anyone with the link can view' }));
    await settle();
    fireEvent.keyDown(emailsField(panel), { key: 'Escape' });
    await settle();
    const budgetRow = () => screen.getByRole('link', { name: 'Open Budget' }).closest('li')!;
    expect(within(budgetRow()).getByText('public')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo making “Budget” public' }));
    await settle();
    expect(backend.undoChange).toHaveBeenCalledWith({ entryId: 'share-5', target: { kind: 'document', id: BUDGET.id }, force: false });
    expect(within(budgetRow()).queryByText('public')).toBeNull();
  });

  test('team members: one change of maxInheritedRole only', async () => {
    const { backend, panel } = await openShare();
    backend.changeAccess.mockResolvedValue({ ok: true, value: { entryId: 'share-3' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Team members' }), { target: { value: '' } });
    await settle();
    expect(backend.changeAccess).toHaveBeenCalledWith({ resource: BUDGET_RESOURCE, account: 'account-1', delta: { maxInheritedRole: null } });
    expect(screen.getByText('Team members on “\u2068Budget\u2069”: no access.')).toBeTruthy();
  });

  test('Escape closes it, back to the row’s More actions button', async () => {
    const { panel } = await openShare();
    fireEvent.keyDown(emailsField(panel), { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('region', { name: 'People with access to Budget' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Budget' })));
  });

  test('Ctrl+Z undoes the change by its document, and the list is read again', async () => {
    const { backend, panel } = await openUndoableShare('share-4');
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove ann@example.com' }));
    await settle();
    fireEvent.keyDown(within(panel).getByRole('heading'), { key: 'z', ctrlKey: true });
    await settle();
    expect(backend.undoChange).toHaveBeenCalledWith({ entryId: 'share-4', target: { kind: 'document', id: BUDGET.id }, force: false });
    expect(backend.readAccess).toHaveBeenCalledTimes(2);
    await act(async () => undefined);
    expect(screen.getByText('Who has access to “\u2068Budget\u2069” is back as it was.')).toBeTruthy();
  });

  /** What Ann has on Acme, as the preview reads it: Leads, which she owns and the user does not own right there. */
  const annOnAcme = (siteUrl: string): PersonGrants => ({
    email: 'ann@example.com',
    previewId: 'preview-ann',
    sites: [{ account: 'account-1', orgId: 2, siteUrl, siteName: 'Acme', role: 'editors', workspaces: [], documents: [{ id: 'leadsDoc000000000000', name: 'Leads', role: 'owners', workspaceId: 20, makesYouOwner: true }] }],
    unread: [],
  });

  test('Remove on a site shows what goes with them and asks first, as the People view does; then removes them, says what Grist made you an owner of, keeps the focus in the panel, and Undo puts it back', async () => {
    const { backend } = await setup();
    const acme: AccessResource = { kind: 'site', orgId: 2, siteUrl: 'https://acme.getgrist.com' };
    const people = ownersList().people.map((person) => ({ ...person, inherited: null }));
    backend.readAccess.mockResolvedValue({ ok: true, value: { ...ownersList(), resource: acme, people, publicRole: null } });
    backend.readPersonGrants.mockResolvedValue({ ok: true, value: annOnAcme(acme.siteUrl) });
    // The worker answers at once and runs it: the panel follows it until done.
    backend.removePerson.mockResolvedValue({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 2, siteUrl: acme.siteUrl, outcome: 'waiting' }], done: false } });
    backend.getPersonRemoval.mockResolvedValue({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 2, siteUrl: acme.siteUrl, outcome: 'removed', entryId: 'person-1' }], done: true } });
    backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'ann@example.com', entryId: 'undo-1', leftOut: 'Not put back, as Grist no longer has them: “Leads”.' } });
    await chooseInMenu('Acme', 'People on this site…');
    await settle();
    const panel = await screen.findByRole('region', { name: 'People with access to Acme' });
    const remove = await within(panel).findByRole('button', { name: 'Remove ann@example.com' });
    const warning = 'Removing someone from the site also takes away every workspace and document they were given on it. Undo puts them back.';
    expect(within(panel).getByText(warning)).toBeTruthy();
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent).toBe(warning);
    fireEvent.click(remove);
    await settle();
    // Read first, this site only; nothing sent before it is confirmed.
    expect(backend.readPersonGrants).toHaveBeenCalledWith({ email: 'ann@example.com', site: { orgId: 2, siteUrl: acme.siteUrl } });
    expect(backend.removePerson).not.toHaveBeenCalled();
    const question = within(panel).getByText('Remove ann@example.com from these sites you own?');
    expect(document.activeElement).toBe(question);
    expect(panel.textContent).toContain('Document Leads: Owner');
    expect(panel.textContent).toContain('Grist will make you an owner of “\u2068Leads\u2069” in their place');
    // Cancel keeps her, the focus back on her Remove.
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await settle();
    await act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Remove ann@example.com' }));
    expect(backend.removePerson).not.toHaveBeenCalled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Remove ann@example.com' }));
    await settle();
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove from the sites listed' }));
    await vi.waitFor(() => expect(backend.getPersonRemoval).toHaveBeenCalledWith({ batchId: 'b1' }));
    await settle();
    // Not an access change: the person's removal, by the preview's id (the worker takes what it read then; its undo gives it back).
    expect(backend.changeAccess).not.toHaveBeenCalled();
    expect(backend.removePerson).toHaveBeenCalledWith({ email: 'ann@example.com', previewId: 'preview-ann', sites: [{ orgId: 2, siteUrl: acme.siteUrl }] });
    expect(screen.getByText('Removed ann@example.com from “\u2068Acme\u2069”, with what they had in its workspaces and documents. Grist made you an owner of “\u2068Leads\u2069” in their place.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Remove ann@example.com' })).toBeNull();
    // The focus stays in the panel, on its heading.
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'People with access to Acme' }));
    fireEvent.keyDown(within(panel).getByRole('heading'), { key: 'z', ctrlKey: true });
    await settle();
    expect(backend.undoChange).toHaveBeenCalledWith({ entryId: 'person-1', target: { kind: 'site', id: 2 }, force: false });
    await act(async () => undefined);
    expect(screen.getByText('Who has access to “\u2068Acme\u2069” is back as it was. Not put back, as Grist no longer has them: “Leads”.')).toBeTruthy();
  });

  test('a site’s Remove that the worker refuses says why, and the list is read again', async () => {
    const { backend } = await setup();
    const acme: AccessResource = { kind: 'site', orgId: 2, siteUrl: 'https://acme.getgrist.com' };
    backend.readAccess.mockResolvedValue({ ok: true, value: { ...ownersList(), resource: acme, publicRole: null } });
    backend.readPersonGrants.mockResolvedValue({ ok: true, value: annOnAcme(acme.siteUrl) });
    const refusal = 'Only the owners of “Acme” can remove people from it.';
    backend.removePerson.mockResolvedValue({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 2, siteUrl: acme.siteUrl, outcome: 'failed', kind: 'forbidden', message: refusal }], done: true } });
    await chooseInMenu('Acme', 'People on this site…');
    await settle();
    const panel = await screen.findByRole('region', { name: 'People with access to Acme' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove ann@example.com' }));
    await settle();
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove from the sites listed' }));
    await settle();
    expect(within(panel).getAllByRole('alert').map((alert) => alert.textContent)).toContain(refusal);
    expect(backend.readAccess).toHaveBeenCalledTimes(2);
  });

  test('a workspace’s Share… and a site’s People on this site… read the workspace’s and the site’s access', async () => {
    const { backend } = await setup();
    backend.readAccess.mockResolvedValue({ ok: true, value: { ...ownersList(), resource: { kind: 'workspace', orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 } } });
    await chooseInMenu('Home', 'Share…');
    await settle();
    expect(await screen.findByRole('region', { name: 'People with access to Home' })).toBeTruthy();
    expect(backend.readAccess).toHaveBeenLastCalledWith({ kind: 'workspace', orgId: 1, siteUrl: 'https://docs.getgrist.com', workspaceId: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    await settle();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions for Home' })));
    await chooseInMenu('Acme', 'People on this site…');
    await settle();
    expect(await screen.findByRole('region', { name: 'People with access to Acme' })).toBeTruthy();
    expect(backend.readAccess).toHaveBeenLastCalledWith({ kind: 'site', orgId: 2, siteUrl: 'https://acme.getgrist.com' });
  });
});
