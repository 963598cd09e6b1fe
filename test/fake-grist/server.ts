/**
 * A fake Grist server for tests: the endpoints the extension uses, answering as
 * `docs/grist-api.md` says a real Grist server (grist-core 1.7.17) does, with its state in memory
 * so tests can check what was stored. Listens on 127.0.0.1 only. Each server has its own state (data,
 * request log, faults, keys), so several can run at once, e.g. one per account (see two-servers.ts).
 *
 * Each request goes: record it -> injected fault, if any -> Origin check -> which org the address
 * selects -> API key -> route.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { accessApi, type AccessTarget } from './access.ts';
import { downloadRoutes, FileAnswer, type DownloadOptions } from './downloads.ts';
import { pageRoutes, type PageSpec, type PagesRefusal } from './pages.ts';
import { workspaceTrashRoutes } from './workspace-trash.ts';
import { GristError } from './grist-error.ts';
import { ANONYMOUS, HomeDatabase, randomDocId, type Caller } from './home-database.ts';
import { sampleSeed, type Seed, type SeedDoc, type SeedOrg, type SeedPage, type SeedUser, type SeedWorkspace } from './sample-data.ts';

export interface FakeGristOptions {
  /** How sites are addressed (docs/grist-api.md "Sites and their addresses"). */
  mode: 'per-team' | 'org-in-path' | 'single-org';
  /** per-team: the personal site is host `docs.<baseDomain>`, a team `<domain>.<baseDomain>`. Default `getgrist.com`. */
  baseDomain?: string;
  /** single-org: the domain of the one org (GRIST_SINGLE_ORG). */
  singleOrgDomain?: string;
  /** Serve https with this key and certificate (see tls.ts). */
  tls?: { key: string; cert: string };
  /** Default: the sample data. */
  seed?: Seed;
  /** Default 0: a free port. */
  port?: number;
  /** How downloads and exports behave: file size, time to prepare, pace (downloads.ts); changed later with `setDownloadOptions`. */
  downloads?: DownloadOptions;
}

export interface RecordedRequest {
  method: string;
  /** The Host header. */
  host: string;
  /** Path and query as received, `/o/<domain>` prefix included. */
  path: string;
  origin: string | undefined;
  contentType: string | undefined;
  /** Whether an Authorization header came, whatever its scheme. */
  hasAuthorization: boolean;
  /**
   * The API key as received: the token of an `Authorization: Bearer <key>` header (possibly empty
   * or not a key at all), or null when no Authorization header came or its scheme is not `Bearer`.
   * Kept although it is a key because these are test keys: the tests need it to prove that no request
   * ever carries one account's key to another account's server.
   */
  apiKey: string | null;
  ifNoneMatch: string | undefined;
  body: string;
  /** The status answered and the bytes of body sent, once the answer is sent. */
  answer?: { status: number; bodyBytes: number };
  /** When the answer was sent: `performance.now()` of the process running the fake (the bench times a run to its last answer). */
  answeredAt?: number;
  /** When the request was in (its body read), before any fault's delay: `performance.now()` as `answeredAt` (the bench splits a download's time at it). */
  receivedAt: number;
}

/** A misbehaviour of the network or of a proxy in front of Grist, injected for matching requests. */
export interface Fault {
  /** Only this method; default any. */
  method?: string;
  /**
   * A string must equal the whole path (no query) or the path after any `/o/<domain>` prefix;
   * a RegExp is tested on both.
   */
  path: string | RegExp;
  /** Wait this long, then answer as told below, or normally. */
  delayMs?: number;
  /** Answer with this status and `body` (default empty) instead of Grist's answer. */
  status?: number;
  body?: string;
  /** Content-Type of that answer; default none. */
  contentType?: string;
  /** More headers of that answer, e.g. `Retry-After` or a redirect's `Location`. */
  headers?: Record<string, string>;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Never answer (until clearFaults, which drops the connection). */
  hang?: boolean;
  /** Do what the request asks (a rename is stored), then destroy the socket: the answer is lost. */
  loseAnswer?: boolean;
  /**
   * Do what the request asks, then answer this status with an empty body instead of Grist's answer:
   * a proxy's 502 after Grist did it (grist-core issue 2083). Unlike a destroyed socket, which
   * Chromium may answer by sending the request again on a new connection, the browser takes it as
   * the answer.
   */
  statusAfterWork?: number;
  /** Work the answer out at once, then wait this long before sending it (an answer slow to arrive). */
  holdAnswerMs?: number;
  /**
   * A download or export (downloads.ts) sends its headers and this many bytes of its body, then the
   * connection drops: an interrupted download (Chromium: `NETWORK_FAILED`). No effect on JSON answers.
   */
  cutBodyAfterBytes?: number;
  /** How many matching requests it applies to; default until cleared. */
  times?: number;
  /**
   * How long (ms) it applies from the first request it applied to, as a rate limit's window does
   * (Grist answers 429 for a while, not for a count of requests); with `times`, whichever ends first.
   */
  forMs?: number;
}

