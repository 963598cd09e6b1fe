/**
 * The fake Grist server and the in-memory `browser` as the worker's unit tests set them up: one
 * `useWorkerGrist()` in a test file starts a fresh server (org in path) before each of its tests
 * and closes it after, and `grist` is always the server of the test under way (a live binding).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, expect, vi, type Mock } from 'vitest';
import { ApiError } from '../../src/background/grist/api-error.ts';
import { refreshListing } from '../../src/background/listing/listing-service.ts';
import { accountsItem } from '../../src/shared/storage/storage-items.ts';
import { USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { ACCOUNT_1, saveAccounts, saveSettingsWithKey } from './saved-key.ts';

/** The server of the test under way. */
export let grist: FakeGrist;
/** `permissions.contains`: every host permission granted, unless a test says otherwise. */
export let granted: Mock<() => Promise<boolean>>;
/** `declarativeNetRequest.updateDynamicRules`, which answers at once. */
export let updateDynamicRules: Mock<() => Promise<undefined>>;

/**
 * Before each test of the calling file: a fresh server, host permissions granted, the Origin rule's
 * and the context menus' browser calls stubbed; then, as asked, account 1 saved with Olivia's key
 * (`signedIn`, with `teamSiteUrls`) and a first listing made (`listed`). After each: globals a test
 * stubbed are restored and the server is closed.
 */
export function useWorkerGrist({ signedIn = true, listed = false, teamSiteUrls = [] as string[] } = {}): void {
  beforeEach(async () => {
    grist = await startFakeGrist({ mode: 'org-in-path' });
    granted = vi.fn(async () => true);
    updateDynamicRules = vi.fn(async () => undefined);
    fakeBrowser.permissions.contains = granted as never;
    fakeBrowser.declarativeNetRequest.updateDynamicRules = updateDynamicRules as never;
    Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
    if (signedIn) await configure(USERS.owner.apiKey, teamSiteUrls);
    if (listed) await refreshListing();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await grist.close();
  });
}

/**
 * Saves account 1 on the server's personal site `${grist.url}/o/docs` with `teamSiteUrls`: with
 * `apiKey`, or (null) without a key, as an account whose key was removed.
 */
export async function configure(apiKey: string | null = USERS.owner.apiKey, teamSiteUrls: string[] = []): Promise<void> {
  if (apiKey) await saveSettingsWithKey({ personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls }, apiKey);
  else await accountsItem.set([{ id: ACCOUNT_1, settings: { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls }, hosts: { confirmed: [], listed: [] }, user: null }]);
}

/** The PATCH requests the server received since it started or was last cleared. */
export const patches = () => grist.requests.filter((request) => request.method === 'PATCH');

/** How many `method` requests to exactly `path` the server received. */
export const calls = (method: string, path: string) => grist.requests.filter((request) => request.method === method && request.path === path).length;

/** The ApiError `promise` rejects with; the test fails if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Renames a document of Acme Corp in Grist itself, as someone would on Grist's own page. */
export async function renameInGrist(docId: string, name: string): Promise<void> {
  const response = await fetch(`${grist.url}/o/acme/api/docs/${docId}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
}

/** Moves a document to the trash in Grist itself (through `site`'s address), as someone would on Grist's own page. */
export async function removeInGrist(docId: string, site = 'acme'): Promise<void> {
  const response = await fetch(`${grist.url}/o/${site}/api/docs/${docId}/remove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
  expect(response.status).toBe(200);
}

/**
 * Makes a document named `name` in workspace `workspaceId` of `site` in Grist itself, as someone
 * would on Grist's own page (behind the worker's listing). Out: its id.
 */
export async function createInGrist(site: string, workspaceId: number, name: string): Promise<string> {
  const response = await fetch(`${grist.url}/o/${site}/api/workspaces/${workspaceId}/docs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${USERS.owner.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as string;
}

/** Waits until `server` (default: the test's) received a `method` request whose path `path` matches (at most 2 s). */
export async function whenRequested(method: string, path: RegExp, server: FakeGrist = grist): Promise<void> {
  await vi.waitFor(() => expect(server.requests.some((request) => request.method === method && path.test(request.path))).toBe(true), { timeout: 2000, interval: 5 });
}

/**
 * Olivia's account (its user known) as account 1, then Ed's key as account 2 with no connection
 * check run for it (its user null), both on the test's server; listed, the requests so far cleared.
 */
export async function savedWithUncheckedEditor(): Promise<void> {
  const settings = { personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls: [] };
  await saveAccounts([
    { id: ACCOUNT_1, settings, apiKey: USERS.owner.apiKey, user: { name: USERS.owner.name, email: USERS.owner.email } },
    { id: 'account-2', settings, apiKey: USERS.editor.apiKey },
  ]);
  await refreshListing();
  grist.clearRequests();
}
