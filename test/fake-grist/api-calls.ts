/**
 * Requests to the fake Grist as the extension sends them, for the tests of its endpoints
 * (sent to the server of the test under way by fresh-fake.ts `send`): a user's Bearer key, JSON
 * bodies with their Content-Type, and the answer read back as `{status, body}`; a download's
 * answer as its status, headers and bytes.
 */
import { USERS, type SeedUser } from './sample-data.ts';
import type { FakeGrist } from './server.ts';

/** An answer: its HTTP status and its JSON body. */
export type Answer = { status: number; body: unknown };

/** Grist's error answer: `status` with `{error}`. */
export const errorAnswer = (status: number, error: string): Answer => ({ status, body: { error } });

/** How a request is sent: whose key (the owner's by default), its method, its JSON body and headers. */
export interface Call {
  user?: SeedUser;
  method?: string;
  /** Sent as JSON with its Content-Type; `contentType: null` sends it without one. */
  json?: unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** A request to `path` (under `/o/<site>`) of `grist`. */
export async function sendTo(grist: FakeGrist, path: string, { user = USERS.owner, method = 'GET', json, contentType = 'application/json', headers = {} }: Call = {}): Promise<Answer> {
  const all: Record<string, string> = { Authorization: `Bearer ${user.apiKey}`, ...headers };
  if (json !== undefined && contentType !== null) all['Content-Type'] = contentType;
  const response = await fetch(`${grist.url}${path}`, { method, headers: all, body: json === undefined ? undefined : JSON.stringify(json) });
  return { status: response.status, body: await response.json() };
}

/** A file answer: its status, headers and body bytes (an error's JSON is in `body` too). */
export type FileAnswer = { status: number; headers: Headers; body: Buffer };

/** A download from `path` (under `/o/<site>`) of `grist`, as the browser sends it: a GET with the user's Bearer key (and `headers`). */
export async function downloadFrom(grist: FakeGrist, path: string, { user = USERS.owner, headers = {} }: Pick<Call, 'user' | 'headers'> = {}): Promise<FileAnswer> {
  const response = await fetch(`${grist.url}${path}`, { headers: { Authorization: `Bearer ${user.apiKey}`, ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}