export type StoredDoc = SeedDoc;

export interface FakeGrist {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  port: number;
  /** Stops listening and destroys open sockets, hanging ones included; again is a no-op. */
  close(): Promise<void>;
  /** In: a document id or urlId. Out: a copy of what is stored now, or undefined. */
  doc(idOrUrlId: string): StoredDoc | undefined;
  /** In: a workspace id. Out: a copy of what is stored now, or undefined. */
  workspace(id: number): SeedWorkspace | undefined;
  /** In: an org id. Out: a copy of what is stored now (its members), or undefined. */
  org(id: number): SeedOrg | undefined;
  /** In: an email, any case. Out: a copy of the stored user (guests created by a share included), or undefined. */
  user(email: string): SeedUser | undefined;
  /** In: a workspace id. Out: copies of the documents stored in it now, but those in the trash: what Grist lists there. */
  docsIn(workspaceId: number): StoredDoc[];
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Forgets the requests and the in-flight counts (downloads' too). */
  clearRequests(): void;
  /** The most requests with this Host header that were being handled at once (since the last clear). */
  mostInFlight(host: string): number;
  /** In: a document id or urlId. Out: the most `.grist` downloads of it under way at once, from request to last byte (since the last clear). */
  mostDownloadsAtOnce(idOrUrlId: string): number;
  /** Changes some of the download options (FakeGristOptions `downloads`); the others stay. */
  setDownloadOptions(options: DownloadOptions): void;
  /** In: a document id or urlId. Out: copies of its pages in Grist's order (by pagePos), or undefined for an unknown document (pages.ts). */
  pages(idOrUrlId: string): SeedPage[] | undefined;
  /** Replaces a document's pages with these, in this order (positions 1, 2, …; viewRef default: position). */
  setPages(idOrUrlId: string, pages: readonly PageSpec[]): void;
  /** Removes a document's page of this view, and the view: its address `/p/<viewRef>` is gone. */
  removePage(idOrUrlId: string, viewRef: number): void;
  /** Moves a document's page of this view to `position` (1 = first), its viewRef kept; `indentation` changes its nesting too. */
  movePage(idOrUrlId: string, viewRef: number, position: number, indentation?: number): void;
  /** Makes a document's access rules refuse every caller the pages' `sql` read (`sql`), the metadata tables too (`both`), or neither (`none`). */
  refusePages(idOrUrlId: string, refusal: PagesRefusal): void;
  injectFault(fault: Fault): void;
  clearFaults(): void;
  /** Removes the user's API key: requests with it get 401 at once. */
  revokeKey(userId: number): void;
  /** Out: a new API key for the user; the old one stops working ("Create again replaces it"). */
  rotateKey(userId: number): string;
}

/** What the fake serves for any page outside `/api/`, where Grist serves its web app. */
const PAGE = '<!doctype html><meta charset="utf-8"><title>Grist</title><p>A Grist page (fake).</p>';

/** Grist reads JSON bodies with express.json({limit: '1mb'}): bigger ones get 413. */
const JSON_BODY_LIMIT = 1024 * 1024;

export interface ApiRequest {
  caller: Caller;
  /** The org domain the address selects (`docs` = the caller's personal site), or null for none. */
  selected: string | null;
  contentType: string | undefined;
  body: Buffer;
  /** The query string's parameters. */
  query: URLSearchParams;
}

/** Splits `/o/<domain>/rest` into the domain (lowercase, as Grist compares it) and `/rest`. */
function splitOrgPrefix(pathname: string): { orgFromPath: string | null; path: string } {
  const match = /^\/o\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match?.[1]) return { orgFromPath: null, path: pathname };
  return { orgFromPath: match[1].toLowerCase(), path: match[2] ?? '/' };
}

