/**
 * The security rules in a real Chromium with the built extension and the fake Grist server:
 * the Origin rule touches only the extension's own requests; web pages cannot reach the
 * extension; the key never reaches a page; a strict content security policy; corrupt stored data
 * never breaks a page. Each test would fail if the protection it names were removed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOCS, USERS } from '../fake-grist/sample-data.ts';
import { DIST } from './extension.ts';
import { useGristAndExtension } from './fixtures.ts';
import { headings, OPTIONS_PAGE, openPopup, POPUP_PAGE, saveOptions } from './user-actions.ts';

/** The parts of `chrome` these tests use, in the worker or a page (tsconfig-globals.d.ts declares fewer). */
interface SecurityChrome {
  runtime?: { sendMessage(extensionId: string, message: unknown): Promise<unknown> };
  declarativeNetRequest: { getDynamicRules(): Promise<unknown[]>; getSessionRules(): Promise<unknown[]> };
  storage: Record<'local' | 'sync' | 'session', { get(keys: null): Promise<Record<string, unknown>>; clear(): Promise<void>; set(items: object): Promise<void> }>;
}
/** For evaluate callbacks, which run in the browser and so cannot call helpers of this file. */
type WithChrome = { chrome?: SecurityChrome };

const setup = useGristAndExtension(() => ({ mode: 'org-in-path' }));
const KEY = USERS.owner.apiKey;

async function distManifest(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(DIST, 'manifest.json'), 'utf8')) as Record<string, unknown>;
}

/** Saves the owner's key with the fake's personal site, as a user would. */
async function connect(): Promise<Page> {
  return saveOptions(setup.extension, { apiKey: KEY, personalSiteUrl: `${setup.grist.url}/o/docs` });
}

/** A web page at `http://localhost:<port>`: the fake's host under another name, so another origin than the API's `127.0.0.1`. */
async function openWebPage(): Promise<{ page: Page; origin: string }> {
  const origin = `http://localhost:${setup.grist.port}`;
  const page = await setup.extension.context.newPage();
  await page.goto(`${origin}/some/page`);
  await page.waitForLoadState('load');
  return { page, origin };
}

/** The API calls the fake received (a browser also asks it for `/favicon.ico`). */
const apiRequests = () => setup.grist.requests.filter((request) => request.path.includes('/api/'));

/** Opens an extension page, recording its uncaught errors from the first script on. */
async function openWatched(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await setup.extension.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`chrome-extension://${setup.extension.id}/${path}`);
  return { page, errors };
}

describe('the Origin rule (docs/grist-api.md, "The Origin trap")', () => {
  it('is installed for the extension’s own requests to the configured hosts only', async () => {
    await connect();
    const rules = await setup.extension.worker.evaluate(async () => ({
      dynamic: await (globalThis as unknown as WithChrome).chrome?.declarativeNetRequest.getDynamicRules(),
      session: await (globalThis as unknown as WithChrome).chrome?.declarativeNetRequest.getSessionRules(),
    }));
    expect(rules).toEqual({
      dynamic: [
        {
          id: 1,
          priority: 1,
          action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
          condition: { initiatorDomains: [setup.extension.id], requestDomains: ['127.0.0.1'], resourceTypes: ['xmlhttprequest'] },
        },
      ],
      session: [],
    });
  });

  it('removes Origin from the extension’s rename, while a web page’s requests to the same host keep theirs', async () => {
    const { grist } = setup;
    await connect();
    const popup = await openPopup(setup.extension);
    const { page, origin } = await openWebPage();
    grist.clearRequests();

    // A page may send simple requests to any host; the answers are hidden from it by CORS, but the
    // requests arrive. None of them may lose its Origin: Grist relies on it to refuse credentials.
    const outcomes = await page.evaluate(async (api) => {
      const inits: RequestInit[] = [
        { method: 'POST', body: '{"name":"x"}', headers: { 'Content-Type': 'text/plain' } },
        { mode: 'cors' },
        { method: 'PATCH', body: '{"name":"x"}', headers: { 'Content-Type': 'application/json' } }, // preflighted
      ];
      const outcomes: string[] = [];
      for (const init of inits) {
        outcomes.push(await fetch(`${api}/api/orgs`, init).then((r) => `answered ${r.status}`, () => 'blocked by CORS'));
      }
      return outcomes;
    }, grist.url);
    expect(outcomes).toEqual(['blocked by CORS', 'blocked by CORS', 'blocked by CORS']);
    const fromPage = grist.requests.filter((request) => request.path === '/api/orgs');
    expect(fromPage.map((request) => [request.method, request.origin])).toEqual([
      ['POST', origin],
      ['GET', origin],
      ['OPTIONS', origin],
    ]);

    await popup.getByRole('button', { name: 'Rename Reading List' }).click();
    await popup.getByRole('textbox', { name: 'New name for Reading List' }).fill('Books');
    await popup.keyboard.press('Enter');
    await expect.poll(() => grist.doc(DOCS.readingList.id)?.name).toBe('Books');
    const patches = grist.requests.filter((request) => request.method === 'PATCH');
    expect(patches).toEqual([expect.objectContaining({ path: `/o/docs/api/docs/${DOCS.readingList.id}`, origin: undefined, hasAuthorization: true })]);
    await Promise.all([page.close(), popup.close()]);
  });
});

