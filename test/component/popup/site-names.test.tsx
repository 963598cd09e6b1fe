// @vitest-environment jsdom
/**
 * Sites named so two never read the same (issue 49): another person's personal site, which Grist
 * names "Personal" as it names the user's own, reads "<owner>’s Personal" in the list, the People
 * view and the History; two accounts' own personal sites, side by side, read by their accounts.
 */
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, test } from 'vitest';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import type { Reply, SitesPeopleRequest } from '../../../src/shared/protocol/messages.ts';
import { documentEntry, personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';
import { setup, settle } from './menu-setup.tsx';
import { chooseInTitleMenu, setupPopupTests } from './popup-setup.tsx';

setupPopupTests();

const ANNS = 'https://docs-9.getgrist.com';

/** The user's own personal site and Ann Smith's, which shared "Ann’s plan" with them: both named "Personal" by Grist. */
function listing(): Listing {
  const own = personalSiteEntry([workspaceEntry(10, 'Home', [documentEntry('budgetDoc000000000000', 'Budget')], { access: 'owners' })]);
  const anns = siteEntry(9, 'Personal', [workspaceEntry(90, 'Home', [documentEntry('annsPlan0000000000000', 'Ann’s plan', { access: 'editors' })], { access: 'viewers' })], {
    domain: 'docs-9',
    owner: 'Ann Smith',
    access: 'guests',
    siteUrl: ANNS,
  });
  return { fetchedAt: 2, sites: [own, anns] };
}

type Backend = Awaited<ReturnType<typeof setup>>['backend'];

/** Opens the People view, each site answering at once with `people` of its own: Ed viewer on every site. */
async function openPeople(backend: Backend) {
  backend.readSitesPeople.mockImplementation((request: SitesPeopleRequest, onAnswer: (index: number, reply: Reply<'readAccess'>) => void) => {
    request.sites.forEach((site, index) =>
      onAnswer(index, {
        ok: true,
        value: {
          resource: { kind: 'site', orgId: site.orgId, siteUrl: site.siteUrl },
          account: 'a1',
          ownEmail: 'olivia@example.com',
          canChange: false,
          onlySelf: false,
          people: [{ email: 'ed@example.com', name: 'Ed', role: 'viewers', inherited: null, isMember: true }],
          publicRole: null,
        },
      }),
    );
    return () => undefined;
  });
  chooseInTitleMenu('People');
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await settle();
}

describe('another person’s personal site', () => {
  test('the list heads it "<owner>’s Personal", the user’s own "Personal"', async () => {
    await setup(listing());
    const sections = screen.getAllByRole('region').filter((region) => region.classList.contains('site'));
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual(['Personal', 'Ann Smith’s Personal']);
    expect(within(sections[1]!).getByText('Ann’s plan')).toBeTruthy();
    expect(within(sections[1]!).getByRole('heading', { name: /Ann Smith’s Personal/ })).toBeTruthy();
  });

  test('the People view names it so, in a person’s sites', async () => {
    const { backend } = await setup(listing());
    await openPeople(backend);
    const ed = screen.getByText('Ed').closest('li')!;
    expect(within(ed).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Viewer on Personal', 'Viewer on Ann Smith’s Personal']);
  });

  test('the History names it so, and an entry written before owners were kept by its Grist name', async () => {
    const { backend } = await setup(listing());
    const entry = (id: string, site: object) => ({ id, at: Date.now() - 60_000, kind: 'rename', target: { kind: 'document', id: 'annsPlan0000000000000' }, site, workspace: { id: 90, name: 'Home' }, oldName: 'Plan', newName: 'Ann’s plan', source: 'popup', cannotUndo: null });
    backend.readChangeLog.mockResolvedValue({
      ok: true,
      value: [entry('e1', { orgId: 9, name: 'Personal', url: ANNS, owner: 'Ann Smith' }), entry('e2', { orgId: 9, name: 'Personal', url: ANNS })],
    });
    chooseInTitleMenu('History');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const list = await screen.findByRole('list', { name: 'History' });
    const places = within(list).getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(places[0]).toContain('Ann Smith’s Personal › Home');
    expect(places[1]).toContain('Personal › Home');
    expect(places[1]).not.toContain('Ann Smith');
  });
});

describe('two accounts’ own personal sites', () => {
  test('the People view names each by its account, where the list heads them under their accounts', async () => {
    const accounts = [
      { id: 'a1', user: { name: 'Olivia', email: 'olivia@example.com' }, server: 'docs.getgrist.com' },
      { id: 'a2', user: { name: 'Olivia', email: 'olivia@work.example' }, server: 'grist.work.example' },
    ];
    const second = personalSiteEntry([workspaceEntry(20, 'Home', [documentEntry('workDoc00000000000000', 'Timesheet')], { access: 'owners' })], { account: 'a2', siteUrl: 'https://grist.work.example/o/docs' });
    const { backend } = await setup({ fetchedAt: 2, sites: [personalSiteEntry([workspaceEntry(10, 'Home', [], { access: 'owners' })]), second], accounts });
    await openPeople(backend);
    const ed = screen.getByText('Ed').closest('li')!;
    expect(within(ed).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Viewer on olivia@example.com’s Personal', 'Viewer on olivia@work.example’s Personal']);
  });
});
