/**
 * The cached listing's public mark after a bulk Make selected public / private, and its Undo this
 * batch (review 43, finding 4): the badge and `is:public` follow at once, with no refresh.
 */
import { describe, expect, it } from 'vitest';
import { undoBatch } from '../../../../src/background/bulk/batch-undo.ts';
import { startBulkShare } from '../../../../src/background/bulk/targets/share.ts';
import { finished } from '../../../setup/finished-run.ts';
import { connect, documentsOf, useBulkGrist } from '../../../setup/bulk-grist.ts';
import { cachedDocument } from '../../../setup/cached-documents.ts';

useBulkGrist();

/** Whether the cached listing marks each document public. */
const marks = (items: ReadonlyArray<{ docId: string }>) => Promise.all(items.map(async ({ docId }) => (await cachedDocument(docId))?.document.isPublic === true));

describe('a bulk Make selected public run', () => {
  it('marks each document public in the cached listing; Make private and Undo this batch take the mark away and back', async () => {
    await connect();
    const items = [...documentsOf(1, 3), ...documentsOf(2, 2)];
    const start = (on: boolean) => startBulkShare({ requestId: crypto.randomUUID(), items, change: { kind: 'public', public: on } });
    expect(await marks(items)).toEqual(items.map(() => false));
    await finished((await start(true)).id);
    expect(await marks(items)).toEqual(items.map(() => true));
    const toPrivate = await finished((await start(false)).id);
    expect(await marks(items)).toEqual(items.map(() => false));
    await undoBatch({ batchId: toPrivate.batchId });
    expect(await marks(items)).toEqual(items.map(() => true));
  });
});
