/**
 * changes/new-workspace.ts: a new workspace through the change pipeline, as JSON, offered to the
 * site's owners only, never sent again after a lost answer (read back, and only a provable one
 * taken), and undone by moving it to the trash.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readChangeLog } from '../../../../../src/background/change-log/change-log.ts';
import { createWorkspace } from '../../../../../src/background/changes/kinds/new-workspace.ts';
import { undoChange } from '../../../../../src/background/changes/undo.ts';
import { readListing } from '../../../../../src/background/listing/listing-cache.ts';
import { refreshListing } from '../../../../../src/background/listing/listing-service.ts';
import { ORGS, USERS } from '../../../../fake-grist/sample-data.ts';
import { sendTo } from '../../../../fake-grist/api-calls.ts';
import { EDITOR_ACCOUNT, OWNER_ACCOUNT, saveAccounts, saveEditorThenOwner } from '../../../../setup/saved-key.ts';
import { configure, failure, grist, useWorkerGrist, whenRequested } from '../../../../setup/worker-grist.ts';

useWorkerGrist({ listed: true });

const posts = () => grist.requests.filter((request) => request.method === 'POST');
const onAcme = (name: string) => ({ orgId: ORGS.acme.id, siteUrl: `${grist.url}/o/acme`, name });

/** The ids of Acme's workspaces named `name`, as Grist stores them. */
async function acmeWorkspacesNamed(name: string): Promise<number[]> {
  const { body } = await sendTo(grist, '/o/acme/api/orgs/current/workspaces');
  return (body as Array<{ id: number; name: string }>).filter((workspace) => workspace.name === name).map(({ id }) => id);
}

/** The names of Acme's workspaces in the cached listing. */
async function cachedAcmeWorkspaces(): Promise<string[]> {
  return (await readListing())?.sites.find((site) => site.orgId === ORGS.acme.id)?.workspaces.map((workspace) => workspace.name) ?? [];
}

beforeEach(() => {
  grist.clearRequests();
});

