/**
 * changes/kept-copies.ts: a copy whose answer did not say is kept for the same copy asked again,
 * and only for it (same source, destination, name and template choice): a copy asked with another
 * name or as a template is another copy, read for afresh and sent, never answered with the lost
 * one. What is kept of the destination is only what the read-back uses: the documents of the
 * copy's name. Against the fake Grist server.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { copyDocument } from '../../../../src/background/changes/kinds/copy.ts';
import { keptCopiesItem } from '../../../../src/shared/storage/storage-items.ts';
import { DOCS, WORKSPACES } from '../../../fake-grist/sample-data.ts';
import { copyPosts, NAME, named, toProjects, unknownCopy } from '../../../setup/lost-copies.ts';
import { createInGrist, grist, useWorkerGrist } from '../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

beforeEach(() => {
  grist.clearRequests();
});

describe('a kept lost copy answers only the same copy asked again', () => {
  const others = [
    ['another name', { name: 'Roadmap for Globex 2' }],
    ['as a template', { asTemplate: true }],
  ] as const;

  for (const [what, change] of others) {
    it(`the same source and destination asked with ${what}: a new copy, sent as asked; the lost one is not reported for it`, async () => {
      await unknownCopy(copyDocument, true);
      const [lost] = await named(NAME);
      const asked = { ...toProjects, ...change };
      const copied = await copyDocument(asked);
      expect(copied.id).not.toBe(lost);
      expect(copied.name).toBe(asked.name);
      expect(copyPosts()).toHaveLength(2);
      expect(grist.doc(copied.id)).toMatchObject({ name: asked.name, copyOf: { docId: DOCS.roadmap.id, asTemplate: asked.asTemplate } });
      // The lost one is still kept for itself: asked again as it was, it is found, nothing sent.
      expect((await copyDocument(toProjects)).id).toBe(lost);
      expect(copyPosts()).toHaveLength(2);
    });
  }
});

it('keeps of the destination only the documents of the copy’s name, not every document there', async () => {
  const users = await createInGrist('globex', WORKSPACES.projects.id, NAME);
  await createInGrist('globex', WORKSPACES.projects.id, 'Someone else’s plan');
  await unknownCopy(copyDocument, true);
  const [kept] = await keptCopiesItem.get();
  expect(kept?.making.before?.ids).toEqual([users]);
});
