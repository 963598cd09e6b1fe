/**
 * What a row is judged against, measured in the same run: the ideals (the same requests by bare
 * fetch() in the worker, nothing parsed, checked or sent to a page) and the naive baselines
 * (sequential requests, every document in the DOM).
 */
import { request } from 'node:https';
import type { LoadedExtension } from '../../test/e2e/extension.ts';
import { USERS } from '../../test/fake-grist/sample-data.ts';
import type { FakeGrist } from '../../test/fake-grist/server.ts';
import { heapMb } from './profiles.ts';
import { median } from './row.ts';
import { RUNS } from './settings.ts';
import { keystrokeTimes, SEARCHES } from './typing.ts';

/** The naive listing: /api/orgs, then each site's workspaces, one after the other. Out: ms. */
export async function naiveSequentialListing(grist: FakeGrist, ca: string): Promise<number> {
  const get = (host: string, path: string) =>
    new Promise<string>((done, fail) => {
      const call = request(
        { host: '127.0.0.1', port: grist.port, path, servername: host, ca, headers: { Host: host, Authorization: `Bearer ${USERS.owner.apiKey}` } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => done(body));
        },
      );
      call.on('error', fail);
      call.end();
    });
  const started = performance.now();
  const orgs = JSON.parse(await get('docs.getgrist.com', '/api/orgs')) as { domain: string; owner: unknown }[];
  for (const org of orgs) await get(org.owner ? 'docs.getgrist.com' : `${org.domain}.getgrist.com`, '/api/orgs/current/workspaces');
  return performance.now() - started;
}

/**
 * The ideal the issue names, "one /api/orgs round trip plus one round of workspace requests",
 * measured on this machine: those requests made by bare fetch() in the extension's worker (the
 * sites, then every site's workspaces at once), with nothing parsed, checked, stored or sent to a
 * page. No client can list with two round trips in less. Out: ms.
 */
export async function bareFetchListing(extension: LoadedExtension): Promise<number> {
  return extension.worker.evaluate(async (apiKey) => {
    const get = (url: string) => fetch(url, { headers: { Authorization: `Bearer ${apiKey}` }, cache: 'no-store' }).then((response) => response.text());
    const started = performance.now();
    const orgs = JSON.parse(await get('https://docs.getgrist.com/api/orgs')) as { domain: string; owner: unknown }[];
    await Promise.all(orgs.map((org) => get(`https://${org.owner ? 'docs' : org.domain}.getgrist.com/api/orgs/current/workspaces`)));
    return performance.now() - started;
  }, USERS.owner.apiKey);
}

/** The naive popup: every document in the DOM at once, filtered by hiding rows. */
export async function naivePopup(extension: LoadedExtension, names: string[]) {
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 380, height: 560 });
  const started = Date.now();
  await page.setContent('<input id="q"><ul id="list"></ul>');
  const renderMs = await page.evaluate((all) => {
    const t0 = performance.now();
    const list = document.getElementById('list')!;
    for (const name of all) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.textContent = name;
      link.href = '#';
      const rename = document.createElement('button');
      rename.textContent = 'Rename';
      item.append(link, ' owner ', rename);
      list.append(item);
    }
    const input = document.getElementById('q') as HTMLInputElement;
    input.addEventListener('input', () => {
      const query = input.value.toLowerCase();
      for (const item of list.children) (item as HTMLElement).hidden = !item.textContent!.toLowerCase().includes(query);
    });
    list.getBoundingClientRect();
    return performance.now() - t0;
  }, names);
  void started;
  // The first query only: the naive list takes seconds per keystroke at 20,000 documents.
  const keystrokes = await keystrokeTimes(page, '#q', SEARCHES.slice(0, 1));
  const domSize = await page.evaluate(() => document.querySelectorAll('*').length);
  const heap = await heapMb(page);
  await page.close();
  return { renderMs, keystrokes, domSize, heap };
}

/** One frame at 60 Hz, in ms. */
export const FRAME_MS = 1000 / 60;

/**
 * The ideal of a view drawn from one request: `request` (one the view sent) by bare fetch() in the
 * worker, nothing checked or sent to a page (median of RUNS), plus one frame (FRAME_MS). In ms.
 */
export async function oneRoundTrip(extension: LoadedExtension, request: { host: string; path: string } | undefined): Promise<number> {
  return (await bareRoundTrip(extension, request)) + FRAME_MS;
}

/**
 * One round trip to the fake: `request` (a GET) by bare fetch() in the worker, its body read,
 * nothing checked or sent to a page; the median of RUNS, in ms.
 */
export async function bareRoundTrip(extension: LoadedExtension, request: { host: string; path: string } | undefined): Promise<number> {
  const url = request ? `https://${request.host}${request.path}` : '';
  const bare = await extension.worker.evaluate(
    async ([apiKey, url, runs]) => {
      const rounds: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` }, cache: 'no-store' }).then((response) => response.text());
        rounds.push(performance.now() - started);
      }
      return rounds;
    },
    [USERS.owner.apiKey, url, RUNS] as const,
  );
  return median(bare);
}

/**
 * The floor of reading every site at once, for reference beside a view's first site drawn:
 * `requests` (the ones the view sent) by bare fetch() in the worker, all at once, nothing checked or
 * sent to a page, from the first sent to the first answer in (median of RUNS). The ideal is one
 * request alone; this is what the network stack and the fake Grist give the first of 201 sent
 * together (2026-11-28: 415 to 1,040 ms, cold or warm, where one alone took 35 to 71).
 */
export async function firstOfAllAtOnce(extension: LoadedExtension, requests: ReadonlyArray<{ host: string; path: string }>): Promise<number> {
  const urls = requests.map(({ host, path }) => `https://${host}${path}`);
  const firsts = await extension.worker.evaluate(
    async ([apiKey, urls, runs]) => {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        let first = 0;
        await Promise.all(
          urls.map((url) =>
            fetch(url, { headers: { Authorization: `Bearer ${apiKey}` }, cache: 'no-store' }).then((response) => {
              first ||= performance.now() - started;
              return response.text();
            }),
          ),
        );
        times.push(first);
      }
      return times;
    },
    [USERS.owner.apiKey, urls, RUNS] as const,
  );
  return median(firsts);
}
