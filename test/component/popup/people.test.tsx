// @vitest-environment jsdom
/**
 * The popup's People view: everyone with access to any listed site, each site read when the view
 * opens and drawn as it answers, grouped by person, searched by name or email; and "Remove <email>
 * from all your sites…", its preview read first, sent only when confirmed, with Undo.
 */
import { act, fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, test, vi } from 'vitest';
import type { PersonGrants } from '../../../src/shared/protocol/people.ts';
import type { AccessList, AccessResource } from '../../../src/shared/protocol/sharing.ts';
import type { Reply, SitesPeopleRequest } from '../../../src/shared/protocol/messages.ts';
import { deferred } from '../../setup/deferred.ts';
import { listingOf, siteEntry } from '../../setup/listings.ts';
import { setup, settle } from './menu-setup.tsx';
import { setupPopupTests, backToDocuments, chooseInTitleMenu } from './popup-setup.tsx';

setupPopupTests();

const OWN = 'olivia@example.com';

/** A site's access as the worker answers it, read with account a1 whose user is OWN. */
function siteAccess(resource: AccessResource, people: Array<[string, string, AccessList['people'][number]['role']]>): AccessList {
  return {
    resource,
    account: 'a1',
    ownEmail: OWN,
    canChange: true,
    onlySelf: false,
    people: people.map(([email, name, role]) => ({ email, name, role, inherited: null, isMember: role !== 'guests' })),
    publicRole: null,
  };
}

const personal = { kind: 'site', orgId: 1, siteUrl: 'https://docs.getgrist.com' } as const;
const acme = { kind: 'site', orgId: 2, siteUrl: 'https://acme.getgrist.com' } as const;

type Backend = Awaited<ReturnType<typeof setup>>['backend'];
/** One read of many sites' people, as the view asked it (readSitesPeople): its sites, and whether the view stopped it. */
interface PeopleRead {
  sites: SitesPeopleRequest['sites'];
  stopped: boolean;
}

/**
 * The worker's end of the People port (backend.readSitesPeople), faked: each site of a read is
 * answered `replyOf(site)` once that settles, in whatever order they settle, as long as the view
 * has not stopped the read. Out: the reads the view asked, in order.
 */
function fakePeoplePort(backend: Backend, replyOf: (site: SitesPeopleRequest['sites'][number]) => Promise<Reply<'readAccess'>>): PeopleRead[] {
  const reads: PeopleRead[] = [];
  backend.readSitesPeople.mockImplementation((request: SitesPeopleRequest, onAnswer: (index: number, reply: Reply<'readAccess'>) => void) => {
    const read: PeopleRead = { sites: request.sites, stopped: false };
    reads.push(read);
    request.sites.forEach((site, index) => void replyOf(site).then((reply) => read.stopped || onAnswer(index, reply)));
    return () => (read.stopped = true);
  });
  return reads;
}

/** The sites asked, read by read, as resources. */
const askedSites = (reads: readonly PeopleRead[]) => reads.map(({ sites }) => sites.map(({ orgId, siteUrl }) => ({ kind: 'site', orgId, siteUrl })));

/** Opens the People view with each site's answer held until the test gives it. Out: the answers to give, and the reads asked. */
async function openPeople(backend: Backend) {
  const answers = new Map<number, ReturnType<typeof deferred<Reply<'readAccess'>>>>([
    [1, deferred()],
    [2, deferred()],
  ]);
  const reads = fakePeoplePort(backend, (site) => answers.get(site.orgId)!.promise);
  chooseInTitleMenu('People');
  await settle();
  const answer = async (orgId: number, list: AccessList) => {
    await act(async () => answers.get(orgId)!.resolve({ ok: true, value: list }));
    await nextFrame();
  };
  return Object.assign(answer, { reads });
}

/** Lets the view draw what answered: answers are drawn at the next frame (people-view.tsx), then settled. */
async function nextFrame() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await settle();
}

/** The text of the person's row named `name`. */
const rowOf = (name: string) => screen.getByText(name).closest('li')!;

