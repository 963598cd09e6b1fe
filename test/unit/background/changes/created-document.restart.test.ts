/**
 * changes/created-document.ts and kept-copies.ts across a stop of the worker (issue 41): the
 * browser stops a worker idle for 30 s, and the popup's Copy again may come after that. What the
 * lost copy's destination held before it left is kept in storage.session, so Copy again still
 * reads first; the claims of the worker's earlier life are gone with it, so a document found then
 * is not taken: it cannot tell, and sends nothing. Nothing will ever tell then: the copy is let go,
 * so the user, told to check, is not stuck (the next ask reads afresh and sends). A copy sent again
 * after the stop is of the new life, whose read-back can prove it. Each test starts the worker's
 * modules afresh.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { copyDocument } from '../../../../src/background/changes/kinds/copy.ts';
import { DOCS } from '../../../fake-grist/sample-data.ts';
import { COPIES, copyPosts, NAME, named, toProjects, unknownCopy, unknownWords } from '../../../setup/lost-copies.ts';
import { grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

/** The worker as it starts again after a stop: its modules afresh, storage as it was. */
async function restartedWorker() {
  vi.resetModules();
  return import('../../../../src/background/changes/kinds/copy.ts');
}

beforeEach(() => {
  grist.clearRequests();
});

it('Copy again after a stop, the lost copy not made: read first, then sent once', async () => {
  await unknownCopy(copyDocument, false);
  const again = await (await restartedWorker()).copyDocument({ ...toProjects, again: true });
  expect(copyPosts()).toHaveLength(2);
  expect(await named(NAME)).toEqual([again.id]);
});

it('Copy again after a stop, the lost copy made: who made it cannot be told any more, so it says so and sends nothing', async () => {
  const other = { ...toProjects, docId: DOCS.bugTracker.id, name: 'Bug Tracker for Globex' };
  await unknownCopy(copyDocument, true, other);
  await expect((await restartedWorker()).copyDocument({ ...other, again: true })).rejects.toMatchObject({ kind: 'cannot-tell', message: unknownWords(other.name) });
  expect(copyPosts()).toHaveLength(1);
  expect(await named(other.name)).toHaveLength(1);
});

it('once it said so, the copy kept from before the stop is let go: asked again, the destination is read afresh and the copy sent, not "cannot tell" forever', async () => {
  await unknownCopy(copyDocument, true);
  const { copyDocument: copyAfterStop } = await restartedWorker();
  await expect(copyAfterStop(toProjects)).rejects.toMatchObject({ kind: 'cannot-tell', message: unknownWords() });
  const copied = await copyAfterStop(toProjects);
  expect(copyPosts()).toHaveLength(2);
  expect(await named(NAME)).toEqual(expect.arrayContaining([copied.id]));
  expect(await named(NAME)).toHaveLength(2);
});

it('Copy again after a stop, the lost copy not made, sent again and its answer lost again though Grist made it: the read-back proves it, sent twice in all, one copy', async () => {
  await unknownCopy(copyDocument, false);
  grist.injectFault({ method: 'POST', path: COPIES, statusAfterWork: 502, times: 1 });
  const again = await (await restartedWorker()).copyDocument({ ...toProjects, again: true });
  expect(copyPosts()).toHaveLength(2);
  expect(await named(NAME)).toEqual([again.id]);
});