/**
 * The key of an Authorization header, split on spaces as Grist does: the word after `Bearer`
 * (`''` when none), or null when there is no header or another scheme (lowercase `bearer` too).
 */
function bearerKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const [kind, key = ''] = header.split(' ');
  return kind === 'Bearer' ? key : null;
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Answers JSON with a weak ETag (Express's form: length and SHA-1 of the body), as Grist does;
 * a GET whose If-None-Match holds that ETag gets 304 without a body.
 */
function sendJson(request: http.IncomingMessage, response: http.ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  const length = Buffer.byteLength(text);
  const etag = `W/"${length.toString(16)}-${createHash('sha1').update(text).digest('base64').slice(0, 27)}"`;
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
  if (request.method === 'GET' && status === 200 && known.includes(etag)) {
    response.writeHead(304, { ETag: etag }).end();
    return;
  }
  response
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': length, ETag: etag })
    .end(text);
}

/** Whether a request's body is JSON by its Content-Type, as express.json() decides. */
function isJson({ contentType }: ApiRequest): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);
}

/**
 * Reads a PATCH body the way Grist's express.json() does (docs/grist-api.md "Renaming").
 * Out: the properties sent; `{}` when the Content-Type is not JSON (the body is then ignored) or the body is empty.
 */
function parseJsonBody(request: ApiRequest): Record<string, unknown> {
  const { body } = request;
  if (!isJson(request)) return {};
  if (body.length > JSON_BODY_LIMIT) throw new GristError(413, 'request entity too large');
  const text = body.toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GristError(400, (error as Error).message);
  }
  // Strict mode: only an object or array may stand at the top level.
  if (typeof value !== 'object' || value === null) {
    throw new GristError(400, `Unexpected token ${text[0]} in JSON at position 0`);
  }
  return value as Record<string, unknown>;
}

