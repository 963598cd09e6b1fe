/**
 * Several Grist accounts at once (issue 19), in Chromium against two fake Grist servers: a work
 * account on one server and a client's account on another, then two users of one server. Each
 * account's sites are listed under its own heading; a rename in each sends exactly one PATCH with
 * that account's key; no request ever carries a key to a server of the other account; Remove
 * account leaves the other account working; a document both users see is renamed, and restored
 * from the trash, with its owner's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS, SECOND_DOCS, SECOND_USERS, USERS } from '../fake-grist/sample-data.ts';
import type { FakeGrist } from '../fake-grist/server.ts';
import { startTwoServers, type TwoServers } from '../fake-grist/two-servers.ts';
import { loadExtension, type LoadedExtension } from './extension.ts';
import { accountGroup, headings, openPopup, saveAccountsInOptions, screenshotSchemes, chooseInTitleMenu } from './user-actions.ts';

let servers: TwoServers;
let extension: LoadedExtension;

beforeAll(async () => {
  servers = await startTwoServers();
  extension = await loadExtension();
});
afterAll(async () => {
  await extension?.close();
  await servers?.close();
});

/**
 * The account headings' text without the isolation marks around a user's name and email (the
 * popup isolates them so a right-to-left name keeps to its place).
 */
const accountHeadings = async (popup: Parameters<typeof headings>[0]) => (await headings(popup, 2)).map((text) => text.replace(/[\u2066-\u2069]/g, ''));

/** The keys a server received, each once (null: a request without one). */
const keysAt = (server: FakeGrist) => [...new Set(server.requests.map((request) => request.apiKey))];
const patchesAt = (server: FakeGrist) => server.requests.filter((request) => request.method === 'PATCH');

