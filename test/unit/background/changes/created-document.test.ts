/**
 * changes/created-document.ts (issue 41): a copy's or new document's read-back claims only what it
 * can prove (made after its request left, by no other request of ours, not known before it left)
 * and otherwise says "Grist’s answer did not say whether … was copied. Check …"; what the destination held before stays
 * with the popup's lost copy, so a refresh or Copy again cannot make that copy look known; a 5xx or
 * a 200 that is not an id after a copy may have made it: read first, never "not copied". Against
 * the fake Grist server.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../src/background/change-log/change-log.ts';
import type { CopyEntry } from '../../../../src/shared/protocol/change-log.ts';
import { copyDocument } from '../../../../src/background/changes/kinds/copy.ts';
import { createDocument } from '../../../../src/background/changes/kinds/new-document.ts';
import { undoChange } from '../../../../src/background/changes/undo.ts';
import { refreshListing } from '../../../../src/background/listing/listing-service.ts';
import { DOCS, ORGS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { COPIES, copyPosts, NAME, named, toProjects, unknownCopy, unknownWords } from '../../../setup/lost-copies.ts';
import { createInGrist, failure, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { roadmap, bugTracker } = DOCS;
const { projects, marketing } = WORKSPACES;
const UNKNOWN = unknownWords();
const copyEntries = async () => (await readChangeLog()).filter((entry): entry is CopyEntry => entry.kind === 'copy');

beforeEach(() => {
  grist.clearRequests();
});

describe('a copy’s read-back claims only what it can prove', () => {
  it('a same-named document made behind the listing before the request is not taken for the copy: "did not say whether … was copied", nothing logged, nothing to undo', async () => {
    const users = await createInGrist('globex', projects.id, NAME);
    grist.injectFault({ method: 'POST', path: COPIES, status: 502, times: 1 });
    const error = await failure(copyDocument(toProjects));
    expect([error.kind, error.message]).toEqual(['network', UNKNOWN]);
    expect(await copyEntries()).toEqual([]);
    expect(await named(NAME)).toEqual([users]);
    expect(grist.doc(users)?.removedAt).toBeUndefined();
  });

  it('made beside such a document, its answer lost: the copy is the one taken, and its Undo trashes the copy, never the user’s', async () => {
    const users = await createInGrist('globex', projects.id, NAME);
    grist.injectFault({ method: 'POST', path: COPIES, statusAfterWork: 502, times: 1 });
    const copied = await copyDocument(toProjects);
    expect(copied.id).not.toBe(users);
    expect(await named(NAME)).toEqual(expect.arrayContaining([users, copied.id]));
    expect(await undoChange({ entryId: copied.entryId!, target: { kind: 'document', id: copied.id } })).toMatchObject({ outcome: 'restored' });
    expect(grist.doc(copied.id)?.removedAt).toEqual(expect.any(String));
    expect(grist.doc(users)?.removedAt).toBeUndefined();
  });

  it('two same-named copies in flight in one workspace, one answer lost: the lost one takes nothing, the other is copied once', async () => {
    // Bug Tracker's copy is made at once but answered late; Roadmap's is answered 502 unmade, and
    // read back while the other is unsettled: the document there is the other's.
    grist.injectFault({ method: 'POST', path: new RegExp(`${bugTracker.id}/copy$`), holdAnswerMs: 800, times: 1 });
    grist.injectFault({ method: 'POST', path: new RegExp(`${roadmap.id}/copy$`), delayMs: 200, status: 502, times: 1 });
    const [lost, other] = await Promise.allSettled([copyDocument(toProjects), copyDocument({ ...toProjects, docId: bugTracker.id })]);
    expect(lost.status === 'rejected' && lost.reason.message).toBe(UNKNOWN);
    expect(other.status === 'fulfilled' && (await named(NAME))).toEqual([other.status === 'fulfilled' && other.value.id]);
    expect((await copyEntries()).map(({ target, copyOf }) => [target.id, copyOf.docId])).toEqual([[other.status === 'fulfilled' && other.value.id, bugTracker.id]]);
  });

  it('Copy again after a refresh still reads first, and takes the copy the lost request made: nothing sent again', async () => {
    await unknownCopy(copyDocument, true);
    const [made] = await named(NAME);
    // The refreshed listing has the lost copy: it is not "known before" for all that.
    await refreshListing();
    const again = await copyDocument({ ...toProjects, again: true });
    expect(again.id).toBe(made);
    expect(copyPosts()).toHaveLength(1);
    expect(await named(NAME)).toEqual([made]);
    expect((await copyEntries()).map(({ target }) => target.id)).toEqual([made]);
  });

  it('the same destination chosen again (without Copy again) after an unknown copy also reads first: nothing sent again', async () => {
    await unknownCopy(copyDocument, true);
    const again = await copyDocument(toProjects);
    expect(copyPosts()).toHaveLength(1);
    expect(await named(NAME)).toEqual([again.id]);
  });

  it('Copy again after an unknown copy that Grist did not make: read first, then sent once', async () => {
    await unknownCopy(copyDocument, false);
    const again = await copyDocument({ ...toProjects, again: true });
    expect(copyPosts()).toHaveLength(2);
    expect(await named(NAME)).toEqual([again.id]);
  });

  it('Copy again with nothing kept of a lost copy says so, as nothing Copy again could read for (not a lost answer again), and sends nothing; Copy then reads first and sends once', async () => {
    const error = await failure(copyDocument({ ...toProjects, again: true }));
    expect([error.kind, error.message]).toEqual(['cannot-tell', `The extension no longer knows whether “${NAME}” was copied. Check Globex Inc › Projects before you press Copy.`]);
    expect(copyPosts()).toEqual([]);
    grist.clearRequests();
    const copied = await copyDocument(toProjects);
    expect(grist.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /o/globex/api/workspaces/${projects.id}`, `POST /o/acme/api/docs/${roadmap.id}/copy`]);
    expect(await named(NAME)).toEqual([copied.id]);
  });
});

describe('after a copy, a 5xx or a 200 that is not an id may mean Grist made it: read first, never "not copied"', () => {
  const answers = [
    ['a 500', { status: 500 }, { statusAfterWork: 500 }],
    ['a 503', { status: 503 }, { statusAfterWork: 503 }],
    ['a 200 that is not an id', { status: 200, body: '<html>Welcome</html>', contentType: 'text/html' }, { statusAfterWork: 200 }],
  ] as const;

  for (const [what, unmade, made] of answers) {
    it(`${what} to a copy Grist made: the copy is found and reported, sent once`, async () => {
      grist.injectFault({ method: 'POST', path: COPIES, ...made, times: 1 });
      const copied = await copyDocument(toProjects);
      expect(copyPosts()).toHaveLength(1);
      expect(await named(NAME)).toEqual([copied.id]);
      expect((await copyEntries()).map(({ target }) => target.id)).toEqual([copied.id]);
    });

    it(`${what} to a copy Grist did not make: "did not say whether … was copied", and the destination chosen again reads first, then sends once`, async () => {
      grist.injectFault({ method: 'POST', path: COPIES, ...unmade, times: 1 });
      const error = await failure(copyDocument(toProjects));
      expect([error.kind, error.message]).toEqual(['network', UNKNOWN]);
      expect(await named(NAME)).toEqual([]);
      const again = await copyDocument({ ...toProjects, again: true });
      expect(copyPosts()).toHaveLength(2);
      expect(await named(NAME)).toEqual([again.id]);
    });
  }

  it('a new document answered 500 after Grist made it: found and reported, sent once', async () => {
    grist.injectFault({ method: 'POST', path: /\/docs$/, statusAfterWork: 500, times: 1 });
    const { document } = await createDocument({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: marketing.id, name: 'Q4 plan' });
    expect(grist.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(await named('Q4 plan', marketing.id)).toEqual([document.id]);
  });
});
