/**
 * Seed data for the fake Grist server, shaped like the real responses in
 * `shared/grist-samples/` (same ids, names and times where a sample shows them).
 *
 * Who can do what (see docs/grist-api.md "Listing" and "Renaming"):
 * - Olivia Owner owns Acme Corp and Globex Inc.
 * - Ed Editor is an editor of Acme, but owns its "Leads" document, given to him directly.
 * - Victor Viewer is a viewer of Acme.
 * - Sam Shared belongs to no team; Globex's "Project Beta" was given to him directly as owner,
 *   so he sees Globex as `guests` and only that document (sample `workspaces.team-doc-shared-only.json`).
 * - Acme's "Campaign Plan" has access rules that hide data from non-owners: Ed and Victor may
 *   export it, not download its `.grist` (docs/grist-api.md "Downloads and exports").
 * Each sample document has a table or two of a few rows, for the exports (downloads.ts), and
 * pages (pages.ts), some nested; "Personal Budget"'s were reordered, so their positions and their
 * viewRefs differ (PERSONAL_BUDGET_PAGES).
 */
import { createHash } from 'node:crypto';

/** A member's role on an org or a document, in Grist's words. */
export type Role = 'owners' | 'editors' | 'viewers';

export interface SeedUser {
  id: number;
  name: string;
  email: string;
  /** Grist's public user reference (22 characters). */
  ref: string;
  createdAt: string;
  /** 40 hex characters, like a key made under Profile settings -> API. */
  apiKey: string;
}

