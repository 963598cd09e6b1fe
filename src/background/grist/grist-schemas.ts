/**
 * The shapes of Grist's answers that the extension relies on, checked at the boundary so a proxy
 * page or a wrong server can never reach the listing. Only the fields used are required; Grist
 * sends more (see ../shared/grist-samples/). Fields and their types: docs/grist-api.md "Listing".
 */
import * as v from 'valibot';

/**
 * One site ("org") from `GET /api/orgs`; `owner` is set only on a personal site, the user's own or
 * another person's that shared something with them (sample orgs.owner.json: `{id, name, ...}`).
 */
export const orgSchema = v.object({
  id: v.number(),
  name: v.string(),
  domain: v.nullable(v.string()),
  host: v.optional(v.nullable(v.string()), null),
  owner: v.nullable(v.object({ id: v.number(), name: v.optional(v.nullable(v.string()), null) })),
  /** The caller's role on the site (sample orgs.owner.json): who may change its access. */
  access: v.optional(v.nullable(v.string()), null),
});
export type Org = v.InferOutput<typeof orgSchema>;

export const orgListSchema = v.array(orgSchema);

const docSchema = v.object({
  id: v.string(),
  name: v.string(),
  urlId: v.optional(v.nullable(v.string()), null),
  access: v.optional(v.nullable(v.string()), null),
  isPinned: v.optional(v.boolean(), false),
  updatedAt: v.optional(v.string(), ''),
  removedAt: v.optional(v.nullable(v.string()), null),
  /** Present and true only on a document anyone with the link may open (sample workspaces.public-doc.json). */
  public: v.optional(v.boolean(), false),
});

/** `GET {site}/api/orgs/current/workspaces`: workspaces, each with the docs the caller may see. */
export const workspaceListSchema = v.array(
  v.object({
    id: v.number(),
    name: v.string(),
    access: v.optional(v.nullable(v.string()), null),
    isSupportWorkspace: v.optional(v.boolean(), false),
    docs: v.array(docSchema),
    /** Only in the trash listing (`showRemoved=1`), on a workspace in the trash. */
    removedAt: v.optional(v.nullable(v.string()), null),
    /** The domain of the site it belongs to (sample workspaces.personal.json): Grist's merged personal site lists others' too. */
    orgDomain: v.optional(v.nullable(v.string()), null),
  }),
);
export type GristWorkspace = v.InferOutput<typeof workspaceListSchema>[number];

/** `GET {site}/api/docs/<docId or urlId>`: the document with its workspace and org (sample doc.json). */
export const documentSchema = v.object({
  id: v.string(),
  name: v.string(),
  access: v.optional(v.nullable(v.string()), null),
  isPinned: v.optional(v.boolean(), false),
  workspace: v.object({
    id: v.optional(v.number()),
    name: v.optional(v.string(), ''),
    org: v.object({ id: v.number(), name: v.optional(v.string(), '') }),
  }),
});

/** `GET {site}/api/workspaces/<id>`: one workspace with its org (sample workspace.json). */
export const workspaceSchema = v.object({
  id: v.number(),
  name: v.string(),
  access: v.optional(v.nullable(v.string()), null),
  isSupportWorkspace: v.optional(v.boolean(), false),
  org: v.object({ id: v.number(), name: v.optional(v.string(), '') }),
  /** Its documents (not those in the trash): a copy's or new document's read-back looks for it here. */
  docs: v.optional(v.array(v.object({ id: v.string(), name: v.string(), createdAt: v.optional(v.string(), '') })), []),
});

/** `GET /api/orgs/current`: the org a site address selects (only its id is used). */
export const currentOrgSchema = v.object({ id: v.number() });

/** `GET /api/profile/user`: who the key belongs to. */
export const profileSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
});

/**
 * `PATCH /api/docs/<id>` answers the doc id as a JSON string (null for a fork); the extension does
 * not depend on it (docs/grist-api.md "Renaming"), so any JSON is accepted.
 */
export const anyJsonSchema = v.unknown();

/**
 * `GET /api/docs/<id>/sql?q=<the pages query>` (docs/grist-api.md "Pages of a document"): one
 * record per page, in Grist's order, with its view's name.
 */
export const pagesSqlSchema = v.object({
  records: v.array(v.object({ fields: v.object({ viewRef: v.number(), indentation: v.number(), pagePos: v.number(), name: v.string() }) })),
});

/** `GET /api/docs/<id>/tables/_grist_Pages/records`: the pages, without their names. */
export const pageRecordsSchema = v.object({
  records: v.array(v.object({ id: v.number(), fields: v.object({ viewRef: v.number(), indentation: v.number(), pagePos: v.number() }) })),
});

/** `GET /api/docs/<id>/tables/_grist_Views/records`: the views, whose names are the pages'. */
export const viewRecordsSchema = v.object({
  records: v.array(v.object({ id: v.number(), fields: v.object({ name: v.string() }) })),
});
