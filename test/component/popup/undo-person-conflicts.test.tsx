// @vitest-environment jsdom
/**
 * The popup's Undo (Ctrl+Z, the status line's) of a person's removal from the Share panel: grants
 * changed since are named, each with its own "Put back anyway", as the History offers them, and
 * never forced all at once (issue 48's first defect, found again in the popup by a review).
 */
import { act, fireEvent, screen, within } from '@testing-library/preact';
import { expect, test } from 'vitest';
import type { AccessResource } from '../../../src/shared/protocol/sharing.ts';
import type { UndoOutcome } from '../../../src/shared/protocol/undo-outcome.ts';
import { chooseInMenu, setup, settle } from './menu-setup.tsx';
import { setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

const acme: AccessResource = { kind: 'site', orgId: 2, siteUrl: 'https://acme.getgrist.com' };
const people = [
  { email: 'me@example.com', name: 'Me', role: 'owners', inherited: null, isMember: true },
  { email: 'ann@example.com', name: 'Ann', role: 'editors', inherited: null, isMember: false },
];
const LEADS = 'ann@example.com has “Leads” again since, as Viewer; the removal took Owner';

/** Removes Ann from Acme in its Share panel, then presses Ctrl+Z, the worker answering `undo`. Out: the fake backend. */
async function removeAnnThenUndo(undo: UndoOutcome) {
  const { backend } = await setup();
  backend.readAccess.mockResolvedValue({ ok: true, value: { resource: acme, account: 'account-1', ownEmail: 'me@example.com', savedUsers: [], canChange: true, onlySelf: false, people, publicRole: null, maxInheritedRole: 'owners' } as never });
  backend.readPersonGrants.mockResolvedValue({ ok: true, value: { email: 'ann@example.com', sites: [{ account: 'account-1', orgId: 2, siteUrl: acme.siteUrl, siteName: 'Acme', role: 'editors', workspaces: [], documents: [] }], unread: [] } });
  backend.removePerson.mockResolvedValue({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 2, siteUrl: acme.siteUrl, outcome: 'removed', entryId: 'person-1' }], done: true } });
  backend.undoChange.mockResolvedValue({ ok: true, value: undo });
  await chooseInMenu('Acme', 'People on this site…');
  await settle();
  const panel = await screen.findByRole('region', { name: 'People with access to Acme' });
  fireEvent.click(await within(panel).findByRole('button', { name: 'Remove ann@example.com' }));
  await settle();
  // Asked first, as the People view does (issue 49).
  fireEvent.click(within(panel).getByRole('button', { name: 'Remove from the sites listed' }));
  await settle();
  fireEvent.keyDown(within(panel).getByRole('heading'), { key: 'z', ctrlKey: true });
  await settle();
  await act(async () => undefined);
  return backend;
}

const anyway = () => screen.queryAllByRole('button').filter((button) => /anyway/iu.test(button.textContent ?? ''));

test('an undo that kept grants changed since names each, with its own Put back anyway, which sends that grant only', async () => {
  const backend = await removeAnnThenUndo({ outcome: 'restored', name: 'Acme', entryId: 'u1', kept: [{ grant: 'document:leads', current: LEADS }] });
  expect(document.querySelector('.status')?.textContent).toContain('Who has access to “\u2068Acme\u2069” is back as it was.');
  expect(screen.getByText(LEADS)).toBeTruthy();
  expect(anyway().map((button) => button.getAttribute('aria-label'))).toEqual([`Put back anyway: ${LEADS}`]);
  backend.undoChange.mockResolvedValue({ ok: true, value: { outcome: 'restored', name: 'Acme', entryId: 'u2' } });
  fireEvent.click(anyway()[0]!);
  await settle();
  await act(async () => undefined);
  expect(backend.undoChange).toHaveBeenLastCalledWith({ entryId: 'person-1', target: { kind: 'site', id: 2 }, force: false, grants: ['document:leads'] });
  expect(screen.queryByText(LEADS)).toBeNull();
  expect(document.querySelector('.status')?.textContent).toContain('Who has access to “\u2068Acme\u2069” is back as it was.');
});

test('an undo whose grants all changed since offers each on its own, never the whole entry forced', async () => {
  const other = 'ann@example.com has “Plans” again since, as Editor; the removal took Owner';
  const backend = await removeAnnThenUndo({
    outcome: 'changed-elsewhere',
    current: `${LEADS}; ${other}`,
    conflicts: [{ grant: 'document:leads', current: LEADS }, { grant: 'workspace:7', current: other }],
  });
  expect(anyway().map((button) => button.getAttribute('aria-label'))).toEqual([`Put back anyway: ${LEADS}`, `Put back anyway: ${other}`]);
  fireEvent.click(anyway()[1]!);
  await settle();
  expect(backend.undoChange.mock.calls.map(([request]) => request)).toEqual([
    { entryId: 'person-1', target: { kind: 'site', id: 2 }, force: false },
    { entryId: 'person-1', target: { kind: 'site', id: 2 }, force: false, grants: ['workspace:7'] },
  ]);
});
