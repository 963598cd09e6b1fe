/**
 * Grist's Access API as the worker calls it (grist-api.md "Access"): who has access to a document,
 * workspace or site, and the PATCH that changes it. STAND-IN with helper W's signatures until
 * branch i43-worker lands; replaced by its version at the merge.
 */
import * as v from 'valibot';
import { PUBLIC_EMAIL, type AccessDelta, type AccessResource, type Person, type Role } from '../../shared/sharing.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { anyJsonSchema } from '../grist/grist-schemas.ts';
import { docAccessSchema, orgAccessSchema, workspaceAccessSchema } from '../grist/access-schemas.ts';

/** The path of a resource's access, under its site. */
export function accessPath(resource: AccessResource): string {
  if (resource.kind === 'document') return `/api/docs/${encodeURIComponent(resource.docId)}/access`;
  if (resource.kind === 'workspace') return `/api/workspaces/${resource.workspaceId}/access`;
  return `/api/orgs/${resource.orgId}/access`;
}

/** Reads who has access to `resource` (one GET). Throws ApiError as the client does. */
export async function readAccessOf(client: GristClient, resource: AccessResource): Promise<{ people: Person[]; publicRole: Role | null; maxInheritedRole?: Role | null; onlySelf: boolean }> {
  const schema: v.GenericSchema<unknown, v.InferOutput<typeof docAccessSchema> | v.InferOutput<typeof orgAccessSchema>> =
    resource.kind === 'site' ? orgAccessSchema : resource.kind === 'document' ? docAccessSchema : workspaceAccessSchema;
  const answer = await client.get(resource.siteUrl, accessPath(resource), schema);
  const everyone = answer.users.find((user) => user.email.toLowerCase() === PUBLIC_EMAIL);
  const people = answer.users
    .filter((user) => user !== everyone)
    .map((user) => ({ email: user.email, name: user.name, role: user.access, inherited: 'parentAccess' in user ? (user.parentAccess as Role | null) : null, isMember: user.isMember }));
  const publicRole = resource.kind === 'site' ? null : ((everyone?.access ?? null) as Role | null);
  return { people, publicRole, ...('maxInheritedRole' in answer ? { maxInheritedRole: answer.maxInheritedRole } : {}), onlySelf: answer.personal };
}

/** Sends one access change (PATCH with `{delta}`, JSON). Throws ApiError as the client does. */
export async function patchAccess(client: GristClient, resource: AccessResource, delta: AccessDelta): Promise<void> {
  await client.patch(resource.siteUrl, accessPath(resource), { delta }, anyJsonSchema);
}