export interface SeedOrg {
  id: number;
  name: string;
  /** `docs-<userId>` for a personal site. */
  domain: string;
  /** Custom domain, or null. */
  host: string | null;
  /** The owning user for a personal site, null for a team site. */
  ownerId: number | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Team members by user id; their role applies to every workspace and document of the org, but
   * `members`: a member given nothing by it (docs/grist-api.md "Access": a site's own role).
   */
  members: Record<number, Role | 'members'>;
  /**
   * What the site's plan refuses a document moved in from another site (docs/grist-api.md "Moving a
   * document"): past `maxDocs` documents, a document shared with more than `maxExternalShares`
   * users who are not members, anything while `readonly` (`billing`: the 429 that is not a rate
   * limit; `yes`: 402).
   */
  plan?: { maxDocs?: number; maxExternalShares?: number; readonly?: 'billing' | 'yes' };
}

export interface SeedWorkspace {
  id: number;
  orgId: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  /** Grist's "Examples & Templates" workspace, which Grist lists in personal sites (`isSupportWorkspace`). */
  isSupportWorkspace?: boolean;
  /** Users given this workspace directly, by user id (docs/grist-api.md "Access"). */
  shares?: Record<number, Role>;
  /** The most a site member inherits here; absent is `owners` (no cap), null nothing (docs/grist-api.md "Inherited access"). */
  maxInheritedRole?: Role | null;
  /** When it was moved to the trash (ISO), with its documents; absent outside it (workspace-trash.ts). */
  removedAt?: string;
}

export interface SeedDoc {
  /** 22 characters. */
  id: string;
  /** Null once the document was moved to another site (docs/grist-api.md "Moving a document"). */
  urlId: string | null;
  name: string;
  workspaceId: number;
  isPinned: boolean;
  createdAt: string;
  updatedAt: string;
  /** Users given this document directly, by user id. */
  shares: Record<number, Role>;
  /** The most a workspace's user inherits here; absent is `owners` (no cap), null nothing. */
  maxInheritedRole?: Role | null;
  /** When it was moved to the trash (ISO time); absent while it is not in the trash. */
  removedAt?: string;
  /** For a copy made through the API: the document it copies, and whether as a template (structure only). */
  copyOf?: { docId: string; asTemplate: boolean };
  /**
   * Its tables and their rows, in Grist's order (what `/tables` lists and the CSV and Excel exports
   * hold). Absent: a copy holds its source's (a template's without rows), any other document the
   * `Table1` of a new Grist document (downloads.ts).
   */
  tables?: SeedTable[];
  /**
   * Its access rules hide some data from users who are not owners: Grist refuses them the `.grist`
   * download (docs/grist-api.md "Downloads and exports"); their exports still answer.
   */
  hidesData?: boolean;
  /**
   * Its pages, in the order of its `_grist_Pages` rows (by `id`; Grist's order is by `pagePos`).
   * Absent: one page per table (pages.ts `documentPages`). Changed by the fake's page controls.
   */
  pages?: SeedPage[];
  /**
   * Its access rules refuse every caller its pages' `sql` read (`sql`), or that and the two metadata
   * tables too (`both`), as pages.ts answers. Absent: neither (but `hidesData` refuses non-owners the `sql` read).
   */
  pagesRefused?: 'sql' | 'both';
}

/**
 * A page of a document as the fake keeps it: a `_grist_Pages` row and its view's name
 * (docs/grist-api.md "Pages of a document"; fields of grist-core's `app/common/schema.ts`).
 */
export interface SeedPage {
  /** The `_grist_Pages` row's id (not the view's). */
  id: number;
  /** Its view's id (`_grist_Views.id`): the number in the page's address, `/p/<viewRef>`. */
  viewRef: number;
  /** Its view's name (`_grist_Views.name`), shown as the page's name. */
  name: string;
  /** 0 at the top; one more nests it under the page before it. */
  indentation: number;
  /** Its place in Grist's order: a PositionNumber, fractional once pages were moved. */
  pagePos: number;
}

/** A cell of a table, as Grist's API gives it. */
export type CellValue = string | number | boolean | null;

/** A user table of a document: its id, its column ids in order, and its rows (one value per column). */
export interface SeedTable {
  id: string;
  columns: string[];
  rows: CellValue[][];
}

export interface Seed {
  users: SeedUser[];
  orgs: SeedOrg[];
  workspaces: SeedWorkspace[];
  docs: SeedDoc[];
}

const CREATED = '2026-11-21T14:36:42.000Z';

function user(id: number, name: string, email: string, ref: string, apiKey: string): SeedUser {
  return { id, name, email, ref, createdAt: CREATED, apiKey };
}

function personalOrg(id: number, owner: SeedUser, updatedAt: string): SeedOrg {
  const members = { [owner.id]: 'owners' } as const;
  const domain = `docs-${owner.id}`;
  return { id, name: 'Personal', domain, host: null, ownerId: owner.id, createdAt: CREATED, updatedAt, members };
}

function teamOrg(id: number, name: string, domain: string, updatedAt: string, members: Record<number, Role>): SeedOrg {
  return { id, name, domain, host: null, ownerId: null, createdAt: `${updatedAt.slice(0, 19)}.000Z`, updatedAt, members };
}

function workspace(id: number, orgId: number, name: string, updatedAt: string): SeedWorkspace {
  return { id, orgId, name, createdAt: `${updatedAt.slice(0, 19)}.000Z`, updatedAt };
}

/** A document whose urlId is the first 12 characters of its id, as Grist makes it. */
function doc(id: string, name: string, workspaceId: number, updatedAt: string, extra: Partial<SeedDoc> = {}): SeedDoc {
  const createdAt = `${updatedAt.slice(0, 19)}.000Z`;
  return { id, urlId: id.slice(0, 12), name, workspaceId, isPinned: false, createdAt, updatedAt, shares: {}, ...extra };
}

export const USERS = {
  owner: user(5, 'Olivia Owner', 'owner@example.com', 'gPLi7itvvMjUhceiDKxNv9', 'da9053b9b177d87ebe52465d6b53402a975827a5'),
  viewer: user(6, 'Victor Viewer', 'viewer@example.com', '4GTaTMX7eyVXoTf7DJi6XW', '956f7ce482e77227488c67e9cd01fc74518be5e0'),
  editor: user(7, 'Ed Editor', 'editor@example.com', 'IxZadvXYL85yCGBBtGfWPn', '08d24a2c823ab1cd068d33e1bb0403e8deab80bc'),
  sharedOnly: user(8, 'Sam Shared', 'shared@example.com', 'TOxy9nYlYiYsV9MUl76rom', '4c58f99797c3f5170e2f706d6c18792d9c822511'),
} satisfies Record<string, SeedUser>;

const { owner, viewer, editor, sharedOnly } = USERS;

export const ORGS = {
  ownerPersonal: personalOrg(2, owner, '2026-11-21T14:36:42.482Z'),
  viewerPersonal: personalOrg(3, viewer, '2026-11-21T14:36:42.605Z'),
  editorPersonal: personalOrg(4, editor, '2026-11-21T14:36:42.711Z'),
  acme: teamOrg(5, 'Acme Corp', 'acme', '2026-11-21T14:36:43.334Z', {
    [owner.id]: 'owners',
    [editor.id]: 'editors',
    [viewer.id]: 'viewers',
  }),
  globex: teamOrg(6, 'Globex Inc', 'globex', '2026-11-21T14:36:43.413Z', { [owner.id]: 'owners' }),
  sharedOnlyPersonal: personalOrg(7, sharedOnly, '2026-11-21T14:36:42.790Z'),
} satisfies Record<string, SeedOrg>;

export const WORKSPACES = {
  ownerHome: workspace(2, ORGS.ownerPersonal.id, 'Home', '2026-11-21T14:36:42.513Z'),
  viewerHome: workspace(3, ORGS.viewerPersonal.id, 'Home', '2026-11-21T14:36:42.640Z'),
  editorHome: workspace(4, ORGS.editorPersonal.id, 'Home', '2026-11-21T14:36:42.733Z'),
  acmeHome: workspace(5, ORGS.acme.id, 'Home', '2026-11-21T14:36:43.360Z'),
  globexHome: workspace(6, ORGS.globex.id, 'Home', '2026-11-21T14:36:43.441Z'),
  engineering: workspace(7, ORGS.acme.id, 'Engineering', '2026-11-21T14:36:43.506Z'),
  marketing: workspace(8, ORGS.acme.id, 'Marketing', '2026-11-21T14:36:43.561Z'),
  projects: workspace(9, ORGS.globex.id, 'Projects', '2026-11-21T14:36:43.639Z'),
  sharedOnlyHome: workspace(10, ORGS.sharedOnlyPersonal.id, 'Home', '2026-11-21T14:36:42.812Z'),
} satisfies Record<string, SeedWorkspace>;

const { ownerHome, editorHome, engineering, marketing, projects } = WORKSPACES;

/** A table of `columns` holding `rows`. */
function table(id: string, columns: string[], ...rows: CellValue[][]): SeedTable {
  return { id, columns, rows };
}

/** A page: its `_grist_Pages` row id, its view's id and name, its nesting and position. */
function page(id: number, viewRef: number, name: string, indentation: number, pagePos: number): SeedPage {
  return { id, viewRef, name, indentation, pagePos };
}

/** Pages never moved nor removed, in their order: row id = viewRef = position (its index + 1). */
function pagesInOrder(...pages: Array<[name: string, indentation: number]>): SeedPage[] {
  return pages.map(([name, indentation], index) => page(index + 1, index + 1, name, indentation, index + 1));
}

/**
 * "Personal Budget"'s pages, which were added, removed and moved: their viewRefs are not their
 * positions (nor their row ids), and Grist's order (by pagePos) is not their rows' order. In
 * Grist's order: Summary (viewRef 4), Expenses (1), nested under it By category (5) and By month (2).
 * A page opened by its position (`/p/1`, the Raycast extension's mistake) would open Expenses, not Summary.
 */
export const PERSONAL_BUDGET_PAGES = {
  summary: page(3, 4, 'Summary', 0, 0.5),
  expenses: page(1, 1, 'Expenses', 0, 1),
  byCategory: page(4, 5, 'By category', 1, 1.5),
  byMonth: page(2, 2, 'By month', 1, 2),
} satisfies Record<string, SeedPage>;

/** The pages of each budget of budgetSeed: nested two deep, in order (row id = viewRef = position). */
export const BUDGET_PAGES: readonly SeedPage[] = pagesInOrder(['Overview', 0], ['Expenses', 1], ['Salaries', 2], ['Travel', 2], ['Budget', 0]);

/** The sample documents' tables: a few rows each, some values with a comma (quoted in a CSV). */
const TABLES = {
  expenses: table('Expenses', ['Month', 'Category', 'Amount'], ['2026-01', 'Rent, utilities', 1200], ['2026-01', 'Food', 310.5], ['2026-02', 'Rent, utilities', 1200]),
  books: table('Books', ['Title', 'Author', 'Read'], ['Gödel, Escher, Bach', 'Douglas Hofstadter', true], ['The Mythical Man-Month', 'Fred Brooks', false]),
  notes: table('Notes', ['Title', 'Body'], ['Monday', 'Call the printer'], ['Tuesday', 'Send "the" quote, then wait']),
  milestones: table('Milestones', ['Quarter', 'Goal', 'Done'], ['Q1', 'Beta', true], ['Q2', 'Launch, then listen', false], ['Q3', 'Scale', false]),
  bugs: table('Bugs', ['Title', 'Severity', 'Open'], ['Crash on save', 'high', true], ['Typo in menu', 'low', false]),
  releases: table('Releases', ['Version', 'Date'], ['1.0', '2026-03-01'], ['1.1', '2026-05-15']),
  campaigns: table('Campaigns', ['Name', 'Budget', 'Channel'], ['Spring', 5000, 'Email, social'], ['Autumn', 8000, 'Print']),
  leads: table('Leads', ['Company', 'Contact', 'Stage'], ['Initech', 'Bill L.', 'won'], ['Globex, Inc.', 'Hank S.', 'new']),
  tasks: table('Tasks', ['Task', 'Owner', 'Done'], ['Design', 'Olivia', true], ['Build', 'Ed', false], ['Test', null, false]),
};

export const DOCS = {
  // Its pages were reordered (PERSONAL_BUDGET_PAGES), kept in the order of their rows.
  personalBudget: doc('a8pErmVLtHLWszbs248Ycx', 'Personal Budget', ownerHome.id, '2026-11-21T14:36:43.198Z', {
    tables: [TABLES.expenses],
    pages: [PERSONAL_BUDGET_PAGES.expenses, PERSONAL_BUDGET_PAGES.byMonth, PERSONAL_BUDGET_PAGES.summary, PERSONAL_BUDGET_PAGES.byCategory],
  }),
  readingList: doc('9ptCUTQwN8XECbXB2X6toR', 'Reading List', ownerHome.id, '2026-11-21T14:36:43.257Z', { tables: [TABLES.books] }),
  // A page name that looks like HTML: untrusted text, shown as text.
  editorNotes: doc('24R8c91vYC2RCn7p3xFX09', 'Ed Notes', editorHome.id, '2026-11-21T14:36:43.301Z', { tables: [TABLES.notes], pages: pagesInOrder(['Notes', 0], ['<b>Drafts</b> & ideas', 1]) }),
  // Pinned although older than Bug Tracker, so "pinned first" and "newest first" disagree.
  roadmap: doc('nJjXZW4bWDnSsGC2LgJjmg', 'Roadmap 2026', engineering.id, '2026-11-21T14:36:43.781Z', { isPinned: true, tables: [TABLES.milestones], pages: pagesInOrder(['Milestones', 0], ['Done', 1], ['Open', 1]) }),
  bugTracker: doc('v4t59thVmUHrAMwidWATqm', 'Bug Tracker', engineering.id, '2026-11-21T14:36:43.872Z', {
    tables: [TABLES.bugs, TABLES.releases],
    pages: pagesInOrder(['Bugs', 0], ['Open bugs', 1], ['By severity', 2], ['Releases', 0]),
  }),
  // Its access rules hide data from non-owners: Ed (editor) and Victor (viewer) may export it, not download its .grist.
  campaignPlan: doc('kxeTcCeN2BXYoiHKuvQooy', 'Campaign Plan', marketing.id, '2026-11-21T14:36:43.931Z', { tables: [TABLES.campaigns], hidesData: true }),
  leads: doc('nN9Yi9WBuBkeFZteUSMrHN', 'Leads', marketing.id, '2026-11-21T14:36:44.001Z', { shares: { [editor.id]: 'owners' }, tables: [TABLES.leads] }),
  projectAlpha: doc('Qm3pW7rTx2KdLs9VbNc4Hj', 'Project Alpha', projects.id, '2026-11-21T14:36:44.120Z', { tables: [TABLES.tasks] }),
  projectBeta: doc('6QCcTHzyUM4DCGep4hwJUz', 'Project Beta', projects.id, '2026-11-21T14:36:53.665Z', {
    createdAt: '2026-11-21T14:36:44.000Z',
    shares: { [sharedOnly.id]: 'owners' },
    tables: [TABLES.tasks],
  }),
} satisfies Record<string, SeedDoc>;

/** The default seed: the users, sites, workspaces and documents above. */
export const sampleSeed: Seed = {
  users: Object.values(USERS),
  orgs: Object.values(ORGS),
  workspaces: Object.values(WORKSPACES),
  docs: Object.values(DOCS),
};

/** The departments of the bulk rename seed's budgets. */
export const DEPARTMENTS = ['Sales', 'Marketing', 'Engineering', 'Support', 'Finance', 'Legal', 'People', 'Operations', 'Research', 'Design'];

/**
 * The default seed plus a year of budgets to rename in bulk: "Budget 2025 – <department>" for
 * each of DEPARTMENTS, in Acme's Marketing workspace and again in Globex's Projects workspace
 * (20 documents on two sites, all owned by Olivia), each with a `Budget` table of two rows and the
 * nested pages BUDGET_PAGES (an Expenses page under Overview: "budget expenses" finds each).
 */
export function budgetSeed(): Seed {
  const budgets = [marketing, projects].flatMap((space, site) =>
    DEPARTMENTS.map((department, index) =>
      doc(createHash('sha256').update(`budget/${site}/${department}`).digest('hex').slice(0, 22), `Budget 2025 – ${department}`, space.id, `2026-10-0${site + 1}T09:${String(10 + index)}:00.000Z`, {
        tables: [table('Budget', ['Item', 'Amount'], [`${department}, salaries`, 1000 * (index + 1)], ['Travel', 100 * (index + 1)])],
        pages: [...BUDGET_PAGES],
      }),
    ),
  );
  return { ...sampleSeed, docs: [...sampleSeed.docs, ...budgets] };
}

/**
 * The id of document `index` of team `team` in `generateSeed`'s data (its org id is 99 + team):
 * hex from a hash, unique, 22 characters, and the 12-character urlId prefixes do not collide.
 */
export function generatedDocId(team: number, index: number): string {
  return createHash('sha256').update(`${team}/${index}`).digest('hex').slice(0, 22);
}

/**
 * Large seed data for benchmarks.
 * In: how many team sites, and how many documents each holds.
 * Out: the sample users and their personal sites, plus `teams` team sites (`team-1`, `team-2`, ...,
 * org ids from 100) where Olivia is owner, Ed editor and Victor viewer. Each team has an empty
 * "Home" workspace and a "Documents" workspace with `docsPerTeam` documents. Ids and times are
 * deterministic, so runs compare.
 */
export function generateSeed({ teams, docsPerTeam }: { teams: number; docsPerTeam: number }): Seed {
  const seed: Seed = {
    users: Object.values(USERS),
    orgs: [ORGS.ownerPersonal, ORGS.viewerPersonal, ORGS.editorPersonal, ORGS.sharedOnlyPersonal],
    workspaces: [WORKSPACES.ownerHome, WORKSPACES.viewerHome, WORKSPACES.editorHome, WORKSPACES.sharedOnlyHome],
    docs: [],
  };
  const time = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();
  for (let team = 1; team <= teams; team++) {
    const orgId = 99 + team;
    const members = { [owner.id]: 'owners', [editor.id]: 'editors', [viewer.id]: 'viewers' } as const;
    seed.orgs.push(teamOrg(orgId, `Team ${team}`, `team-${team}`, time(team), members));
    seed.workspaces.push(workspace(2 * orgId, orgId, 'Home', time(team)));
    seed.workspaces.push(workspace(2 * orgId + 1, orgId, 'Documents', time(team)));
    for (let index = 1; index <= docsPerTeam; index++) {
      seed.docs.push(doc(generatedDocId(team, index), `Document ${team}.${index}`, 2 * orgId + 1, time(team * docsPerTeam + index)));
    }
  }
  return seed;
}

/*
 * A second Grist server's data, for a second account (issue 19, "Several Grist accounts"): another
 * self-hosted server whose users, sites and documents have nothing to do with the sample data's.
 * Its ids are chosen to COLLIDE with the sample data's (each server numbers its own users, orgs and
 * workspaces from the same start), and so do two site domains, with other names:
 * - user ids 5 and 6 (Olivia and Victor on the first server), hence personal domains `docs-5`, `docs-6`;
 * - org ids 2, 3, 4 (Olivia's, Victor's and Ed's personal sites on the first server), and the team
 *   domain `acme` (Acme Corp, org 5, on the first server);
 * - workspace ids 2 to 5 (the Home workspaces of the first server's sites).
 * Only document ids (random, 22 characters) and API keys are unique across both servers. So a test
 * using both proves the extension tells their sites apart by address, never by id or domain alone.
 *
 * Who can do what:
 * - Edith Editor owns her personal site and the team Acme Research.
 * - Rita Reader is a viewer of Acme Research, but owns its "Lab Inventory" document, given to her
 *   directly; she also owns her personal site.
 */
const SECOND_CREATED = '2026-11-20T09:15:00.000Z';

export const SECOND_USERS = {
  edith: { ...user(5, 'Edith Editor', 'editor@example.org', 'snHVZRKFtdBhSpiVf0TKT4', '3c64f4510a5832f098ffd7954c4497fccb93e786'), createdAt: SECOND_CREATED },
  rita: { ...user(6, 'Rita Reader', 'reader@example.org', 'AAtMaQ8IA5vkgMjj2kuKBj', 'e75c8a73bcb3ae7fb718fee69bbdbad13f513cb2'), createdAt: SECOND_CREATED },
} satisfies Record<string, SeedUser>;

const { edith, rita } = SECOND_USERS;

export const SECOND_ORGS = {
  edithPersonal: { ...personalOrg(2, edith, '2026-11-20T09:15:00.412Z'), createdAt: SECOND_CREATED },
  research: teamOrg(3, 'Acme Research', 'acme', '2026-11-20T09:16:10.250Z', { [edith.id]: 'owners', [rita.id]: 'viewers' }),
  ritaPersonal: { ...personalOrg(4, rita, '2026-11-20T09:15:01.118Z'), createdAt: SECOND_CREATED },
} satisfies Record<string, SeedOrg>;

export const SECOND_WORKSPACES = {
  edithHome: workspace(2, SECOND_ORGS.edithPersonal.id, 'Home', '2026-11-20T09:15:00.530Z'),
  researchHome: workspace(3, SECOND_ORGS.research.id, 'Home', '2026-11-20T09:16:10.301Z'),
  experiments: workspace(4, SECOND_ORGS.research.id, 'Experiments', '2026-11-20T09:16:45.870Z'),
  ritaHome: workspace(5, SECOND_ORGS.ritaPersonal.id, 'Home', '2026-11-20T09:15:01.240Z'),
} satisfies Record<string, SeedWorkspace>;

export const SECOND_DOCS = {
  gardenPlan: doc('OldMQpRft1wkUinKpAF2Vm', 'Garden Plan', SECOND_WORKSPACES.edithHome.id, '2026-11-20T09:17:03.115Z'),
  trialResults: doc('VfqMc9whDAs8SKVG3jCAo3', 'Trial Results', SECOND_WORKSPACES.experiments.id, '2026-11-20T09:18:21.604Z'),
  labInventory: doc('b2h2wsDDX7gsvWVDKNXtB4', 'Lab Inventory', SECOND_WORKSPACES.experiments.id, '2026-11-20T09:19:40.377Z', {
    shares: { [rita.id]: 'owners' },
  }),
  bookClub: doc('3QQk7pVSEVeKWCO1KMSbzl', 'Book Club', SECOND_WORKSPACES.ritaHome.id, '2026-11-20T09:20:12.958Z'),
} satisfies Record<string, SeedDoc>;

/** The second server's seed: the users, sites, workspaces and documents above. */
export const secondServerSeed: Seed = {
  users: Object.values(SECOND_USERS),
  orgs: Object.values(SECOND_ORGS),
  workspaces: Object.values(SECOND_WORKSPACES),
  docs: Object.values(SECOND_DOCS),
};
