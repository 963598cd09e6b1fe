/**
 * The targets of a bulk rename run (src/background/bulk/targets/rename.ts), against the fake Grist
 * server: each new name checked as a single rename's is, the name sent as checked, and each item
 * named with where the worker's listing has it.
 */
import { describe, expect, it } from 'vitest';
import { startBulkRename } from '../../../../../src/background/bulk/targets/rename.ts';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { DOCS, sampleSeed, USERS } from '../../../../fake-grist/sample-data.ts';
import { finished } from '../../../../setup/finished-run.ts';
import { connect, documentsOf, useBulkGrist } from '../../../../setup/bulk-grist.ts';

useBulkGrist();

describe('a bulk rename run’s targets', () => {
  it('a new name is sent trimmed; one too long is not sent, with the reason; each item says where the document is', async () => {
    const server = await connect();
    const [kept, trimmed, tooLong] = documentsOf(1, 3);
    const run = await finished(
      (
        await startBulkRename({
          requestId: crypto.randomUUID(),
          items: [
            { ...trimmed!, newName: '  Budget 2027  ' },
            { ...tooLong!, newName: 'x'.repeat(256) },
          ],
        })
      ).id,
    );
    expect(run.items.map(({ docId, oldName, newName, state, message }) => ({ docId, oldName, newName, state, message }))).toEqual([
      { docId: trimmed!.docId, oldName: 'Document 1.2', newName: 'Budget 2027', state: 'renamed', message: undefined },
      { docId: tooLong!.docId, oldName: 'Document 1.3', newName: 'x'.repeat(256), state: 'not-sent', message: expect.stringMatching(/255/) },
    ]);
    // generateSeed's documents are in their team's "Documents" workspace.
    expect(run.items.map(({ siteName, workspaceName }) => `${siteName} › ${workspaceName}`)).toEqual(['Team 1 › Documents', 'Team 1 › Documents']);
    expect(server.doc(trimmed!.docId)?.name).toBe('Budget 2027');
    expect(server.doc(tooLong!.docId)?.name).toBe('Document 1.3');
    expect(server.doc(kept!.docId)?.name).toBe('Document 1.1');
  });

  it('names another person’s personal site by its owner, in the run’s items and in the change log (issue 49)', async () => {
    // Ed's "Ed Notes", given to Olivia as owner: listed under Ed's personal site, which Grist names "Personal" as hers.
    const seed = { ...sampleSeed, docs: sampleSeed.docs.map((doc) => (doc.id === DOCS.editorNotes.id ? { ...doc, shares: { [USERS.owner.id]: 'owners' as const } } : doc)) };
    await connect(seed);
    const run = await finished(
      (
        await startBulkRename({
          requestId: crypto.randomUUID(),
          items: [
            { orgId: 4, docId: DOCS.editorNotes.id, newName: 'Notes, read' },
            { orgId: 2, docId: DOCS.personalBudget.id, newName: 'Budget, read' },
          ],
        })
      ).id,
    );
    expect(run.items.map(({ siteName, workspaceName, state }) => [`${siteName} › ${workspaceName}`, state])).toEqual([
      ['Ed Editor’s Personal › Home', 'renamed'],
      ['Personal › Home', 'renamed'],
    ]);
    const logged = new Map((await readChangeLog()).map((entry) => [entry.target.id, entry.site]));
    expect(logged.get(DOCS.editorNotes.id)).toMatchObject({ orgId: 4, name: 'Personal', owner: 'Ed Editor' });
    expect(logged.get(DOCS.editorNotes.id)).not.toHaveProperty('personal');
    expect(logged.get(DOCS.personalBudget.id)).toMatchObject({ orgId: 2, name: 'Personal', personal: true });
    expect(logged.get(DOCS.personalBudget.id)).not.toHaveProperty('owner');
  });
});
