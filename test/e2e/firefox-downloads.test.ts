/**
 * Downloads in Debian's Firefox ESR, as the extension makes them (`downloads.download` with the key
 * in an `Authorization` header and a subfolder file name), through the test launcher: they land in
 * the launcher's `downloadsDir` with no dialog, and the optional `downloads` permission is refused,
 * then granted, through Firefox's own prompt (one browser: a launch costs seconds). Against a bare local server that records each request's
 * headers (the fake Grist's downloads are tested with the worker's code). The facts these check are
 * in docs/develop.md, "Downloads in Firefox".
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchFirefox, type Firefox } from './firefox/launch.ts';

/** Firefox's `browser` in the extension's pages, as far as these tests use it. */
declare const browser: {
  permissions: { request(permissions: { permissions: string[] }): Promise<boolean> };
  downloads?: {
    download(options: { url: string; filename: string; conflictAction: string; headers: { name: string; value: string }[] }): Promise<number>;
    search(query: { id: number }): Promise<{ state: string; error?: string | null; filename: string; fileSize: number }[]>;
  };
};

/** The bytes every download answers: a `.grist` file starts so. */
const BODY = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(40_000, 7)]);

let server: Server;
let serverUrl: string;
const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
let firefox: Firefox;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ path: request.url!, headers: request.headers });
    if (request.url === '/missing') {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: 'Document is deleted' }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/x-sqlite3', 'Content-Length': BODY.length });
    response.end(BODY);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  firefox = await launchFirefox({ permissionPrompt: 'ask' });
});
afterAll(async () => {
  await firefox?.close();
  await new Promise((closed) => server.close(closed));
});

/**
 * In the page: puts an "Ask" button at the top left whose click asks for the optional `downloads`
 * permission; its answer goes to `window.downloadsAnswer`.
 */
function addAskButton(): boolean {
  const button = document.createElement('button');
  button.textContent = 'Ask';
  button.style.cssText = 'position: fixed; left: 0; top: 0; z-index: 99; width: 120px; height: 40px';
  const page = window as unknown as { downloadsAnswer?: boolean | string };
  button.addEventListener('click', () => {
    browser.permissions.request({ permissions: ['downloads'] }).then(
      (granted: boolean) => (page.downloadsAnswer = granted),
      (error: unknown) => (page.downloadsAnswer = String(error)),
    );
  });
  document.body.append(button);
  return true;
}

/**
 * Opens an extension page, asks for the permission with a trusted click, answers Firefox's prompt
 * with `answer`; resolves with what `permissions.request` said.
 */
async function askForDownloads(answer: boolean): Promise<boolean | string> {
  await firefox.openPage('src/options/index.html');
  await firefox.evaluate(addAskButton);
  await firefox.click(() => [...document.querySelectorAll('button')].find((button) => button.textContent === 'Ask'));
  await firefox.answerPermissionPrompt(answer);
  // Wrapped: `waitFor` waits for a truthy value, and a refusal is `false`.
  const { answer: given } = (await firefox.waitFor('the answer', () => {
    const given = (window as unknown as { downloadsAnswer?: boolean | string }).downloadsAnswer;
    return given === undefined ? undefined : { answer: given };
  }))!;
  return given;
}

/** The end of a download as `downloads.search` has it. */
interface Ended {
  state: string;
  error: string | null;
  filename: string;
  fileSize: number;
}

/** In the page: starts a download and polls `downloads.search` until it is no longer in progress. */
async function download(url: string, filename: string, conflictAction: 'uniquify' | 'overwrite'): Promise<Ended> {
  const downloads = browser.downloads!;
  const id = await downloads.download({ url, filename, conflictAction, headers: [{ name: 'Authorization', value: 'Bearer test-key' }] });
  for (;;) {
    const [item] = await downloads.search({ id });
    if (item && item.state !== 'in_progress') return { state: item.state, error: item.error ?? null, filename: item.filename, fileSize: item.fileSize };
    await new Promise((done) => setTimeout(done, 50));
  }
}

it('refuses the permission when the user denies Firefox’s prompt, and downloads stay unavailable', async () => {
  expect(await askForDownloads(false)).toBe(false);
  expect(await firefox.evaluate(() => typeof browser.downloads)).toBe('undefined');
  expect(await readdir(firefox.downloadsDir)).toEqual([]);
});

it('once allowed, saves into the launcher folder, creating the subfolders, with the key in the header only', async () => {
  expect(await askForDownloads(true)).toBe(true);
  const folder = 'Grist backup 2026-11-29 02.30/Home site/Work space';
  const first = await firefox.evaluate(download, `${serverUrl}/doc`, `${folder}/Doc.grist`, 'uniquify');
  expect(first).toEqual({ state: 'complete', error: null, filename: join(firefox.downloadsDir, folder, 'Doc.grist'), fileSize: BODY.length });
  expect((await readFile(join(firefox.downloadsDir, folder, 'Doc.grist'))).equals(BODY)).toBe(true);
  expect(requests.at(-1)!.headers).toMatchObject({ authorization: 'Bearer test-key' });
  expect(requests.at(-1)!.headers.origin).toBeUndefined();

  // Firefox names the second of one name `Doc(1).grist`, no space before the number.
  const second = await firefox.evaluate(download, `${serverUrl}/doc`, `${folder}/Doc.grist`, 'uniquify');
  expect(second.filename).toBe(join(firefox.downloadsDir, folder, 'Doc(1).grist'));
  const replaced = await firefox.evaluate(download, `${serverUrl}/doc`, `${folder}/Doc.grist`, 'overwrite');
  expect(replaced.filename).toBe(join(firefox.downloadsDir, folder, 'Doc.grist'));

  const missing = await firefox.evaluate(download, `${serverUrl}/missing`, `${folder}/Gone.grist`, 'uniquify');
  expect(missing).toMatchObject({ state: 'interrupted', error: 'SERVER_BAD_CONTENT' });
  expect((await readdir(join(firefox.downloadsDir, folder))).sort()).toEqual(['Doc(1).grist', 'Doc.grist']);
});
