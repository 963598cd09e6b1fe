/**
 * What a fake Grist server ended up storing, read from its own store: for the tests that check a
 * change not made twice (a copy, a new document) was made once, or not at all.
 */
import type { FakeGrist } from '../fake-grist/server.ts';

/** Ids of the documents `grist` stores in workspace `workspaceId` named `name`, but those in the trash (what Grist lists there). */
export function documentsNamed(grist: Pick<FakeGrist, 'docsIn'>, workspaceId: number, name: string): string[] {
  return grist
    .docsIn(workspaceId)
    .filter((doc) => doc.name === name)
    .map((doc) => doc.id);
}
