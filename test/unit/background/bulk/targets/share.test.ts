/**
 * Bulk sharing runs in the worker (issue 43), against the fake Grist server: each document's access
 * read and then changed by one PATCH of only what differs, at most 2 at once per host; a document
 * the change leaves as it is sends nothing; one bad email starts no run; the user's own email is
 * never in a delta; the change log's batch undone as one puts each document's access back.
 */
import { describe, expect, it, vi } from 'vitest';
import { undoBatch } from '../../../../../src/background/bulk/batch-undo.ts';
import { getBulkRun, heldRuns, retryFailedBulk } from '../../../../../src/background/bulk/run-engine.ts';
import { BULK_IN_FLIGHT_PER_HOST } from '../../../../../src/background/bulk/run-sending.ts';
import { startBulkShare } from '../../../../../src/background/bulk/targets/share.ts';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { readKeyedAccounts } from '../../../../../src/background/grist/grist-connection.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import type { SharingChange } from '../../../../../src/shared/protocol/sharing.ts';
import { USERS } from '../../../../fake-grist/sample-data.ts';
import { finished } from '../../../../setup/finished-run.ts';
import { connect, documentsOf, grist, useBulkGrist } from '../../../../setup/bulk-grist.ts';
import { ACCOUNT_1, OWNER_ACCOUNT, saveAccounts, saveEditorThenOwner } from '../../../../setup/saved-key.ts';
import { failure } from '../../../../setup/worker-grist.ts';

useBulkGrist();

const ACCESS = /\/access$/;
const requestsOf = (method: string) => grist!.requests.filter((request) => request.method === method && ACCESS.test(request.path));
/** The role `email` has on each document, as the fake stores it (undefined: none). */
const rolesOf = (email: string, items: ReadonlyArray<{ docId: string }>) => items.map(({ docId }) => grist!.doc(docId)?.shares[grist!.user(email)?.id ?? -1]);
const start = (items: ReturnType<typeof documentsOf>, change: SharingChange) => startBulkShare({ requestId: crypto.randomUUID(), items, change });

