/**
 * The fake Grist's workspace endpoints beyond reading and renaming (docs/grist-api.md "Trash, restore,
 * delete, pin, copy, create", "Workspaces"): a new workspace, and a workspace moved to the trash
 * and back. Grist keeps a removed workspace with its documents: it leaves the normal listing, and
 * it and its documents read as 404; the trash listing (`showRemoved=1`) lists it with its
 * `removedAt` and every document in it (theirs are unset unless they were removed on their own:
 * grist-core HomeDBManager `_onDoc`, "workspaces.removed_at IS NOT NULL OR docs.removed_at IS NOT
 * NULL"). Who may do what follows grist-core's permissions: a new workspace needs the site's ADD
 * right (owners and editors), a removal or restore the workspace's REMOVE and SCHEMA_EDIT rights
 * (owners: an editor gets "access denied", as for a document).
 */
import { GristError } from './grist-error.ts';
import type { ApiRequest } from './server.ts';
import type { HomeDatabase } from './home-database.ts';
import type { SeedOrg, SeedWorkspace } from './sample-data.ts';

/** What the server finds a request's site and workspace with, as its other endpoints do. */
export interface WorkspaceFinders {
  requireOrg(ref: string, request: ApiRequest): SeedOrg;
  /** With `inTrash`, a workspace in the trash too. */
  requireWorkspace(ref: string, request: ApiRequest, inTrash?: boolean): SeedWorkspace;
  parseJsonBody(request: ApiRequest): Record<string, unknown>;
}

type Route = [method: string, path: RegExp, handler: (id: string, request: ApiRequest) => unknown];

/** The routes of a new workspace, and of a workspace's removal and restore, on `database`. */
export function workspaceTrashRoutes(database: HomeDatabase, { requireOrg, requireWorkspace, parseJsonBody }: WorkspaceFinders): Route[] {
  /** `POST {site}/api/orgs/<org>/workspaces` `{"name"}`: the new workspace's id, a number. A missing name is answered 400 (assumed: docs/grist-api.md "Workspaces" does not say). */
  function addWorkspace(ref: string, request: ApiRequest): number {
    const org = requireOrg(ref, request);
    const role = org.members[request.caller.id];
    if (role !== 'owners' && role !== 'editors') throw new GristError(403, 'access denied');
    const { name } = parseJsonBody(request);
    if (typeof name !== 'string' || !name) throw new GristError(400, 'Bad request: name required');
    return database.addWorkspace(org, name).id;
  }

  /** `POST {site}/api/workspaces/<id>/remove` and `.../unremove`: owners only. Out: null. */
  function setRemoved(removed: boolean) {
    return (ref: string, request: ApiRequest): null => {
      // In the trash or not, as a document's (the fake's restoreOrDelete): a restore of one outside it changes nothing.
      const workspace = requireWorkspace(ref, request, true);
      if (database.workspaceRole(workspace, request.caller) !== 'owners') throw new GristError(403, 'access denied');
      database.setWorkspaceRemoved(workspace, removed);
      return null;
    };
  }

  return [
    ['POST', /^\/api\/orgs\/([^/]+)\/workspaces$/, addWorkspace],
    ['POST', /^\/api\/workspaces\/([^/]+)\/remove$/, setRemoved(true)],
    ['POST', /^\/api\/workspaces\/([^/]+)\/unremove$/, setRemoved(false)],
  ];
}