describe('the People view', () => {
  test('reads each site once when opened, not before, all in one request; draws a site as it answers; groups people across sites', async () => {
    const { backend } = await setup();
    expect(backend.readSitesPeople).not.toHaveBeenCalled();
    const answer = await openPeople(backend);
    expect(askedSites(answer.reads)).toEqual([[personal, acme]]);
    expect(backend.readAccess).not.toHaveBeenCalled();
    expect(screen.getByText('Reading Personal…')).toBeTruthy();
    expect(screen.getByText('Reading Acme…')).toBeTruthy();

    // Acme answers first: drawn at once, the personal site still reading.
    await answer(2, siteAccess(acme, [[OWN, 'Olivia', 'owners'], ['ED@Example.com', '<b>Ed</b>', 'editors'], ['sam@example.com', 'Sam', 'guests']]));
    expect(rowOf('<b>Ed</b>').textContent).toContain('Editor on Acme');
    expect(rowOf('Sam').textContent).toContain('Guest on Acme');
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('Reading Personal…')).toBeTruthy();

    // The same person (emails match without regard to case), one row, named as the first site in the list names them.
    await answer(1, siteAccess(personal, [[OWN, 'Olivia', 'owners'], ['ed@example.com', '<b>Ed</b>', 'viewers']]));
    expect(screen.queryByText('Reading Personal…')).toBeNull();
    expect(within(rowOf('<b>Ed</b>')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Viewer on Personal', 'Editor on Acme']);
    // The user's own row: marked, never offered for removal.
    expect(rowOf('Olivia').textContent).toContain('(you)');
    expect(screen.queryByRole('button', { name: `Remove ${OWN} from all your sites…` })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove ed@example.com from all your sites…' })).toBeTruthy();
    expect(backend.readSitesPeople).toHaveBeenCalledOnce();
  });

  test('a site that cannot be read says so in its place; the others list', async () => {
    const { backend } = await setup();
    const answers = { 1: { ok: false as const, error: { kind: 'timeout' as const, message: 'docs.getgrist.com did not answer in 15 s.' } }, 2: { ok: true as const, value: siteAccess(acme, [['ed@example.com', 'Ed', 'editors']]) } };
    fakePeoplePort(backend, async (site) => answers[site.orgId as 1 | 2]);
    chooseInTitleMenu('People');
    await nextFrame();
    expect(screen.getByText('Could not read who has access to Personal: docs.getgrist.com did not answer in 15 s.')).toBeTruthy();
    expect(rowOf('Ed').textContent).toContain('Editor on Acme');
  });

  test('the search box finds people by name or email', async () => {
    const { backend } = await setup();
    const answer = await openPeople(backend);
    await answer(2, siteAccess(acme, [['ed@example.com', 'Ed Editor', 'editors'], ['sam@example.com', 'Sam Shared', 'guests']]));
    await answer(1, siteAccess(personal, []));
    const search = screen.getByRole('searchbox');
    fireEvent.input(search, { target: { value: 'shared' } });
    await settle();
    expect(screen.queryByText('Ed Editor')).toBeNull();
    expect(screen.getByText('Sam Shared')).toBeTruthy();
    fireEvent.input(search, { target: { value: 'ed@exa' } });
    await settle();
    expect(screen.getByText('Ed Editor')).toBeTruthy();
    expect(screen.queryByText('Sam Shared')).toBeNull();
    fireEvent.input(search, { target: { value: 'nobody' } });
    await settle();
    expect(screen.getByText('No one matches.')).toBeTruthy();
  });

  test('reads every site at once: a site whose read never answers holds back none of the others, each drawn as it answers', async () => {
    const teams = Array.from({ length: 8 }, (_, index) => siteEntry(100 + index, `Team ${index}`, [], { domain: `team${index}`, siteUrl: `https://team${index}.getgrist.com` }));
    const { backend } = await setup(listingOf(teams));
    // Each read held until the test answers it; the first site's never is (a dead host, until its timeout).
    const answers = new Map(teams.map(({ orgId }) => [orgId, deferred<Reply<'readAccess'>>()]));
    const reads = fakePeoplePort(backend, (site) => answers.get(site.orgId)!.promise);
    chooseInTitleMenu('People');
    await settle();
    expect(reads.map(({ sites }) => sites.map(({ orgId }) => orgId))).toEqual([[100, 101, 102, 103, 104, 105, 106, 107]]);
    // The last site answers first: drawn at once, the others still reading.
    for (const orgId of [107, 106, 101]) {
      const site = { kind: 'site', orgId, siteUrl: `https://team${orgId - 100}.getgrist.com` } as const;
      await act(async () => answers.get(orgId)!.resolve({ ok: true, value: siteAccess(site, [[OWN, 'Olivia', 'owners'], [`guest${orgId}@example.com`, `Guest ${orgId}`, 'guests']]) }));
      await nextFrame();
      expect(rowOf(`Guest ${orgId}`).textContent).toContain(`Guest on Team ${orgId - 100}`);
    }
    expect(screen.getByText('Reading Team 0…')).toBeTruthy();
    expect(screen.getByText('Reading Team 5…')).toBeTruthy();
  });

  test('closing the view stops its read (the port closed), and opening it again reads anew', async () => {
    const { backend } = await setup();
    const answer = await openPeople(backend);
    await answer(2, siteAccess(acme, [['ed@example.com', 'Ed', 'editors']]));
    expect(answer.reads[0]!.stopped).toBe(false);
    backToDocuments();
    await settle();
    expect(answer.reads[0]!.stopped).toBe(true);
    chooseInTitleMenu('People');
    await settle();
    expect(askedSites(answer.reads)).toEqual([[personal, acme], [personal, acme]]);
  });
});

describe('Remove <email> from all your sites…', () => {
  const grants: PersonGrants = {
    email: 'ed@example.com',
    previewId: 'preview-1',
    sites: [
      {
        account: 'a1',
        orgId: 2,
        siteUrl: 'https://acme.getgrist.com',
        siteName: 'Acme',
        role: 'editors',
        workspaces: [{ id: 21, name: 'Ops', role: 'owners' }],
        documents: [{ id: 'leadsDoc000000000000', name: 'Leads', role: 'owners', workspaceId: 20 }],
      },
    ],
    unread: [],
  };

  async function preview() {
    const { backend } = await setup();
    const answer = await openPeople(backend);
    await answer(2, siteAccess(acme, [[OWN, 'Olivia', 'owners'], ['ed@example.com', 'Ed', 'editors']]));
    await answer(1, siteAccess(personal, []));
    backend.readPersonGrants.mockResolvedValue({ ok: true, value: grants });
    fireEvent.click(screen.getByRole('button', { name: 'Remove ed@example.com from all your sites…' }));
    await settle();
    return backend;
  }

  test('names what is in the trash, what is gone from Grist (skipped) and what could not be read (issue 48)', async () => {
    grants.sites[0]!.documents.push({ id: 'planDoc0000000000000', name: 'Plan', role: 'viewers', workspaceId: 20, trashed: true });
    grants.sites[0]!.skipped = [
      { kind: 'document', name: 'Old leads', reason: 'gone' },
      { kind: 'workspace', name: 'Archive', reason: 'unreadable' },
    ];
    try {
      await preview();
      const row = rowOf('Ed');
      expect(row.textContent).toContain('Document Plan (in the trash): Viewer');
      expect(row.textContent).toContain('Document Old leads: no longer in Grist, skipped');
      expect(row.textContent).toContain('Workspace Archive (in the trash): Grist would not say who has it; the removal takes what it gave them, and Undo cannot put that back');
    } finally {
      grants.sites[0]!.documents.pop();
      delete grants.sites[0]!.skipped;
    }
  });

  test('reads first and lists each site with what they have there; nothing is sent before it is confirmed', async () => {
    const backend = await preview();
    expect(backend.readPersonGrants).toHaveBeenCalledWith({ email: 'ed@example.com' });
    const question = screen.getByText('Remove ed@example.com from these sites you own?');
    expect(document.activeElement).toBe(question);
    const row = rowOf('Ed');
    expect(row.textContent).toContain('Editor on Acme');
    expect(row.textContent).toContain('Workspace Ops: Owner');
    expect(row.textContent).toContain('Document Leads: Owner');
    expect(backend.removePerson).not.toHaveBeenCalled();

    // Escape keeps them, the view still shown and the focus back on the row's Remove…; so does Cancel.
    fireEvent.keyDown(question, { key: 'Escape' });
    await settle();
    expect(screen.queryByText('Remove ed@example.com from these sites you own?')).toBeNull();
    expect(screen.getByRole('heading', { name: 'People' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove ed@example.com from all your sites…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove ed@example.com from all your sites…' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove ed@example.com from all your sites…' }));
    expect(backend.removePerson).not.toHaveBeenCalled();
  });

  test('removes them from the sites listed, by the preview’s id, shows its progress, says so, and Undo puts them back', async () => {
    const backend = await preview();
    // The worker answers at once and runs it; the view follows it until done.
    backend.removePerson.mockResolvedValue({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 2, siteUrl: 'https://acme.getgrist.com', outcome: 'waiting' }], done: false } });
    const finished = deferred<Reply<'getPersonRemoval'>>();
    backend.getPersonRemoval.mockReturnValue(finished.promise);
    // Grist's answers from now on: Ed gone from Acme, until the undo.
    const withEd = siteAccess(acme, [[OWN, 'Olivia', 'owners'], ['ed@example.com', 'Ed', 'editors']]);
    let acmeNow = siteAccess(acme, [[OWN, 'Olivia', 'owners']]);
    const reads = fakePeoplePort(backend, async () => ({ ok: true, value: acmeNow }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the sites listed' }));
    await settle();
    // The preview goes back by its id: the worker takes what it read then, never grants sent by a page.
    expect(backend.removePerson).toHaveBeenCalledWith({ email: 'ed@example.com', previewId: 'preview-1', sites: [{ orgId: 2, siteUrl: 'https://acme.getgrist.com' }] });
    expect(rowOf('Ed').textContent).toContain('Removing from 0 of 1 site…');
    // Where Remove was: in sight, and nothing left to press twice.
    expect(screen.queryByRole('button', { name: 'Remove from the sites listed' })).toBeNull();
    await vi.waitFor(() => expect(backend.getPersonRemoval).toHaveBeenCalledWith({ batchId: 'b1' }));
    await act(async () => finished.resolve({ ok: true, value: { batchId: 'b1', sites: [{ orgId: 2, siteUrl: 'https://acme.getgrist.com', outcome: 'removed', entryId: 'e1' }], done: true } }));
    // The site's answer is drawn at the next frame.
    await nextFrame();
    // Said once, where the removal was asked: not in the status line too (issue 49).
    expect(screen.getAllByText('Removed ed@example.com from 1 of 1 site.')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).not.toContain('Removed ed@example.com');
    // The preview went with the focus: it is on Undo, which is read with what the removal came to.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo removing ed@example.com from 1 site' }));
    expect(document.getElementById(screen.getByRole('button', { name: 'Undo removing ed@example.com from 1 site' }).getAttribute('aria-describedby')!)?.textContent).toBe('Removed ed@example.com from 1 of 1 site.');
    // The site it touched is read again, and no longer lists them.
    expect(askedSites(reads)).toEqual([[acme]]);
    expect(screen.queryByText('Ed')).toBeNull();
    acmeNow = withEd;

    // A document of theirs went to the trash since: the site says what it could not put back.
    const leftOut = 'Not put back, as Grist no longer has them: “Leads”.';
    backend.undoBatch.mockResolvedValue({ ok: true, value: [{ docId: 'site:2', oldName: 'ed@example.com', newName: 'ed@example.com', outcome: 'restored', message: leftOut }] });
    // Ctrl+Z undoes it, as it does the status line's changes (issue 49).
    fireEvent.keyDown(document.activeElement!, { key: 'z', code: 'KeyZ', ctrlKey: true });
    await nextFrame();
    expect(backend.undoBatch).toHaveBeenCalledTimes(1);
    expect(backend.undoBatch).toHaveBeenCalledWith({ batchId: 'b1' });
    expect(screen.getByRole('status').textContent).toBe(`Put back on 1 of 1 site. ${leftOut}`);
    expect(document.activeElement).toBe(screen.getByText(/^Who has access to each of your sites/));
    expect(askedSites(reads)).toEqual([[acme], [acme]]);
    expect(rowOf('Ed').textContent).toContain('Editor on Acme');
  });

  test('says when they are on no site you own, and offers nothing to send', async () => {
    const { backend } = await setup();
    const answer = await openPeople(backend);
    await answer(2, siteAccess(acme, [['ed@example.com', 'Ed', 'editors']]));
    await answer(1, siteAccess(personal, []));
    backend.readPersonGrants.mockResolvedValue({ ok: true, value: { email: 'ed@example.com', sites: [], unread: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove ed@example.com from all your sites…' }));
    await settle();
    expect(screen.getByText('ed@example.com is on no site you own: there is nothing to remove.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove from/ })).toBeNull();
  });
});
