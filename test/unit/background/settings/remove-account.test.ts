/**
 * Remove account (issue 48) against the fake browser's storage: the account's change-log entries
 * (its own, a bulk run's, an access change's naming other people) and its copies kept for Copy
 * again and the pages known of its documents go with it; the other account's stay. What its bulk runs still hold is tested with the
 * runs (bulk/run-engine.test.ts).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it } from 'vitest';
import { addLogEntry, readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import { keepMaking, keptMaking } from '../../../../src/background/changes/kept-copies.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { renameDocument } from '../../../../src/background/changes/kinds/rename.ts';
import { readPages } from '../../../../src/background/pages/known-pages.ts';
import { knownPagesItem } from '../../../../src/shared/storage/storage-items.ts';
import { answerPages } from '../../../setup/page-answers.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { currentAccessOwnerIndex, listedCopies } from '../../../../src/background/sharing/access-owner-index.ts';
import type { AccessEntry, NewChangeEntry, PersonEntry, RenameEntry } from '../../../../src/shared/protocol/change-log.ts';
import { DOCS, ORGS, USERS } from '../../../fake-grist/sample-data.ts';
import { saveAccounts, saveOnOneServer } from '../../../setup/saved-key.ts';
import { grist, useWorkerGrist, whenRequested } from '../../../setup/worker-grist.ts';

useWorkerGrist({ signedIn: false });

const GONE = 'account-gone-0b7d';
const STAYS = 'account-stays-5e21';
/** Other people, named by the removed account's access change and its person's removal. */
const OTHERS = ['ann.other@example.com', 'bo.other@example.com'];

/** A change-log entry of `account` (as a change of it would add), with `extra`. */
function entry(account: string, extra: Partial<RenameEntry> | Partial<AccessEntry> | Partial<PersonEntry> = {}): NewChangeEntry {
  return {
    account,
    site: { orgId: 5, name: 'Acme Corp', url: `${grist.url}/o/acme` },
    workspace: { id: 1, name: 'Engineering' },
    oldName: 'Plan',
    newName: 'Plan 2',
    name: 'Plan',
    source: 'popup',
    kind: 'rename',
    target: { kind: 'document', id: `doc-of-${account}` },
    ...extra,
  } as NewChangeEntry;
}

/** A copy of `account` kept for Copy again (as an unanswered copy leaves it). */
function keptCopy(account: string) {
  const place = { site: { orgId: 5, name: 'Acme Corp', url: `${grist.url}/o/acme` }, workspace: { id: 1, name: 'Engineering' } };
  return {
    account,
    key: `doc-of-${account}`,
    siteUrl: `${grist.url}/o/acme`,
    name: 'Plan (copy)',
    asTemplate: false,
    making: { id: crypto.randomUUID(), place, name: 'Plan (copy)', before: null, sentAt: 1, life: 'a life' },
  } as Parameters<typeof keepMaking>[0];
}

/** Everything stored, as text: local and session storage. */
async function storedText(): Promise<string> {
  return JSON.stringify([await fakeBrowser.storage.local.get(null), await fakeBrowser.storage.session.get(null)]);
}