describe('a bulk sharing run', () => {
  it('reads each document’s access and PATCHes only what differs, through its own site, 2 at once per host; logged as one batch that Undo this batch puts back', async () => {
    await connect();
    const items = [...documentsOf(1, 6), ...documentsOf(2, 6)];
    const started = await start(items, { kind: 'share', emails: ['ann@example.com', 'Bob@Example.com'], role: 'editors' });
    expect(started.sharing).toEqual({ kind: 'share', emails: ['ann@example.com', 'Bob@Example.com'], role: 'editors' });
    const run = await finished(started.id);
    expect(run.kind).toBe('share');
    expect(run.items.map(({ state }) => state)).toEqual(items.map(() => 'shared'));
    expect(rolesOf('ann@example.com', items)).toEqual(items.map(() => 'editors'));
    expect(rolesOf('bob@example.com', items)).toEqual(items.map(() => 'editors'));
    expect(requestsOf('GET')).toHaveLength(12);
    expect(requestsOf('PATCH')).toHaveLength(12);
    expect(grist!.mostInFlight(new URL(grist!.url).host)).toBeLessThanOrEqual(BULK_IN_FLIGHT_PER_HOST);
    const entries = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId);
    expect(entries).toHaveLength(12);
    expect(entries.every((entry) => entry.kind === 'access' && entry.source === 'bulk')).toBe(true);

    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map(({ outcome }) => outcome)).toEqual(items.map(() => 'restored'));
    expect(rolesOf('ann@example.com', items)).toEqual(items.map(() => undefined));
    expect(rolesOf('bob@example.com', items)).toEqual(items.map(() => undefined));
  });

  it('once done and its results stored, the worker holds none of its emails; each document’s result stays, and the same start again answers it', async () => {
    await connect();
    const items = documentsOf(1, 4);
    const emails = ['ann.held@example.com', 'bo.held@example.com'];
    const request = { requestId: crypto.randomUUID(), items, change: { kind: 'share' as const, emails, role: 'viewers' as const } };
    const held = () => JSON.stringify(heldRuns()).toLowerCase();
    const started = await startBulkShare(request);
    // While it runs, its targets hold them.
    expect(held()).toContain(emails[0]);
    const run = await finished(started.id);
    expect(run.items.map(({ state }) => state)).toEqual(items.map(() => 'shared'));
    await vi.waitFor(() => {
      for (const email of emails) expect(held()).not.toContain(email);
    });
    // Its results were stored first: the log's entries (what Undo this batch needs), the cache's write.
    expect((await readChangeLog()).filter((entry) => entry.batchId === run.batchId)).toHaveLength(items.length);
    const shown = await getBulkRun({ runId: run.id });
    expect(shown?.items.map(({ docId, oldName, state }) => [docId, oldName, state])).toEqual(run.items.map(({ docId, oldName }) => [docId, oldName, 'shared']));
    expect(shown?.sharing).toBeUndefined();
    grist!.clearRequests();
    expect((await startBulkShare(request)).id).toBe(run.id);
    expect(grist!.requests.filter((entry) => ACCESS.test(entry.path))).toEqual([]);
  });

  it('a document the change leaves as it is sends nothing and is not logged; a second run of the same change sends no PATCH at all', async () => {
    await connect();
    const items = documentsOf(1, 3);
    const first = await finished((await start(items.slice(0, 1), { kind: 'public', public: true })).id);
    expect(first.items.map(({ state }) => state)).toEqual(['shared']);
    grist!.clearRequests();
    const run = await finished((await start(items, { kind: 'public', public: true })).id);
    expect(run.items.map(({ state, message }) => [state, message])).toEqual([['not-sent', 'Not sent: its access is as asked already.'], ['shared', undefined], ['shared', undefined]]);
    expect(requestsOf('PATCH')).toHaveLength(2);
    expect((await readChangeLog()).filter((entry) => entry.batchId === run.batchId)).toHaveLength(2);
    expect(rolesOf('everyone@getgrist.com', items)).toEqual(['viewers', 'viewers', 'viewers']);
  });

  it('Make selected private, then Undo this batch: a public link that had Editor comes back as Viewer only, each document saying so (issue 48 review)', async () => {
    await connect();
    const items = documentsOf(1, 2);
    await finished((await start(items, { kind: 'public', public: true })).id);
    // Set to Editor in Grist itself, as Grist's own page can.
    for (const { docId } of items) {
      const init = { method: 'PATCH', headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ delta: { users: { 'everyone@getgrist.com': 'editors' } } }) };
      expect((await fetch(`${grist!.url}/api/docs/${docId}/access`, init)).status).toBe(200);
    }
    expect(rolesOf('everyone@getgrist.com', items)).toEqual(['editors', 'editors']);
    const run = await finished((await start(items, { kind: 'public', public: false })).id);
    expect(rolesOf('everyone@getgrist.com', items)).toEqual([undefined, undefined]);
    grist!.clearRequests();
    const results = await undoBatch({ batchId: run.batchId });
    expect(results.map(({ outcome, message }) => [outcome, message])).toEqual(
      items.map(() => ['restored', 'The public link is back as Viewer only, though it was Editor before: this extension never gives it more (give it more in Grist itself).']),
    );
    expect(requestsOf('PATCH').map(({ body }) => JSON.parse(body))).toEqual(items.map(() => ({ delta: { users: { 'everyone@getgrist.com': 'viewers' } } })));
    expect(rolesOf('everyone@getgrist.com', items)).toEqual(['viewers', 'viewers']);
  });

  it('a PATCH whose answer is lost is read back, not sent again (502 after Grist did it); a 429 pauses its host, then it is read and sent again; a 500 fails, and Retry failed reads first', async () => {
    await connect();
    const items = documentsOf(1, 3);
    const [lost, limited, refused] = items.map(({ docId }) => new RegExp(`/api/docs/${docId}/access$`));
    grist!.injectFault({ method: 'PATCH', path: lost!, statusAfterWork: 502, times: 1 });
    grist!.injectFault({ method: 'PATCH', path: limited!, status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    grist!.injectFault({ method: 'PATCH', path: refused!, status: 500, body: '{"error":"boom"}', contentType: 'application/json', times: 1 });
    const run = await finished((await start(items, { kind: 'share', emails: ['ann@example.com'], role: 'viewers' })).id);
    expect(run.items.map(({ state }) => state)).toEqual(['shared', 'shared', 'failed']);
    const patchesTo = (pattern: RegExp) => requestsOf('PATCH').filter((request) => pattern.test(request.path)).map((request) => request.answer?.status);
    expect(patchesTo(lost!)).toEqual([502]);
    expect(patchesTo(limited!)).toEqual([429, 200]);
    expect(rolesOf('ann@example.com', items)).toEqual(['viewers', 'viewers', undefined]);

    grist!.clearRequests();
    const retried = await finished((await retryFailedBulk({ runId: run.id })).id);
    expect(retried.items.map(({ state }) => state)).toEqual(['shared', 'shared', 'shared']);
    expect(grist!.requests.filter((request) => ACCESS.test(request.path)).map(({ method }) => method)).toEqual(['GET', 'PATCH']);
    expect(rolesOf('ann@example.com', items)).toEqual(['viewers', 'viewers', 'viewers']);
  });

  it('goes with the first account that owns each document, not the first that lists it: an editor’s account listed first is passed over', async () => {
    const server = await connect();
    await saveEditorThenOwner(`${server.url}/o/docs`);
    await refreshListing();
    grist!.clearRequests();
    const items = documentsOf(1, 2);
    const run = await finished((await start(items, { kind: 'public', public: true })).id);
    expect(run.items.map(({ state }) => state)).toEqual(['shared', 'shared']);
    expect(new Set(grist!.requests.filter((request) => ACCESS.test(request.path)).map(({ apiKey }) => apiKey))).toEqual(new Set([USERS.owner.apiKey]));
    const entries = (await readChangeLog()).filter((entry) => entry.batchId === run.batchId);
    expect(entries.map(({ account }) => account)).toEqual([OWNER_ACCOUNT, OWNER_ACCOUNT]);
  });

  it('one bad email, or one email twice, and no run starts: refused as a whole, saying which, nothing read or sent', async () => {
    await connect();
    // The worker keeps its latest run in memory: an earlier test's, if any, stays the latest.
    const latest = (await getBulkRun({ runId: null }))?.id;
    const bad = await failure(start(documentsOf(1, 2), { kind: 'share', emails: ['ann@example.com', 'not an email'], role: 'viewers' }));
    expect([bad.kind, bad.message]).toEqual(['invalid-input', 'Not an email address: not an email. Nothing was sent.']);
    const twice = await failure(start(documentsOf(1, 2), { kind: 'unshare', emails: ['ann@example.com', 'Ann@Example.com'] }));
    expect(twice.kind).toBe('invalid-input');
    expect((await getBulkRun({ runId: null }))?.id).toBe(latest);
    expect(grist!.requests).toEqual([]);
  });

  it('everyone@getgrist.com shared with (any role) or unshared from: no run starts, pointing to the public link; nothing read or sent', async () => {
    await connect();
    const latest = (await getBulkRun({ runId: null }))?.id;
    const changes: SharingChange[] = [
      { kind: 'share', emails: ['ann@example.com', 'Everyone@GetGrist.com'], role: 'editors' },
      { kind: 'share', emails: ['everyone@getgrist.com'], role: 'viewers' },
      { kind: 'unshare', emails: ['everyone@getgrist.com'] },
    ];
    for (const change of changes) {
      const error = await failure(start(documentsOf(1, 2), change));
      expect([error.kind, error.message]).toEqual([
        'invalid-input',
        'everyone@getgrist.com is Grist’s public link, not a person: only a document has one, and only for viewers (anyone with the link can view). Turn it on or off with the document’s public link switch. Nothing was sent.',
      ]);
    }
    expect((await getBulkRun({ runId: null }))?.id).toBe(latest);
    expect(grist!.requests).toEqual([]);
    expect(rolesOf('everyone@getgrist.com', documentsOf(1, 2))).toEqual([undefined, undefined]);
  });

  it('the user’s other saved account is never in a delta: each document says which, and nothing is sent', async () => {
    const server = await connect();
    const settings = { personalSiteUrl: `${server.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: ACCOUNT_1, settings, apiKey: USERS.owner.apiKey, user: { name: USERS.owner.name, email: USERS.owner.email } },
      { id: 'account-2', settings, apiKey: USERS.editor.apiKey, user: { name: USERS.editor.name, email: USERS.editor.email } },
    ]);
    await refreshListing();
    grist!.clearRequests();
    const run = await finished((await start(documentsOf(1, 2), { kind: 'share', emails: ['ann@example.com', 'Editor@Example.com'], role: 'viewers' })).id);
    expect(run.items.map(({ state, message }) => [state, message])).toEqual(
      Array(2).fill(['not-sent', 'Your saved accounts’ access is changed in Grist itself, not here: Editor@Example.com (Account 2). Nothing was sent.']),
    );
    expect(grist!.requests.filter((request) => ACCESS.test(request.path))).toEqual([]);
    expect(rolesOf('ann@example.com', documentsOf(1, 2))).toEqual([undefined, undefined]);
  });

  it('a saved account whose user no check named is asked of Grist before the run starts: its user is never in a delta; one Grist will not answer for starts no run (issue 48 review)', async () => {
    const server = await connect();
    const settings = { personalSiteUrl: `${server.url}/o/docs`, teamSiteUrls: [] };
    await saveAccounts([
      { id: ACCOUNT_1, settings, apiKey: USERS.owner.apiKey, user: { name: USERS.owner.name, email: USERS.owner.email } },
      { id: 'account-2', settings, apiKey: USERS.editor.apiKey },
    ]);
    await refreshListing();
    grist!.clearRequests();
    const run = await finished((await start(documentsOf(1, 2), { kind: 'unshare', emails: [USERS.editor.email] })).id);
    expect(run.items.map(({ state, message }) => [state, message])).toEqual(
      Array(2).fill(['not-sent', `Your saved accounts’ access is changed in Grist itself, not here: ${USERS.editor.email} (Account 2). Nothing was sent.`]),
    );
    expect(grist!.requests.filter((request) => ACCESS.test(request.path))).toEqual([]);

    await saveAccounts([
      { id: ACCOUNT_1, settings, apiKey: USERS.owner.apiKey, user: { name: USERS.owner.name, email: USERS.owner.email } },
      { id: 'account-2', settings, apiKey: USERS.editor.apiKey },
    ]);
    grist!.injectFault({ path: '/api/profile/user', status: 401, body: '{"error":"Bad request: invalid API key"}', contentType: 'application/json' });
    const latest = (await getBulkRun({ runId: null }))?.id;
    const error = await failure(start(documentsOf(1, 2), { kind: 'share', emails: ['ann@example.com'], role: 'viewers' }));
    expect(error.message).toBe('Grist would not say whose key Account 2 holds, so it is not known whether this change names your own account. Check Account 2’s connection in the options first. Nothing was sent.');
    expect((await getBulkRun({ runId: null }))?.id).toBe(latest);
    expect(grist!.requests.filter((request) => ACCESS.test(request.path))).toEqual([]);
  });

  it('the user’s own email is never in a delta: each document says why, and nothing is sent', async () => {
    const server = await connect();
    await saveAccounts([{ id: ACCOUNT_1, settings: { personalSiteUrl: `${server.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey, user: { name: USERS.owner.name, email: USERS.owner.email } }]);
    const run = await finished((await start(documentsOf(1, 2), { kind: 'unshare', emails: [USERS.owner.email.toUpperCase()] })).id);
    expect(run.items.map(({ state }) => state)).toEqual(['not-sent', 'not-sent']);
    expect(grist!.requests.filter((request) => ACCESS.test(request.path))).toEqual([]);
  });

  it('before any connection check said whose key it is, Grist is asked once per owning account, recorded, and the user’s own email is still never in a delta', async () => {
    await connect();
    expect((await readKeyedAccounts()).map(({ account }) => account.user)).toEqual([null]);
    const run = await finished((await start([...documentsOf(1, 2), ...documentsOf(2, 2)], { kind: 'share', emails: ['ann@example.com', USERS.owner.email.toUpperCase()], role: 'viewers' })).id);
    expect(run.items.map(({ state, message }) => [state, message])).toEqual(Array(4).fill(['not-sent', 'You cannot change your own access: Grist refuses it. Ask another owner.']));
    expect(grist!.requests.filter((request) => ACCESS.test(request.path))).toEqual([]);
    expect(grist!.requests.filter((request) => request.path.endsWith('/api/profile/user'))).toHaveLength(1);
    expect((await readKeyedAccounts()).map(({ account }) => account.user?.email)).toEqual([USERS.owner.email]);
    expect(rolesOf('ann@example.com', documentsOf(1, 2))).toEqual([undefined, undefined]);
  });
});
