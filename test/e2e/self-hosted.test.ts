/**
 * The whole extension in Chromium against a self-hosted style (org-in-path) fake Grist server:
 * options, listing, rename as owner, and what editors, viewers and a wrong key see.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCS, ORGS, USERS } from '../fake-grist/sample-data.ts';
import { startFakeGrist, type FakeGrist } from '../fake-grist/server.ts';
import { loadExtension, type LoadedExtension } from './extension.ts';
import { accountStatus, headings, openPopup, saveOptions } from './user-actions.ts';

let grist: FakeGrist;
let extension: LoadedExtension;

// A fresh server per test: each test asserts what the server stored.
beforeEach(async () => {
  grist = await startFakeGrist({ mode: 'org-in-path' });
});
afterEach(async () => {
  await extension?.close();
  await grist.close();
});

async function start(apiKey: string, teamSiteUrls: string[] = []) {
  extension = await loadExtension();
  await saveOptions(extension, { apiKey, personalSiteUrl: `${grist.url}/o/docs`, teamSiteUrls });
}

const patches = () => grist.requests.filter((request) => request.method === 'PATCH');

describe('as the owner', () => {
  it('Test connection says who the key belongs to and how many sites it reaches', async () => {
    await start(USERS.owner.apiKey);
    const options = await extension.openPage('src/options/index.html');
    await options.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => accountStatus(options).textContent())
      .toBe('Connected as Olivia Owner (owner@example.com): 3 sites.');
  });

  it('lists every site, workspace and document, newest first with pinned on top', async () => {
    await start(USERS.owner.apiKey);
    const popup = await openPopup(extension);
    expect(await headings(popup, 2)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
    const acme = popup.getByRole('region', { name: 'Acme Corp' });
    // Acme's Home workspace is empty, and listed all the same (its New document reaches it).
    expect(await acme.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Engineering', 'Home', 'Marketing']);
    const engineering = acme.getByRole('listitem').filter({ has: popup.getByRole('link') });
    expect(await engineering.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual([
      'Open Roadmap 2026', // pinned
      'Open Bug Tracker',
      'Open Leads', // Marketing: newest first
      'Open Campaign Plan',
    ]);
    const link = popup.getByRole('link', { name: 'Open Bug Tracker' });
    expect(await link.getAttribute('href')).toBe(`${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    // Each site was listed at its own address: the personal site as configured, teams as /o/<domain>.
    const listed = grist.requests.filter((request) => request.path.endsWith('/api/orgs/current/workspaces')).map((r) => r.path);
    expect(listed.sort()).toEqual(['/o/acme/api/orgs/current/workspaces', '/o/docs/api/orgs/current/workspaces', '/o/globex/api/orgs/current/workspaces']);
  });

  it('renames a document: one JSON PATCH without Origin, the row and the server both have the new name', async () => {
    await start(USERS.owner.apiKey);
    const popup = await openPopup(extension);
    await popup.getByRole('button', { name: 'Rename Bug Tracker' }).click();
    const field = popup.getByRole('textbox', { name: 'New name for Bug Tracker' });
    expect(await field.inputValue()).toBe('Bug Tracker');
    await field.fill('  Bug Tracker 2027 ');
    await field.press('Enter');
    await popup.getByRole('link', { name: 'Open Bug Tracker 2027' }).waitFor();
    await expect.poll(() => grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker 2027');
    expect(patches()).toHaveLength(1);
    expect(patches()[0]).toMatchObject({
      path: `/o/acme/api/docs/${DOCS.bugTracker.id}`,
      contentType: 'application/json',
      origin: undefined,
      hasAuthorization: true,
      body: '{"name":"Bug Tracker 2027"}',
    });
    // The cached listing has the new name: the next popup shows it before any refresh.
    grist.injectFault({ path: /workspaces$/, hang: true });
    const again = await extension.openPage('src/popup/index.html');
    await again.getByRole('link', { name: 'Open Bug Tracker 2027' }).waitFor();
  });

  it('shows a name made of HTML as text, without running or rendering it', async () => {
    const hostile = '<img src=x onerror="document.title=\'pwned\'"><b>bold</b>';
    await start(USERS.owner.apiKey);
    const popup = await openPopup(extension);
    await popup.getByRole('button', { name: 'Rename Campaign Plan' }).click();
    await popup.getByRole('textbox', { name: 'New name for Campaign Plan' }).fill(hostile);
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.doc(DOCS.campaignPlan.id)?.name).toBe(hostile);
    // A fresh popup renders the name from the server's listing.
    const again = await openPopup(extension);
    await again.getByRole('link', { name: `Open ${hostile}` }).waitFor();
    expect(await again.locator('ul img, ul b').count()).toBe(0);
    expect(await again.title()).not.toBe('pwned');
  });

  it('needs the Origin rule: without it Grist refuses the rename as cross-origin and nothing is stored', async () => {
    await start(USERS.owner.apiKey);
    const popup = await openPopup(extension);
    await extension.worker.evaluate(() => chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: [1] }));
    await popup.getByRole('button', { name: 'Rename Reading List' }).click();
    await popup.getByRole('textbox', { name: 'New name for Reading List' }).fill('Books');
    await popup.keyboard.press('Enter');
    await expect.poll(() => popup.getByRole('alert').textContent()).toMatch(/refused the extension’s request as cross-origin/);
    expect(await popup.getByRole('textbox', { name: 'New name for Reading List' }).inputValue()).toBe('Books');
    expect(patches()[0]?.origin).toBe(`chrome-extension://${extension.id}`);
    expect(grist.doc(DOCS.readingList.id)?.name).toBe('Reading List');
  });

  it('shows a failing site’s error in its own section while the others list', async () => {
    await start(USERS.owner.apiKey);
    grist.injectFault({ path: '/o/globex/api/orgs/current/workspaces', status: 503, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const popup = await openPopup(extension);
    const globex = popup.getByRole('region', { name: 'Globex Inc' });
    await globex.getByText(/had a problem \(HTTP 503\)/).waitFor();
    expect(await popup.getByRole('link', { name: 'Open Roadmap 2026' }).count()).toBe(1);
  });

  it('uses a configured team site URL instead of deriving one', async () => {
    const teamUrl = `${grist.url.replace('127.0.0.1', 'localhost')}/o/globex`;
    await start(USERS.owner.apiKey, [teamUrl]);
    const popup = await openPopup(extension);
    const link = popup.getByRole('link', { name: 'Open Project Alpha' });
    expect(await link.getAttribute('href')).toBe(`${teamUrl}/doc/${DOCS.projectAlpha.urlId}`);
    expect(grist.requests.some((r) => r.host.startsWith('localhost:') && r.path === '/o/globex/api/orgs/current/workspaces')).toBe(true);
  });
});

describe('other roles and keys', () => {
  it('a viewer sees the team’s documents with no Rename button', async () => {
    await start(USERS.viewer.apiKey);
    const popup = await openPopup(extension);
    const acme = popup.getByRole('region', { name: 'Acme Corp' });
    await acme.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    expect(await acme.getByRole('button', { name: /^Rename / }).count()).toBe(0);
    expect(await acme.getByText('viewer', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('an editor may rename only what they own, and a forced rename of another document is refused with a clear message', async () => {
    await start(USERS.editor.apiKey);
    const popup = await openPopup(extension);
    const acme = popup.getByRole('region', { name: 'Acme Corp' });
    expect(await acme.getByRole('button', { name: /^Rename / }).allTextContents()).toHaveLength(1);
    await acme.getByRole('button', { name: 'Rename Leads' }).waitFor();
    const reply = await popup.evaluate(
      ([orgId, docId]) => chrome.runtime.sendMessage({ type: 'renameDocument', request: { orgId, docId, name: 'Hijacked' } }),
      [ORGS.acme.id, DOCS.bugTracker.id] as const,
    );
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'forbidden', status: 403, message: 'Only owners can rename a document in Grist, and you are not an owner of “Bug Tracker”.' },
    });
    expect(grist.doc(DOCS.bugTracker.id)?.name).toBe('Bug Tracker');
    expect(patches()).toHaveLength(1);
  });

  it('a wrong key shows the key error and the way to the options', async () => {
    await start('0'.repeat(40));
    const popup = await openPopup(extension);
    await popup.getByText(/Grist refused the API key/).waitFor();
    await popup.getByRole('button', { name: 'Open options' }).waitFor();
    expect(await headings(popup, 2)).toEqual([]);
  });

  it('with no key, the popup asks to connect and opens the options', async () => {
    extension = await loadExtension();
    const popup = await openPopup(extension);
    await popup.getByText('Connect your Grist account').waitFor();
    const optionsTab = extension.context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Open options' }).click();
    expect((await optionsTab).url()).toBe(`chrome-extension://${extension.id}/src/options/index.html`);
    expect(grist.requests).toHaveLength(0);
  });
});