describe('Remove account', () => {
  it('removes the account’s change-log entries (a bulk run’s and an access change’s naming other people too) and its kept copies; the other account’s stay', async () => {
    await saveOnOneServer(`${grist.url}/o/docs`, { id: GONE, apiKey: USERS.editor.apiKey }, { id: STAYS, apiKey: USERS.owner.apiKey });
    await addLogEntry(entry(GONE));
    await addLogEntry(entry(GONE, { source: 'bulk', batchId: 'batch-of-gone' }));
    await addLogEntry(entry(GONE, { source: 'bulk', batchId: 'batch-of-both' }));
    await addLogEntry(entry(GONE, { kind: 'access', access: { delta: { users: { [OTHERS[0]!]: 'editors' } }, before: { users: { [OTHERS[0]!]: null } } } }));
    await addLogEntry(
      entry(GONE, { kind: 'person', target: { kind: 'site', id: 5 }, person: { email: OTHERS[1]!, removed: true, role: 'editors', workspaces: [], documents: [] } }),
    );
    const stays = [await addLogEntry(entry(STAYS)), await addLogEntry(entry(STAYS, { source: 'bulk', batchId: 'batch-of-both' }))];
    await keepMaking(keptCopy(GONE));
    await keepMaking(keptCopy(STAYS));
    const before = await storedText();
    for (const text of [GONE, 'batch-of-gone', ...OTHERS]) expect(before).toContain(text);

    await removeAccount({ account: GONE });

    const after = await storedText();
    for (const text of [GONE, 'batch-of-gone', ...OTHERS]) expect(after).not.toContain(text);
    expect((await readChangeLog()).map((kept) => kept.id).sort()).toEqual(stays.map((kept) => kept.id).sort());
    expect(await keptMaking(keptCopy(STAYS))).not.toBeNull();
    expect(await keptMaking(keptCopy(GONE))).toBeNull();
  });

  it('the access checks’ index no longer has the account’s sites (it is built from the listing, whose part of it goes)', async () => {
    await saveOnOneServer(`${grist.url}/o/docs`, { id: GONE, apiKey: USERS.editor.apiKey }, { id: STAYS, apiKey: USERS.owner.apiKey });
    await refreshListing();
    const leads = { kind: 'document' as const, orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, docId: DOCS.leads.id };
    const accountsOf = async () => listedCopies(await currentAccessOwnerIndex(), leads).map((copy) => copy.site.account);
    expect((await accountsOf()).sort()).toEqual([GONE, STAYS].sort());
    await removeAccount({ account: GONE });
    expect(await accountsOf()).toEqual([STAYS]);
  });

  it('removes the pages known of the account’s documents; those the other account reads stay', async () => {
    await saveOnOneServer(`${grist.url}/o/docs`, { id: GONE, apiKey: USERS.owner.apiKey }, { id: STAYS, apiKey: USERS.editor.apiKey });
    await refreshListing();
    answerPages(DOCS.leads.id, [{ viewRef: 1, name: 'Leads', indentation: 0 }]);
    // Both list Leads; each account's pages are its own.
    await readPages({ orgId: ORGS.acme.id, docId: DOCS.leads.id });
    await knownPagesItem.set({ ...(await knownPagesItem.get()), [`${STAYS} ${DOCS.leads.id}`]: { pages: null, readAt: 1 } });
    expect(Object.keys(await knownPagesItem.get()).sort()).toEqual([`${GONE} ${DOCS.leads.id}`, `${STAYS} ${DOCS.leads.id}`]);
    await removeAccount({ account: GONE });
    expect(Object.keys(await knownPagesItem.get())).toEqual([`${STAYS} ${DOCS.leads.id}`]);
    expect(await storedText()).not.toContain(GONE);
  });

  it('a change of the account on its way to Grist as the account is removed lands there, but its entry is never written: nothing of the account stays', async () => {
    await saveOnOneServer(`${grist.url}/o/docs`, { id: GONE, apiKey: USERS.owner.apiKey }, { id: STAYS, apiKey: USERS.editor.apiKey });
    await refreshListing();
    grist.injectFault({ method: 'PATCH', path: `/api/docs/${DOCS.leads.id}`, holdAnswerMs: 300, times: 1 });
    const renaming = renameDocument({ orgId: ORGS.acme.id, docId: DOCS.leads.id, name: 'Leads, renamed as the account went' }).catch((error: unknown) => error);
    await whenRequested('PATCH', new RegExp(`/api/docs/${DOCS.leads.id}$`));
    await removeAccount({ account: GONE });
    await renaming;
    expect(grist.doc(DOCS.leads.id)?.name).toBe('Leads, renamed as the account went');
    expect(await readChangeLog()).toEqual([]);
    expect(await storedText()).not.toContain(GONE);
  });

  it('an account removal refused (the account gone already) forgets nothing', async () => {
    const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
    // Its entry written while it was there; then it went by another way.
    await saveAccounts([{ id: GONE, settings, apiKey: USERS.editor.apiKey }, { id: STAYS, settings, apiKey: USERS.owner.apiKey }]);
    await addLogEntry(entry(GONE));
    await saveAccounts([{ id: STAYS, settings, apiKey: USERS.owner.apiKey }]);
    await expect(removeAccount({ account: GONE })).rejects.toMatchObject({ kind: 'not-found' });
    expect((await readChangeLog()).map((kept) => kept.account)).toEqual([GONE]);
  });
});