describe('a new workspace', () => {
  it('one POST …/orgs/current/workspaces as JSON, after reading the site’s workspaces; Grist, the cached listing and the log have it', async () => {
    const { workspace, entryId } = await createWorkspace(onAcme('  Research '));
    expect(posts().map(({ path, contentType, body }) => [path, contentType, JSON.parse(body)])).toEqual([['/o/acme/api/orgs/current/workspaces', 'application/json', { name: 'Research' }]]);
    expect(grist.workspace(workspace.id)).toMatchObject({ name: 'Research', orgId: ORGS.acme.id });
    expect(workspace).toEqual({ id: workspace.id, name: 'Research', access: 'owners', documents: [] });
    expect(await cachedAcmeWorkspaces()).toContain('Research');
    expect((await readChangeLog())[0]).toMatchObject({ id: entryId, kind: 'create', target: { kind: 'workspace', id: workspace.id }, name: 'Research', workspace: { id: workspace.id, name: 'Research' } });
  });

  it('refuses an empty name with nothing sent', async () => {
    expect((await failure(createWorkspace(onAcme('   ')))).kind).toBe('invalid-input');
    expect(grist.requests).toEqual([]);
  });

  it('is refused without a request on a site the user does not own (an editor of Acme)', async () => {
    await configure(USERS.editor.apiKey);
    await refreshListing();
    grist.clearRequests();
    const error = await failure(createWorkspace(onAcme('Research')));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Only the owners of Acme Corp can add a workspace to it.']);
    expect(grist.requests).toEqual([]);
  });

  it('Grist’s own refusal (403) is said in the same words, and nothing is made', async () => {
    grist.injectFault({ method: 'POST', path: '/api/orgs/current/workspaces', status: 403, body: JSON.stringify({ error: 'access denied' }), contentType: 'application/json' });
    const error = await failure(createWorkspace(onAcme('Research')));
    expect([error.kind, error.message]).toEqual(['forbidden', 'Only the owners of Acme Corp can add a workspace to it.']);
    expect(await acmeWorkspacesNamed('Research')).toEqual([]);
  });

  it('after a lost answer: never sent again; the site is read back and the one workspace made reported', async () => {
    grist.injectFault({ method: 'POST', path: '/api/orgs/current/workspaces', loseAnswer: true, times: 1 });
    const { workspace } = await createWorkspace(onAcme('Research'));
    expect(posts()).toHaveLength(1);
    expect(await acmeWorkspacesNamed('Research')).toEqual([workspace.id]);
    expect((await readChangeLog())[0]).toMatchObject({ kind: 'create', workspace: { id: workspace.id } });
  });

  it('after a lost answer, a workspace of that name that was there before is not taken for it', async () => {
    const { workspace: earlier } = await createWorkspace(onAcme('Research'));
    grist.clearRequests();
    grist.injectFault({ method: 'POST', path: '/api/orgs/current/workspaces', drop: true, times: 1 });
    const error = await failure(createWorkspace(onAcme('Research')));
    expect(error.message).toBe('Grist did not answer in time, and the workspace “Research” was not created. Try again.');
    expect(posts()).toHaveLength(1);
    expect(await acmeWorkspacesNamed('Research')).toEqual([earlier.id]);
  });

  it('after a lost answer, two new ones of that name (one made in Grist’s page meanwhile): it cannot tell, says so, and claims neither', async () => {
    grist.injectFault({ method: 'POST', path: '/api/orgs/current/workspaces', loseAnswer: true, delayMs: 300, times: 1 });
    const made = createWorkspace(onAcme('Research'));
    // While the extension's request waits, someone makes one of the same name in Grist's own page.
    await whenRequested('POST', /\/workspaces$/);
    await sendTo(grist, '/o/acme/api/orgs/current/workspaces', { method: 'POST', json: { name: 'Research' } });
    const error = await failure(made);
    expect(error.message).toBe('Grist’s answer did not say whether the workspace “Research” was created. Check Acme Corp before trying again.');
    expect((await readChangeLog()).filter((entry) => entry.target.kind === 'workspace')).toEqual([]);
    expect(await acmeWorkspacesNamed('Research')).toHaveLength(2);
    expect(posts().filter(({ path }) => path === '/o/acme/api/orgs/current/workspaces')).toHaveLength(2);
  });

  it('two asked on one site by two accounts that own it wait in one queue: after a lost answer each claims only its own', async () => {
    // Ed is made an owner of Acme too, and his account comes first: the first request goes with his key.
    await sendTo(grist, `/o/acme/api/orgs/${ORGS.acme.id}/access`, { method: 'PATCH', json: { delta: { users: { [USERS.editor.email]: 'owners' } } } });
    await saveEditorThenOwner(`${grist.url}/o/docs`);
    await refreshListing();
    grist.clearRequests();
    grist.injectFault({ method: 'POST', path: '/api/orgs/current/workspaces', loseAnswer: true, delayMs: 300, times: 1 });
    const first = createWorkspace(onAcme('Research'));
    await whenRequested('POST', /\/workspaces$/);
    // While it waits, the accounts are put in the other order: the second request goes with Olivia's key.
    await saveAccounts([
      { id: OWNER_ACCOUNT, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.owner.apiKey },
      { id: EDITOR_ACCOUNT, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] }, apiKey: USERS.editor.apiKey },
    ]);
    await refreshListing();
    const second = await createWorkspace(onAcme('Research'));
    const { workspace } = await first;
    expect(new Set([workspace.id, second.workspace.id]).size).toBe(2);
    expect((await acmeWorkspacesNamed('Research')).sort()).toEqual([workspace.id, second.workspace.id].sort());
    const created = (await readChangeLog()).filter((entry) => entry.kind === 'create' && entry.target.kind === 'workspace');
    expect(created.map(({ account, workspace: made }) => [account, made?.id]).sort()).toEqual([
      [EDITOR_ACCOUNT, workspace.id],
      [OWNER_ACCOUNT, second.workspace.id],
    ].sort());
  });

  it('is undone by moving it to the trash; the cached listing no longer has it', async () => {
    const { workspace, entryId } = await createWorkspace(onAcme('Research'));
    expect(await undoChange({ entryId: entryId!, target: { kind: 'workspace', id: workspace.id } })).toMatchObject({ outcome: 'restored' });
    expect(grist.workspace(workspace.id)?.removedAt).toEqual(expect.any(String));
    expect(await cachedAcmeWorkspaces()).not.toContain('Research');
    expect((await readChangeLog())[0]).toMatchObject({ kind: 'remove', target: { kind: 'workspace' }, source: 'undo' });
  });

  it('its undo sends nothing when the workspace was renamed since, and says what it is called now', async () => {
    const { workspace, entryId } = await createWorkspace(onAcme('Research'));
    await sendTo(grist, `/o/acme/api/workspaces/${workspace.id}`, { method: 'PATCH', json: { name: 'R&D' } });
    grist.clearRequests();
    expect(await undoChange({ entryId: entryId!, target: { kind: 'workspace', id: workspace.id } })).toEqual({ outcome: 'changed-elsewhere', current: 'R&D', renamed: true });
    expect(posts()).toEqual([]);
    expect(grist.workspace(workspace.id)?.removedAt).toBeUndefined();
  });
});