describe('web pages cannot reach the extension', () => {
  it('the manifest lets no web page message the extension or load its files', async () => {
    const manifest = await distManifest();
    expect(manifest).not.toHaveProperty('externally_connectable');
    expect(manifest).not.toHaveProperty('web_accessible_resources');
    expect(manifest).not.toHaveProperty('content_scripts');
  });

  it('a web page has no way to send the extension a message, and nothing reaches Grist', async () => {
    const { grist, extension } = setup;
    await connect();
    const { page } = await openWebPage();
    grist.clearRequests();
    const outcome = await page.evaluate(async (id) => {
      const runtime = (globalThis as unknown as WithChrome).chrome?.runtime;
      if (!runtime?.sendMessage) return 'no runtime.sendMessage';
      try {
        return `answered ${JSON.stringify(await runtime.sendMessage(id, { type: 'refreshListing', request: null }))}`;
      } catch {
        return 'refused';
      }
    }, extension.id);
    // Chromium gives web pages `chrome.runtime` only for extensions whose externally_connectable names them.
    expect(outcome).toBe('no runtime.sendMessage');
    await page.waitForTimeout(300);
    expect(apiRequests()).toEqual([]);
    await page.close();
  });

  it('a web page cannot load the popup or the options page in a frame', async () => {
    const { grist, extension } = setup;
    await connect();
    const { page } = await openWebPage();
    grist.clearRequests();
    await page.evaluate(
      ([id, paths]) => {
        for (const path of paths) {
          const frame = document.createElement('iframe');
          frame.src = `chrome-extension://${id}/${path}`;
          document.body.append(frame);
        }
      },
      [extension.id, [POPUP_PAGE, OPTIONS_PAGE]] as const,
    );
    await expect.poll(() => page.frames().length).toBe(3);
    await page.waitForTimeout(1000); // a popup that loaded would have asked Grist for the listing by now
    expect(page.frames().filter((frame) => frame.url().startsWith('chrome-extension://'))).toEqual([]);
    expect(apiRequests()).toEqual([]);
    await page.close();
  });
});

