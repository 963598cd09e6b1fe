/**
 * A new, empty workspace, as one kind of change (kind-module.ts): `POST {site}/api/orgs/current/
 * workspaces` with `{"name"}` as JSON, answered with its id (docs/grist-api.md "Workspaces"); offered to
 * the site's owners. Not idempotent: sent twice, it makes two. So the site's workspaces of that
 * name are read before it is sent, and when Grist's answer does not say whether it made one
 * (mayHaveMade), they are read again, never sent again: a workspace of that name that was not
 * there before is taken only when it is the only one (the site's changes queue one at a time, so
 * no other request of ours made it); two or more, and the user is told to check the site. Its undo
 * moves it to the trash (workspace-trash.ts). Also the popup's `createWorkspace` message.
 */
import * as v from 'valibot';
import type { ChangeEntry } from '../../../shared/protocol/change-log.ts';
import { checkNewName } from '../../../shared/rules/document-name.ts';
import { t } from '../../../shared/i18n.ts';
import { ownsSite, siteDisplayName } from '../../../shared/protocol/listing.ts';
import type { CreatedWorkspace, RequestOf } from '../../../shared/protocol/messages.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../../grist/api-error.ts';
import type { GristClient } from '../../grist/grist-client.ts';
import { workspaceListSchema } from '../../grist/grist-schemas.ts';
import { recordWorkspaceAdded } from '../../listing/cache-records.ts';
import { oneAtATime } from '../../pacing.ts';
import type { KindModule, ChangeTarget } from '../kind-module.ts';
import { mayHaveMade } from '../created-document.ts';
import { listingAndClients } from '../listed-documents.ts';
import { applyChange } from '../pipeline.ts';
import { workspaceTrashKind } from './workspace-trash.ts';
import { placeSite } from '../../../shared/rules/move.ts';

/** A new workspace named `name` on `site`; `key` is the site's queue; `made` its id once Grist said it or a read-back proved it. */
export interface NewWorkspaceTarget extends ChangeTarget {
  site: ChangeEntry['site'];
  /** The ids of the site's workspaces of that name before the request left (read first). */
  before: ReadonlySet<number>;
  made?: number;
}

/**
 * The queue a site's new workspaces wait in: one at a time, so a read-back never meets another of
 * ours under way. Keyed on the site alone: two accounts that own one site (two users of one server)
 * make workspaces in the same place, and the listing may give a request to either.
 */
const siteQueue = (siteUrl: string) => `new-workspace ${siteUrl}`;

/** The ids of the workspaces named `name` that the site of `siteUrl` lists now. Throws ApiError as the read met it. */
async function namedIds(client: GristClient, siteUrl: string, name: string): Promise<Set<number>> {
  const workspaces = await client.get(siteUrl, '/api/orgs/current/workspaces', workspaceListSchema);
  return new Set(workspaces.filter((workspace) => workspace.name === name).map((workspace) => workspace.id));
}

/** "Grist’s answer did not say whether the workspace <name> was created. Check <site>." */
const unknownWorkspace = (target: NewWorkspaceTarget) => t('errorNewWorkspaceUnknown', target.name, siteDisplayName(target.site));

/**
 * A new workspace on a site: the site's workspaces of that name read first, one POST, and after a
 * lost answer read again, never sent again (the module's doc); Grist's 403 said in words; the
 * cached listing given it. Its undo is workspaceTrashKind's.
 */
export const newWorkspaceKind: KindModule<NewWorkspaceTarget, 'createWorkspace'> = {
  messages: { createWorkspace },
  // The new workspace is moved to the trash.
  undoneBy: workspaceTrashKind,
  readFirst: async (client, target) => {
    target.before = await namedIds(client, target.siteUrl, target.name);
    return true;
  },
  send: async (client, target) => {
    target.made = await client.post(target.siteUrl, '/api/orgs/current/workspaces', { name: target.name }, v.number());
  },
  mayHaveApplied: mayHaveMade,
  applied: async (client, target) => {
    const fresh = [...(await namedIds(client, target.siteUrl, target.name))].filter((id) => !target.before.has(id));
    if (fresh.length > 1) throw new ApiError('network', unknownWorkspace(target));
    target.made = fresh[0];
    return target.made !== undefined;
  },
  notApplied: (target) => t('errorNewWorkspaceNotMade', target.name),
  unchecked: unknownWorkspace,
  refused: async (error, target) => {
    if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return new ApiError('forbidden', t('errorCannotAddWorkspace', siteDisplayName(target.site)), 403);
    return null;
  },
  logEntry: ({ account, site: { orgId, name, url }, made, name: workspaceName }) => ({
    account,
    kind: 'create',
    target: { kind: 'workspace', id: made! },
    site: { orgId, name, url },
    workspace: { id: made!, name: workspaceName },
    name: workspaceName,
  }),
  note: () => 0,
  storeNoted: async (noted) => {
    await Promise.all(noted.map(({ target }) => recordWorkspaceAdded(target.account, target.siteUrl, { id: target.made!, name: target.name, access: 'owners', documents: [] })));
  },
};

/**
 * The popup's `createWorkspace` message: a new workspace on a site of the worker's listing that its
 * user owns (of the accounts listing it, the first that does), through the change pipeline, in the
 * site's queue. Out: the workspace as listed, and its change-log entry. Throws ApiError:
 * `not-found` for a site the listing does not have, `forbidden` for one the user does not own,
 * `invalid-input` for the name (nothing sent), or what sendChange met.
 */
export async function createWorkspace({ orgId, siteUrl, name }: RequestOf<'createWorkspace'>): Promise<CreatedWorkspace> {
  const [listing, clientOf] = await listingAndClients();
  const sites = (listing?.sites ?? []).filter((site) => site.orgId === orgId && site.siteUrl === siteUrl);
  if (sites.length === 0) throw new ApiError('not-found', t('errorSiteNotInList'));
  const site = sites.find(ownsSite);
  if (!site) throw new ApiError('forbidden', t('errorCannotAddWorkspace', siteDisplayName(sites[0]!)), 403);
  const check = checkNewName(name);
  if (check.kind === 'invalid') throw new ApiError('invalid-input', check.message);
  return oneAtATime(siteQueue(siteUrl), async () => {
    const target: NewWorkspaceTarget = {
      account: site.account,
      key: siteQueue(siteUrl),
      siteUrl,
      name: check.name,
      site: placeSite(site),
      before: new Set(),
    };
    const entryId = await applyChange(clientOf(site.account), newWorkspaceKind, target, { source: 'popup' });
    return { workspace: { id: target.made!, name: target.name, access: 'owners', documents: [] }, entryId };
  });
}
