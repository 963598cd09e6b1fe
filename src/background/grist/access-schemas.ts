/**
 * The shapes of Grist's answers to `GET {site}/api/docs/<id>/access`, `.../api/workspaces/<id>/access`
 * and `.../api/orgs/<id>/access`: who has access, each with the role given right here and the one
 * coming down from above. Checked against real answers (../shared/grist-samples/access.*.json);
 * the facts are in docs/grist-api.md, "Access". Only the fields used are required; Grist sends
 * more (`picture`, `ref`), which are dropped.
 */
import * as v from 'valibot';

/** The roles a person can be given on a document (and what comes down to it from above). */
const BASIC_ROLES = ['owners', 'editors', 'viewers'] as const;

/** A role given on a document, workspace or site: `owners`, `editors` or `viewers`. */
export type BasicRole = (typeof BASIC_ROLES)[number];

const basicRoleSchema = v.picklist(BASIC_ROLES);

/**
 * One person in an access answer. `access` is the role given right here, null when it only comes
 * down from above; `isMember` is false for a guest and null for the public link's special user
 * (everyone@getgrist.com).
 */
function userSchema<Role extends string>(roles: readonly Role[]) {
  return v.object({
    id: v.number(),
    email: v.string(),
    name: v.string(),
    access: v.nullable(v.picklist(roles)),
    isMember: v.nullable(v.boolean()),
  });
}

/**
 * Fields of a document's or workspace's answer. `maxInheritedRole` caps what comes down from above
 * (null: nothing does); `personal` is true when the caller is a viewer, who gets only themselves.
 */
function inheritingAccessSchema<Role extends string>(roles: readonly Role[]) {
  return v.object({
    maxInheritedRole: v.nullable(basicRoleSchema),
    personal: v.optional(v.boolean(), false),
    users: v.array(v.object({ ...userSchema(roles).entries, parentAccess: v.nullable(basicRoleSchema) })),
  });
}

/** `GET {site}/api/docs/<docId>/access` (samples access.doc.owner.json, access.doc.viewer.json). */
export const docAccessSchema = inheritingAccessSchema(BASIC_ROLES);
export type DocAccess = v.InferOutput<typeof docAccessSchema>;

/**
 * `GET {site}/api/workspaces/<id>/access` (sample access.workspace.json): a person with something
 * inside the workspace and nothing on it is listed as `guests`.
 */
export const workspaceAccessSchema = inheritingAccessSchema([...BASIC_ROLES, 'guests']);
export type WorkspaceAccess = v.InferOutput<typeof workspaceAccessSchema>;

/**
 * `GET {site}/api/orgs/<orgId>/access` (sample access.org.json): the site's members with their
 * roles (`members` too) and its guests; nothing is inherited, so no `maxInheritedRole` or
 * `parentAccess`.
 */
export const orgAccessSchema = v.object({
  personal: v.optional(v.boolean(), false),
  users: v.array(userSchema([...BASIC_ROLES, 'members', 'guests'])),
});
export type OrgAccess = v.InferOutput<typeof orgAccessSchema>;