/** Starts a fake Grist server on 127.0.0.1. Out: its address and handles to inspect and disturb it. */
export async function startFakeGrist(options: FakeGristOptions): Promise<FakeGrist> {
  const { mode, baseDomain = 'getgrist.com', singleOrgDomain, tls } = options;
  if (mode === 'single-org' && !singleOrgDomain) throw new Error('single-org mode needs singleOrgDomain');
  const scheme = tls ? 'https' : 'http';
  const database = new HomeDatabase(options.seed ?? sampleSeed);
  const requests: RecordedRequest[] = [];
  const inFlight = new Map<string, number>();
  const hanging = new Set<Socket>();
  const mostInFlight = new Map<string, number>();
  let faults: Array<{ fault: Fault; remaining: number; until?: number }> = [];

  /** The org domain the Host header selects, or null: per-team subdomains and custom hosts, the single org. */
  function orgFromHost(host: string): string | null {
    if (mode === 'single-org') return singleOrgDomain ?? null;
    if (mode === 'org-in-path') return null;
    const hostname = host.replace(/:\d+$/, '').toLowerCase();
    const subdomain = hostname.endsWith(`.${baseDomain}`) ? hostname.slice(0, -baseDomain.length - 1) : null;
    if (subdomain && !subdomain.includes('.')) return subdomain;
    return database.orgByHost(hostname)?.domain ?? null;
  }

  /** The server's own origin is `<scheme>://<Host>`; on getgrist.com every site's pages are https subdomains of the base. */
  function isOwnOrigin(origin: string, host: string): boolean {
    if (origin.toLowerCase() === `${scheme}://${host}`.toLowerCase()) return true;
    if (mode !== 'per-team') return false;
    try {
      const url = new URL(origin);
      return url.origin === origin && url.protocol === 'https:' && url.hostname.endsWith(`.${baseDomain}`);
    } catch {
      return false; // `null` and other non-URLs are foreign.
    }
  }

  /** docs/grist-api.md "Authentication": no header is the anonymous user; Grist splits the header on spaces. */
  function authenticate(header: string | undefined): Caller {
    if (!header) return ANONYMOUS;
    const key = bearerKey(header);
    if (key === null) throw new GristError(401, "Bad request: unsupported Authorization scheme, expected 'Bearer'");
    // A key this server never made (another server's included) is answered as any bad key.
    const user = key ? database.accounts.byKey(key) : undefined;
    if (!user) throw new GristError(401, 'Bad request: invalid API key');
    return user;
  }

  function requireOrg(ref: string, request: ApiRequest): SeedOrg {
    let org: SeedOrg | undefined;
    if (ref === 'current') {
      if (request.selected === null) throw new GristError(400, 'No organization chosen');
      org = database.orgByDomain(request.selected, request.caller);
    } else {
      org = /^\d+$/.test(ref) ? database.orgById(Number(ref)) : database.orgByDomain(ref, request.caller);
    }
    if (!org) throw new GristError(404, 'organization not found');
    if (!database.orgAccess(org, request.caller)) throw new GristError(403, 'access denied');
    return org;
  }

  /**
   * A document is found only through an address of its own site, or one that selects no site; one
   * in the trash only for `inTrash` requests (restore, delete): for the rest it is not found
   * (docs/grist-api.md "Remove to trash").
   */
  function requireDoc(ref: string, request: ApiRequest, inTrash = false): SeedDoc {
    const doc = database.findDoc(ref);
    const selectedOrg = request.selected === null ? undefined : database.orgByDomain(request.selected, request.caller);
    if (!doc || (database.isRemoved(doc) && !inTrash) || (request.selected !== null && selectedOrg?.id !== database.orgOf(doc).id)) {
      throw new GristError(404, 'document not found');
    }
    if (!database.docAccess(doc, request.caller)) throw new GristError(403, 'access denied');
    return doc;
  }

  /** docs/grist-api.md "Renaming": owners only; falsy names are ignored; other values are stored as strings. */
  function renameDoc(ref: string, request: ApiRequest): string {
    const properties = parseJsonBody(request);
    const doc = requireDoc(ref, request);
    if (database.docAccess(doc, request.caller) !== 'owners') throw new GristError(403, 'access denied');
    const unknown = Object.keys(properties).find((key) => key !== 'name');
    if (unknown !== undefined) throw new GristError(400, `unrecognized property ${unknown}`);
    if (properties.name) database.rename(doc, String(properties.name));
    return doc.id;
  }

  /**
   * A workspace the caller can see, by id. The site in the address is not checked: Grist renames a
   * workspace of team X through team Y's address too (docs/grist-api.md "Renaming a workspace").
   */
  function requireWorkspace(ref: string, request: ApiRequest, inTrash = false): SeedWorkspace {
    const workspace = /^\d+$/.test(ref) ? database.findWorkspace(Number(ref)) : undefined;
    if (!workspace || (workspace.removedAt !== undefined && !inTrash) || !database.workspaceRole(workspace, request.caller)) throw new GristError(404, 'workspace not found');
    return workspace;
  }

  /** docs/grist-api.md "Renaming a workspace": owners only; the same silent no-ops as documents. Out: the id, a number. */
  function renameWorkspace(ref: string, request: ApiRequest): number {
    const properties = parseJsonBody(request);
    const workspace = requireWorkspace(ref, request);
    if (database.workspaceRole(workspace, request.caller) !== 'owners') throw new GristError(403, 'access denied');
    const unknown = Object.keys(properties).find((key) => key !== 'name');
    if (unknown !== undefined) throw new GristError(400, `unrecognized property ${unknown}`);
    if (properties.name) database.renameWorkspace(workspace, String(properties.name));
    return workspace.id;
  }

  /**
   * docs/grist-api.md "Moving a document": `{"workspace": <id>}` (a numeric string too) as JSON, sent
   * through the document's own site. The caller must own the document and be an owner or editor
   * of the destination workspace; across sites the destination's plan may refuse it. Out: the
   * document id, a JSON string.
   */
  function moveDoc(ref: string, request: ApiRequest): string {
    const properties = parseJsonBody(request);
    const doc = requireDoc(ref, request);
    const raw = properties.workspace;
    const workspaceId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(workspaceId)) throw new GristError(400, `workspace parameter cannot be understood as an integer: ${String(raw)}`);
    const destination = database.findWorkspace(workspaceId);
    if (!destination || !database.workspaceRole(destination, request.caller)) throw new GristError(404, 'workspace not found');
    if (database.docAccess(doc, request.caller) !== 'owners') throw new GristError(403, 'access denied');
    const role = database.workspaceRole(destination, request.caller);
    if (role !== 'owners' && role !== 'editors') throw new GristError(403, 'access denied');
    if (destination.id === doc.workspaceId) throw new GristError(400, 'Bad request: doc is already in destination workspace');
    const to = database.orgOfWorkspace(destination);
    if (to.id !== database.orgOf(doc).id) checkRoomForAnotherDoc(to, doc);
    database.moveDoc(doc, destination);
    return doc.id;
  }

  /**
   * What a site's plan refuses a document coming in (Grist's `_checkRoomForAnotherDoc`, docs/grist-api.md
   * "Moving a document"): anything while read-only, past its document limit, and a moved `doc`
   * shared with too many users outside the site.
   */
  function checkRoomForAnotherDoc(to: SeedOrg, doc?: SeedDoc): void {
    const plan = to.plan ?? {};
    if (plan.readonly === 'billing') throw new GristError(429, 'Site is in readonly mode due to billing issues');
    if (plan.readonly === 'yes') throw new GristError(402, 'Site is in readonly mode');
    if (plan.maxDocs !== undefined && database.countDocs(to) >= plan.maxDocs) {
      throw new GristError(403, 'No more documents permitted', { limit: plan.maxDocs });
    }
    if (doc && plan.maxExternalShares !== undefined && database.externalShares(doc, to) > plan.maxExternalShares) {
      throw new GristError(403, 'Too many external document shares');
    }
  }

  /** A workspace the caller may add documents to (owners or editors), by id: 404 when unknown or unseen, 403 otherwise. */
  function requireWritableWorkspace(workspaceId: number, request: ApiRequest): SeedWorkspace {
    const workspace = Number.isInteger(workspaceId) ? database.findWorkspace(workspaceId) : undefined;
    const role = workspace && database.workspaceRole(workspace, request.caller);
    if (!workspace || !role) throw new GristError(404, 'workspace not found');
    if (role !== 'owners' && role !== 'editors') throw new GristError(403, 'access denied');
    return workspace;
  }

  /** docs/grist-api.md "Remove to trash": owners only; an editor gets "access denied", a viewer "No write access". */
  function removeDoc(ref: string, request: ApiRequest): null {
    const doc = requireDoc(ref, request);
    const role = database.docAccess(doc, request.caller);
    if (role === 'viewers') throw new GristError(403, 'No write access');
    if (role !== 'owners') throw new GristError(403, 'access denied');
    database.setRemoved(doc, true);
    return null;
  }

  /** docs/grist-api.md "Restore" and "Delete forever": owners only, of a document in the trash or not. */
  function restoreOrDelete(action: 'restore' | 'delete') {
    return (ref: string, request: ApiRequest): null => {
      const doc = requireDoc(ref, request, true);
      if (database.docAccess(doc, request.caller) !== 'owners') throw new GristError(403, 'access denied');
      if (action === 'restore') database.setRemoved(doc, false);
      else database.deleteDoc(doc);
      return null;
    };
  }

  /** docs/grist-api.md "Pin / unpin": owners and editors; a viewer gets 403. Out: null. */
  function pinDoc(pinned: boolean) {
    return (ref: string, request: ApiRequest): null => {
      const doc = requireDoc(ref, request);
      const role = database.docAccess(doc, request.caller);
      if (role !== 'owners' && role !== 'editors') throw new GristError(403, 'access denied');
      database.setPinned(doc, pinned);
      return null;
    };
  }

  /**
   * docs/grist-api.md "Copy": `{"workspaceId", "documentName", "asTemplate"}` as JSON; read access to the
   * source, write access to the destination (any site of this server), whose plan may refuse it.
   * The trap: without the JSON Content-Type Grist answers 200 with an unsaved `new~` document id and
   * stores nothing. Out: the new document's id. A missing documentName is answered 400 (assumed: the
   * page does not say).
   */
  function copyDoc(ref: string, request: ApiRequest): string {
    const doc = requireDoc(ref, request);
    if (!isJson(request)) return `new~${randomDocId()}~${request.caller.id}`;
    const properties = parseJsonBody(request);
    const destination = requireWritableWorkspace(Number(properties.workspaceId), request);
    if (typeof properties.documentName !== 'string' || !properties.documentName) throw new GristError(400, 'Bad request: documentName required');
    checkRoomForAnotherDoc(database.orgOfWorkspace(destination));
    return database.addDoc(destination, properties.documentName, request.caller, { docId: doc.id, asTemplate: properties.asTemplate === true }).id;
  }

  /** docs/grist-api.md "New document": `{"name"}` as JSON (without it: 400 "name required"), by owners and editors of the workspace. Out: its id. */
  function newDoc(ref: string, request: ApiRequest): string {
    const properties = parseJsonBody(request);
    const workspace = requireWritableWorkspace(/^\d+$/.test(ref) ? Number(ref) : NaN, request);
    if (typeof properties.name !== 'string' || !properties.name) throw new GristError(400, 'Bad request: name required');
    checkRoomForAnotherDoc(database.orgOfWorkspace(workspace));
    return database.addDoc(workspace, properties.name, request.caller).id;
  }

  const access = accessApi(database);
  /**
   * docs/grist-api.md "Access": each resource's access, found as its other endpoints find it (a document
   * only on its own site), but in the trash too: Grist still answers the access of a document in
   * its trash (issue 48, seen on a real server; one deleted for good answers 404). A workspace in
   * the trash is assumed to answer alike (not checked on a real server).
   */
  const accessTargets: Array<[kind: string, find: (id: string, request: ApiRequest) => AccessTarget]> = [
    ['docs', (id, request) => ({ kind: 'doc', doc: requireDoc(id, request, true) })],
    ['workspaces', (id, request) => ({ kind: 'workspace', workspace: requireWorkspace(id, request, true) })],
    ['orgs', (id, request) => ({ kind: 'org', org: requireOrg(id, request) })],
  ];
  const accessRoutes = accessTargets.flatMap(([kind, find]): typeof routes => [
    ['GET', new RegExp(`^/api/${kind}/([^/]+)/access$`), (id, request) => access.read(find(id, request), request.caller)],
    ['PATCH', new RegExp(`^/api/${kind}/([^/]+)/access$`), (id, request) => access.change(find(id, request), request.caller, parseJsonBody(request))],
  ]);

  const routes: Array<[method: string, path: RegExp, handler: (id: string, request: ApiRequest) => unknown]> = [
    ['GET', /^\/api\/orgs$/, (_, request) => database.orgsJson(request.caller)],
    ['GET', /^\/api\/orgs\/([^/]+)$/, (id, request) => database.orgJson(requireOrg(id, request), request.caller)],
    ['GET', /^\/api\/orgs\/([^/]+)\/workspaces$/, (id, request) => {
      const org = requireOrg(id, request);
      // `docs` is Grist's merged personal site: the workspaces of every personal site the caller can
      // reach, theirs and others' (grist-core test/gen-server/mergedOrgs.ts). Its trash is assumed alike.
      const merged = id === 'docs' || (id === 'current' && request.selected === 'docs');
      return (merged ? database.mergedWorkspacesJson : database.workspacesJson).call(database, org, request.caller, request.query.get('showRemoved') === '1');
    }],
    ['GET', /^\/api\/docs\/([^/]+)$/, (id, request) => database.docJson(requireDoc(id, request), request.caller)],
    ['PATCH', /^\/api\/docs\/([^/]+)$/, renameDoc],
    ['PATCH', /^\/api\/docs\/([^/]+)\/move$/, moveDoc],
    ['POST', /^\/api\/docs\/([^/]+)\/remove$/, removeDoc],
    ['POST', /^\/api\/docs\/([^/]+)\/unremove$/, restoreOrDelete('restore')],
    ['DELETE', /^\/api\/docs\/([^/]+)$/, restoreOrDelete('delete')],
    ['PATCH', /^\/api\/docs\/([^/]+)\/pin$/, pinDoc(true)],
    ['PATCH', /^\/api\/docs\/([^/]+)\/unpin$/, pinDoc(false)],
    ['POST', /^\/api\/docs\/([^/]+)\/copy$/, copyDoc],
    ['POST', /^\/api\/workspaces\/([^/]+)\/docs$/, newDoc],
    ['GET', /^\/api\/workspaces\/([^/]+)$/, (id, request) => database.workspaceJson(requireWorkspace(id, request), request.caller)],
    ['PATCH', /^\/api\/workspaces\/([^/]+)$/, renameWorkspace],
    ['GET', /^\/api\/profile\/user$/, (_, request) => database.profileJson(request.caller)],
  ];
  const downloads = downloadRoutes(database, { requireDoc }, options.downloads);
  const pages = pageRoutes(database, { requireDoc });
  routes.push(...accessRoutes, ...workspaceTrashRoutes(database, { requireOrg, requireWorkspace, parseJsonBody }), ...downloads.routes, ...pages.routes);

  /** Grist's answer to a request. Out: the JSON value for a 200 (or its promise), or a file to send (FileAnswer); errors are thrown as GristError. */
  function answer(request: http.IncomingMessage, orgFromPath: string | null, path: string, query: URLSearchParams, body: Buffer): unknown {
    const { origin, authorization, host = '' } = request.headers;
    // The Origin trap (docs/grist-api.md "The Origin trap"): a key with a foreign Origin is refused before anything else.
    if (authorization && origin !== undefined && !isOwnOrigin(origin, host)) {
      throw new GristError(403, 'Credentials not supported for cross-origin requests');
    }
    const hostOrg = orgFromHost(host);
    if (orgFromPath && hostOrg && orgFromPath !== hostOrg) {
      throw new GristError(400, `Wrong org for this domain: '${orgFromPath}' does not match '${hostOrg}'`);
    }
    const apiRequest: ApiRequest = {
      caller: authenticate(authorization),
      selected: orgFromPath ?? hostOrg,
      contentType: request.headers['content-type'],
      body,
      query,
    };
    for (const [method, pattern, handler] of routes) {
      const match = pattern.exec(path);
      if (match && request.method === method) return handler(decodeURIComponent(match[1] ?? ''), apiRequest);
    }
    throw new GristError(404, `not found: ${path}`);
  }

  /** Takes the first fault that matches, counting down its `times`; one whose `forMs` is over goes first. */
  function takeFault(method: string, paths: string[]): Fault | undefined {
    const now = performance.now();
    faults = faults.filter(({ until }) => until === undefined || now <= until);
    const entry = faults.find(
      ({ fault }) =>
        (!fault.method || fault.method.toUpperCase() === method) &&
        paths.some((path) => (typeof fault.path === 'string' ? path === fault.path : fault.path.test(path))),
    );
    if (!entry) return undefined;
    if (entry.fault.forMs !== undefined) entry.until ??= now + entry.fault.forMs;
    entry.remaining -= 1;
    if (entry.remaining <= 0) faults = faults.filter((other) => other !== entry);
    return entry.fault;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const target = request.url ?? '/';
    const { headers } = request;
    const record: RecordedRequest = {
      method,
      host: headers.host ?? '',
      path: target,
      origin: headers.origin,
      contentType: headers['content-type'],
      hasAuthorization: headers.authorization !== undefined,
      apiKey: bearerKey(headers.authorization),
      ifNoneMatch: headers['if-none-match'],
      body: body.toString('utf8'),
      receivedAt: performance.now(),
    };
    requests.push(record);
    const host = record.host;
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    mostInFlight.set(host, Math.max(mostInFlight.get(host) ?? 0, inFlight.get(host) ?? 0));
    let bodyBytes = 0;
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    const count = (chunk: unknown) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) bodyBytes += Buffer.byteLength(chunk);
    };
    response.write = ((chunk: unknown, ...rest: never[]) => (count(chunk), write(chunk as never, ...rest))) as typeof response.write;
    response.end = ((chunk?: unknown, ...rest: never[]) => (count(chunk), end(chunk as never, ...rest))) as typeof response.end;
    const settle = () => {
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
      if (response.headersSent) {
        record.answer = { status: response.statusCode, bodyBytes };
        record.answeredAt = performance.now();
      }
    };
    response.once('close', settle);
    const pathname = target.split('?')[0] ?? '/';
    const { orgFromPath, path } = splitOrgPrefix(pathname);

    const fault = takeFault(method, [pathname, path]);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.drop) {
      request.socket.destroy();
      return;
    }
    if (fault?.hang) {
      hanging.add(request.socket);
      return;
    }
    if (fault?.status !== undefined) {
      const headers = { ...(fault.contentType ? { 'Content-Type': fault.contentType } : {}), ...fault.headers };
      response.writeHead(fault.status, headers).end(fault.body ?? '');
      return;
    }

    if (method === 'GET' && !path.startsWith('/api/')) {
      // Grist's web app answers every other page; a bare page is enough for tabs to show its URL.
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }

    try {
      const value: unknown = await answer(request, orgFromPath, path, new URLSearchParams(target.split('?')[1] ?? ''), body);
      if (fault?.loseAnswer) {
        request.socket.destroy();
        return;
      }
      if (fault?.statusAfterWork !== undefined) {
        response.writeHead(fault.statusAfterWork).end();
        return;
      }
      if (fault?.holdAnswerMs) await new Promise((resolve) => setTimeout(resolve, fault.holdAnswerMs));
      if (value instanceof FileAnswer) await value.send(response, fault?.cutBodyAfterBytes);
      else sendJson(request, response, 200, value);
    } catch (error) {
      if (!(error instanceof GristError)) throw error;
      sendJson(request, response, error.status, { error: error.message, ...(error.details ? { details: error.details } : {}) });
    }
  }

  const listener = (request: http.IncomingMessage, response: http.ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(request, response, 500, { error: String(error) });
    });
  };
  const server = tls ? https.createServer(tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    close: async () => {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await closed;
    },
    doc: (idOrUrlId) => {
      const doc = database.findDoc(idOrUrlId);
      return doc && structuredClone(doc);
    },
    workspace(id) {
      const workspace = database.findWorkspace(id);
      return workspace && structuredClone(workspace);
    },
    org(id) {
      const org = database.orgById(id);
      return org && structuredClone(org);
    },
    user(email) {
      const user = database.accounts.byEmail(email);
      return user && structuredClone(user);
    },
    docsIn(workspaceId) {
      const workspace = database.findWorkspace(workspaceId);
      return workspace ? structuredClone(database.docsIn(workspace)) : [];
    },
    requests,
    clearRequests: () => {
      requests.length = 0;
      mostInFlight.clear();
      downloads.clear();
    },
    mostInFlight: (host) => mostInFlight.get(host) ?? 0,
    mostDownloadsAtOnce: downloads.mostAtOnce,
    setDownloadOptions: downloads.setOptions,
    pages: pages.pages,
    setPages: pages.setPages,
    removePage: pages.removePage,
    movePage: pages.movePage,
    refusePages: pages.refusePages,
    injectFault: (fault) => {
      faults.push({ fault, remaining: fault.times ?? Infinity });
    },
    clearFaults: () => {
      faults = [];
      // Requests left hanging by a fault end now, as a dropped connection: a client's retry or a
      // later test then gets a normal answer instead of waiting out its timeout.
      for (const socket of hanging) socket.destroy();
      hanging.clear();
    },
    revokeKey: (userId) => database.accounts.revokeKey(userId),
    rotateKey: (userId) => database.accounts.rotateKey(userId),
  };
}
