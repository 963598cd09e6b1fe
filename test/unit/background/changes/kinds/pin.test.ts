/**
 * changes/pin.ts: pinning and unpinning through the change pipeline, for owners and editors, read
 * back after a lost answer, and undone the safe way.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { pinDocument } from '../../../../../src/background/changes/kinds/pin.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { DOCS, ORGS, USERS } from '../../../../fake-grist/sample-data.ts';
import { cachedDocument } from '../../../../setup/cached-documents.ts';
import { calls, configure, failure, grist, patches, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { bugTracker, roadmap } = DOCS;
const bugTrackerKey = { orgId: ORGS.acme.id, docId: bugTracker.id };

beforeEach(() => {
  grist.clearRequests();
});

describe('pinning a document', () => {
  it('one PATCH …/pin with no body; Grist and the cached listing have it pinned; the log has it', async () => {
    const { entryId } = await pinDocument({ ...bugTrackerKey, pinned: true });
    expect(patches().map(({ path, body }) => [path, body])).toEqual([[`/o/acme/api/docs/${bugTracker.id}/pin`, '']]);
    expect(grist.doc(bugTracker.id)?.isPinned).toBe(true);
    expect((await cachedDocument(bugTracker.id))?.document.isPinned).toBe(true);
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'pin', pinned: true, target: { kind: 'document', id: bugTracker.id } });
  });

  it('unpins with …/unpin, and is undone by pinning it again', async () => {
    const { entryId } = await pinDocument({ orgId: ORGS.acme.id, docId: roadmap.id, pinned: false });
    expect(grist.doc(roadmap.id)?.isPinned).toBe(false);
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: roadmap.id } })).toMatchObject({ outcome: 'restored' });
    expect(patches().map(({ path }) => path)).toEqual([`/o/acme/api/docs/${roadmap.id}/unpin`, `/o/acme/api/docs/${roadmap.id}/pin`]);
    expect(grist.doc(roadmap.id)?.isPinned).toBe(true);
    expect((await cachedDocument(roadmap.id))?.document.isPinned).toBe(true);
  });

  it('an undo sends nothing when it was pinned back elsewhere since', async () => {
    const { entryId } = await pinDocument({ ...bugTrackerKey, pinned: true });
    await fetch(`${grist.url}/o/acme/api/docs/${bugTracker.id}/unpin`, { method: 'PATCH', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: bugTracker.id } })).toEqual({ outcome: 'restored', name: bugTracker.name, entryId: null });
    expect(patches()).toEqual([]);
  });

  it('after a lost answer: read back, reported done, sent once', async () => {
    grist.injectFault({ method: 'PATCH', path: /\/pin$/, loseAnswer: true, times: 1 });
    expect(await pinDocument({ ...bugTrackerKey, pinned: true })).toEqual({ entryId: expect.any(String) });
    expect(patches()).toHaveLength(1);
    expect(calls('GET', `/o/acme/api/docs/${bugTracker.id}`)).toBe(1);
  });

  it('editors may pin; viewers are refused with nothing sent (Grist would answer 403)', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    grist.clearRequests();
    await pinDocument({ ...bugTrackerKey, pinned: true });
    expect(grist.doc(bugTracker.id)?.isPinned).toBe(true);
    await configure(USERS.viewer.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(pinDocument({ ...bugTrackerKey, pinned: false }));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Only the owners and editors of “Bug Tracker” can pin it.']);
    expect(patches()).toEqual([]);
  });
});
