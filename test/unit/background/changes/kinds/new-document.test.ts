/**
 * changes/new-document.ts: a new document through the change pipeline, as JSON, never sent again
 * after a lost answer, and undone by moving it to the trash.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { createDocument } from '../../../../../src/background/changes/kinds/new-document.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { ORGS, WORKSPACES } from '../../../../fake-grist/sample-data.ts';
import { cachedDocument } from '../../../../setup/cached-documents.ts';
import { documentsNamed } from '../../../../setup/stored-documents.ts';
import { failure, grist, useWorkerGrist } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const { marketing } = WORKSPACES;
const posts = () => grist.requests.filter((request) => request.method === 'POST');
const inMarketing = (name: string) => ({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, workspaceId: marketing.id, name });

beforeEach(() => {
  grist.clearRequests();
});

describe('a new document', () => {
  it('one POST …/workspaces/<id>/docs as JSON; Grist, the cached listing and the log have it', async () => {
    const { document, entryId } = await createDocument(inMarketing('  Q4 plan '));
    expect(posts().map(({ path, contentType, body }) => [path, contentType, JSON.parse(body)])).toEqual([[`/o/acme/api/workspaces/${marketing.id}/docs`, 'application/json', { name: 'Q4 plan' }]]);
    expect(grist.doc(document.id)).toMatchObject({ name: 'Q4 plan', workspaceId: marketing.id });
    expect(document).toMatchObject({ id: document.id, name: 'Q4 plan', access: 'owners' });
    expect((await cachedDocument(document.id))?.at).toBe(`acme/${marketing.id}`);
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'create', target: { kind: 'document', id: document.id }, name: 'Q4 plan', workspace: { id: marketing.id } });
  });

  it('refuses an empty name with nothing sent', async () => {
    expect((await failure(createDocument(inMarketing('   ')))).kind).toBe('invalid-input');
    expect(posts()).toEqual([]);
  });

  it('after a lost answer: never sent again; the workspace is read and the document reported', async () => {
    grist.injectFault({ method: 'POST', path: /\/docs$/, loseAnswer: true, times: 1 });
    const { document } = await createDocument(inMarketing('Q4 plan'));
    expect(posts()).toHaveLength(1);
    expect(documentsNamed(grist, marketing.id, 'Q4 plan')).toEqual([document.id]);
  });

  it('after a reset before Grist made it: "Grist’s answer did not say whether … was created. Check …", sent once', async () => {
    grist.injectFault({ method: 'POST', path: /\/docs$/, drop: true, times: 1 });
    const error = await failure(createDocument(inMarketing('Q4 plan')));
    expect(error.message).toBe('Grist’s answer did not say whether “Q4 plan” was created. Check Acme Corp › Marketing.');
    expect(posts()).toHaveLength(1);
    expect(documentsNamed(grist, marketing.id, 'Q4 plan')).toEqual([]);
  });

  it('is undone by moving it to the trash', async () => {
    const { document, entryId } = await createDocument(inMarketing('Q4 plan'));
    expect(await undoChange({ entryId: entryId!, target: { kind: 'document', id: document.id } })).toMatchObject({ outcome: 'restored' });
    expect(grist.doc(document.id)?.removedAt).toEqual(expect.any(String));
    expect(await cachedDocument(document.id)).toBeNull();
  });
});