describe('two accounts on two servers', () => {
  it('are saved together, each group named after its user and server once checked', async () => {
    const { first, second } = servers;
    const options = await saveAccountsInOptions(extension, [
      { apiKey: USERS.owner.apiKey, personalSiteUrl: `${first.url}/o/docs` },
      { apiKey: SECOND_USERS.edith.apiKey, personalSiteUrl: `${second.url}/o/docs` },
    ]);
    await expect.poll(() => accountGroup(options, 1).locator('legend').textContent()).toBe(`Olivia Owner (owner@example.com) — 127.0.0.1:${first.port}`);
    await expect.poll(() => accountGroup(options, 2).locator('legend').textContent()).toBe(`Edith Editor (editor@example.org) — 127.0.0.1:${second.port}`);
    // Both groups from the top, as a user sees the page after Save.
    await options.evaluate(() => window.scrollTo(0, 0));
    await screenshotSchemes(options, 'options-two-accounts', { width: 800, height: 1500 });
    await options.close();
  });

  it('the popup lists both under their own headings, and a rename in each sends one PATCH with that account’s key', async () => {
    const { first, second } = servers;
    const popup = await openPopup(extension);
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    await popup.getByRole('link', { name: 'Open Trial Results' }).waitFor();
    // Each account's sites under its heading; the sites one level below.
    expect(await accountHeadings(popup)).toEqual([`Olivia Owner (owner@example.com) — 127.0.0.1:${first.port}`, `Edith Editor (editor@example.org) — 127.0.0.1:${second.port}`]);
    expect(await headings(popup, 3)).toEqual(['Personal', 'Acme Corp', 'Globex Inc', 'Personal', 'Acme Research']);
    // A search that finds documents of both accounts shows both headings in one screen.
    await popup.getByRole('searchbox').fill('plan');
    await popup.getByRole('link', { name: 'Open Garden Plan' }).waitFor();
    await screenshotSchemes(popup, 'popup-two-accounts', { width: 400, height: 600 });
    await popup.getByRole('searchbox').fill('');
    first.clearRequests();
    second.clearRequests();

    for (const [name, renamed] of [
      ['Bug Tracker', 'Bugs'],
      ['Trial Results', 'Trial Results 2027'],
    ] as const) {
      await popup.getByRole('button', { name: `Rename ${name}` }).click();
      const field = popup.getByRole('textbox', { name: `New name for ${name}` });
      await field.fill(renamed);
      await field.press('Enter');
      await popup.getByRole('link', { name: `Open ${renamed}` }).waitFor();
    }
    await expect.poll(() => first.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    await expect.poll(() => second.doc(SECOND_DOCS.trialResults.id)?.name).toBe('Trial Results 2027');
    expect(patchesAt(first).map((request) => [request.path.replace(/^\/o\/[^/]+/, ''), request.apiKey])).toEqual([[`/api/docs/${DOCS.bugTracker.id}`, USERS.owner.apiKey]]);
    expect(patchesAt(second).map((request) => [request.path.replace(/^\/o\/[^/]+/, ''), request.apiKey])).toEqual([[`/api/docs/${SECOND_DOCS.trialResults.id}`, SECOND_USERS.edith.apiKey]]);
    await popup.close();
  });

  it('search finds documents of both accounts', async () => {
    const popup = await openPopup(extension);
    await popup.getByRole('searchbox').fill('2027');
    await popup.getByRole('link', { name: 'Open Trial Results 2027' }).waitFor();
    expect(await popup.getByRole('link', { name: /^Open / }).allTextContents()).toEqual(['Trial Results 2027']);
    await popup.close();
  });

  it('no request ever carried a key to the other account’s server', () => {
    const { first, second } = servers;
    expect(keysAt(first).filter((key) => key !== null)).toEqual([USERS.owner.apiKey]);
    expect(keysAt(second).filter((key) => key !== null)).toEqual([SECOND_USERS.edith.apiKey]);
  });

  it('Remove account forgets the client’s account; the work account goes on working', async () => {
    const { first, second } = servers;
    const options = await extension.openPage('src/options/index.html');
    await accountGroup(options, 2).getByRole('button', { name: 'Remove account' }).click();
    await expect.poll(() => options.locator('fieldset.account').count()).toBe(1);
    await options.close();
    second.clearRequests();
    const popup = await openPopup(extension);
    await popup.getByRole('link', { name: 'Open Bugs' }).waitFor();
    expect(await popup.getByRole('link', { name: 'Open Trial Results 2027' }).count()).toBe(0);
    // One account again: no account heading, the popup as it always was.
    expect(await headings(popup, 2)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
    expect(second.requests).toEqual([]);
    const stored = await extension.worker.evaluate(async () => chrome.storage.local.get(['accounts', 'apiKeys']));
    expect(JSON.stringify(stored)).not.toContain(SECOND_USERS.edith.apiKey);
    expect(JSON.stringify(stored)).not.toContain(`127.0.0.1:${second.port}`);
    await popup.getByRole('button', { name: 'Rename Bugs' }).click();
    await popup.getByRole('textbox', { name: 'New name for Bugs' }).fill('Bug Tracker');
    await popup.getByRole('textbox', { name: 'New name for Bugs' }).press('Enter');
    await expect.poll(() => first.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    await popup.close();
  });
});

describe('two users of one server', () => {
  it('each is listed under its own heading; the document both see is renamed with the owner’s key', async () => {
    const { first } = servers;
    const options = await saveAccountsInOptions(extension, [
      { apiKey: USERS.editor.apiKey, personalSiteUrl: `${first.url}/o/docs` },
      { apiKey: USERS.owner.apiKey, personalSiteUrl: `${first.url}/o/docs` },
    ]);
    await options.close();
    const popup = await openPopup(extension);
    await expect
      .poll(() => accountHeadings(popup))
      .toEqual([`Ed Editor (editor@example.com) — 127.0.0.1:${first.port}`, `Olivia Owner (owner@example.com) — 127.0.0.1:${first.port}`]);
    // Both see Acme's Bug Tracker, each under their own heading; only Olivia owns it.
    await expect.poll(() => popup.getByRole('link', { name: 'Open Bug Tracker' }).count()).toBe(2);
    expect(await popup.getByRole('button', { name: 'Rename Bug Tracker' }).count()).toBe(1);
    first.clearRequests();
    await popup.getByRole('button', { name: 'Rename Bug Tracker' }).click();
    await popup.getByRole('textbox', { name: 'New name for Bug Tracker' }).fill('Bugs');
    await popup.getByRole('textbox', { name: 'New name for Bug Tracker' }).press('Enter');
    await expect.poll(() => first.doc(DOCS.bugTracker.id)?.name).toBe('Bugs');
    expect(patchesAt(first).map((request) => request.apiKey)).toEqual([USERS.owner.apiKey]);
    // Grist's name is the same for both users: both rows show it.
    await expect.poll(() => popup.getByRole('link', { name: 'Open Bugs' }).count()).toBe(2);
    await popup.close();
  });

  it('Restore in the Trash view restores with the owner’s key, though the first account, an editor’s, lists the document in its trash too (issue 41)', async () => {
    const { first } = servers;
    // Removed in Grist by its owner: both users' trash of Acme list it (docs/grist-api.md "Trash listing").
    const removed = await fetch(`${first.url}/o/acme/api/docs/${DOCS.roadmap.id}/remove`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.owner.apiKey}` } });
    expect(removed.status).toBe(200);
    const popup = await openPopup(extension);
    await chooseInTitleMenu(popup, 'Trash');
    await expect.poll(() => popup.locator('.trash-name > bdi').allTextContents()).toEqual(['Roadmap 2026', 'Roadmap 2026']);
    // Only the owner's row offers it.
    expect(await popup.getByRole('button', { name: 'Restore Roadmap 2026' }).count()).toBe(1);
    first.clearRequests();
    await popup.getByRole('button', { name: 'Restore Roadmap 2026' }).click();
    await popup.getByRole('status').getByText('Restored “\u2068Roadmap 2026\u2069” to Acme Corp › Engineering.').waitFor();
    expect(first.requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.apiKey])).toEqual([[`/o/acme/api/docs/${DOCS.roadmap.id}/unremove`, USERS.owner.apiKey]]);
    expect(first.doc(DOCS.roadmap.id)?.removedAt).toBeUndefined();
    await popup.close();
  });
});