describe('the key never reaches a page', () => {
  /** Everything a page holds that a script in it could read or leak. */
  const pageContents = (page: Page) =>
    page.evaluate(() => ({
      html: document.documentElement.outerHTML,
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookie: document.cookie,
      name: window.name,
    }));

  it('pages show only that a key is saved; storage holds it only under `apiKey`, never in sync storage', async () => {
    const { grist, extension } = setup;
    const saved = await connect();
    expect(await saved.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    await saved.getByText('A key is saved.').waitFor();

    const popup = await openPopup(extension);
    await popup.getByRole('link', { name: 'Open Bug Tracker' }).waitFor();
    const options = await extension.openPage(OPTIONS_PAGE);
    await options.getByText('A key is saved.').waitFor();
    const documentWindow = await extension.openPage(`src/document-window/index.html?url=${encodeURIComponent(`${grist.url}/o/acme/doc/${DOCS.bugTracker.urlId}`)}`);
    await documentWindow.getByRole('textbox', { name: 'New name' }).waitFor();

    for (const page of [saved, popup, options, documentWindow]) {
      const contents = await pageContents(page);
      expect(contents.html.length, page.url()).toBeGreaterThan(500);
      expect(JSON.stringify(contents), page.url()).not.toContain(KEY);
      for (const field of await page.locator('input, textarea').all()) expect(await field.inputValue(), page.url()).not.toContain(KEY);
    }

    const stored = await extension.worker.evaluate(async () => ({
      local: await (globalThis as unknown as WithChrome).chrome?.storage.local.get(null),
      sync: await (globalThis as unknown as WithChrome).chrome?.storage.sync.get(null),
      session: await (globalThis as unknown as WithChrome).chrome?.storage.session.get(null),
    }));
    expect(Object.values((stored.local?.apiKeys ?? {}) as Record<string, string>)).toEqual([KEY]);
    const holders = Object.entries(stored.local ?? {}).filter(([, value]) => JSON.stringify(value).includes(KEY));
    expect(holders.map(([name]) => name)).toEqual(['apiKeys']);
    expect(stored.sync).toEqual({});
    expect(JSON.stringify(stored.session)).not.toContain(KEY);
    await Promise.all([saved, popup, options, documentWindow].map((page) => page.close()));
  });
});

describe('a strict content security policy', () => {
  it('the built manifest allows only the extension’s own scripts and no plugins', async () => {
    const csp = (await distManifest()).content_security_policy as { extension_pages?: string } | undefined;
    const directives = new Map(
      (csp?.extension_pages ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
  });

  it('in the popup, injected inline script, event handler, string timer and javascript: URL do not run', async () => {
    const { page: popup } = await openWatched(POPUP_PAGE);
    await popup.getByRole('status').waitFor();
    const result = await popup.evaluate(async () => {
      const ran: string[] = [];
      const blocked: string[] = [];
      Object.assign(window, { ran: (what: string) => ran.push(what) });
      document.addEventListener('securitypolicyviolation', (event) => blocked.push(event.effectiveDirective));
      const script = document.createElement('script');
      script.textContent = 'ran("inline script")';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="data:," onerror="ran(\'event handler\')">';
      document.body.append(holder);
      (setTimeout as unknown as (code: string, ms: number) => void)('ran("string timer")', 0);
      const link = document.createElement('a');
      link.href = 'javascript:ran("javascript: URL")';
      document.body.append(link);
      link.click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ran, blocked: [...new Set(blocked)].sort() };
    });
    expect(result.ran).toEqual([]);
    // Blocked by the policy, not by accident.
    expect(result.blocked).toEqual(expect.arrayContaining(['script-src-attr', 'script-src-elem']));
    await popup.close();
  });
});

describe('corrupt or old stored data never breaks a page', () => {
  const personal = () => `${setup.grist.url}/o/docs`;
  const cases: Array<{ name: string; items: () => Record<string, unknown>; personalSiteUrl: () => string; hasKey: boolean | 'not confirmed' }> = [
    {
      name: 'accounts as a string, a listing of the wrong shape, schema version 0, keys of the wrong type',
      items: () => ({ accounts: personal(), listing: { fetchedAt: 'yesterday', sites: 'all' }, schemaVersion: 0, apiKeys: 42 }),
      personalSiteUrl: () => 'https://docs.getgrist.com',
      hasKey: false,
    },
    {
      name: 'an account with fields of the wrong types, a listing as text, a schema version as text, an empty key',
      items: () => ({
        accounts: [{ id: 'a1', settings: { personalSiteUrl: [personal()], teamSiteUrls: 'x' }, hosts: { confirmed: [], listed: [] }, user: null }],
        listing: '[]',
        schemaVersion: 'one',
        apiKeys: { a1: '' },
        unknownItem: { a: 1 },
      }),
      personalSiteUrl: () => 'https://docs.getgrist.com',
      hasKey: false,
    },
    {
      name: 'a valid account and key, a listing whose sites have the wrong shapes, schema version 999',
      items: () => ({
        accounts: [{ id: 'a1', settings: { personalSiteUrl: personal(), teamSiteUrls: [] }, hosts: { confirmed: [setup.grist.url], listed: [] }, user: null }],
        apiKeys: { a1: KEY },
        listing: { fetchedAt: 1, sites: [{ orgId: 'x', workspaces: null }, 5, null, { orgId: 2, name: 'Old', siteUrl: 7, workspaces: [{ documents: {} }] }] },
        schemaVersion: 999,
      }),
      personalSiteUrl: personal,
      hasKey: true,
    },
    {
      name: 'a valid account and key with no record of where the key may go',
      items: () => ({ accounts: [{ id: 'a1', settings: { personalSiteUrl: personal(), teamSiteUrls: [] }, hosts: { confirmed: [], listed: [] }, user: null }], apiKeys: { a1: KEY } }),
      personalSiteUrl: personal,
      hasKey: 'not confirmed',
    },
    {
      name: 'an account whose key hosts have the wrong shape: the account does not read back, and its key goes nowhere',
      items: () => ({ accounts: [{ id: 'a1', settings: { personalSiteUrl: personal(), teamSiteUrls: [] }, hosts: { confirmed: 'all' }, user: null }], apiKeys: { a1: KEY } }),
      personalSiteUrl: () => 'https://docs.getgrist.com',
      hasKey: false,
    },
  ];

  it.each(cases)('$name', async ({ items, personalSiteUrl, hasKey }) => {
    const { extension } = setup;
    await extension.worker.evaluate(async (data) => {
      await (globalThis as unknown as WithChrome).chrome?.storage.local.clear();
      await (globalThis as unknown as WithChrome).chrome?.storage.local.set(data);
    }, items());

    const options = await openWatched(OPTIONS_PAGE);
    await expect.poll(() => options.page.getByLabel('Personal site URL').inputValue()).toBe(personalSiteUrl());
    expect(await options.page.getByText('A key is saved.').count()).toBe(hasKey ? 1 : 0);

    const popup = await openWatched(POPUP_PAGE);
    if (hasKey === 'not confirmed') {
      // The key is not sent where nothing says it may go; the popup says what to do.
      await popup.page.getByText(`Use the saved key for 127.0.0.1:${setup.grist.port}`, { exact: false }).first().waitFor();
    } else if (hasKey) {
      await expect.poll(() => headings(popup.page, 2)).toEqual(['Personal', 'Acme Corp', 'Globex Inc']);
    } else {
      await popup.page.getByText('Connect your Grist account').waitFor();
    }
    expect([...options.errors, ...popup.errors]).toEqual([]);
    await Promise.all([options.page.close(), popup.page.close()]);
  });
});
