/**
 * `npm run bench`: opens the built popup in Chromium against the fake Grist server and measures,
 * from the popup's navigation start, when the first document is on screen (cached listing) and
 * when the fresh listing has replaced it. Also reports the gzip size of each page's JavaScript.
 * Timings are printed, never asserted: benchmarks are not tests.
 * Options (environment): TEAMS and DOCS_PER_TEAM (default 2 x 10), LATENCY_MS per request (default 0), RUNS (default 5).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateSeed, USERS } from '../test/fake-grist/sample-data.ts';
import { startFakeGrist } from '../test/fake-grist/server.ts';
import { DIST, loadExtension } from '../test/e2e/extension.ts';
import { POPUP_PAGE, saveOptions } from '../test/e2e/user-actions.ts';

const teams = Number(process.env.TEAMS ?? 2);
const docsPerTeam = Number(process.env.DOCS_PER_TEAM ?? 10);
const latencyMs = Number(process.env.LATENCY_MS ?? 0);
const runs = Number(process.env.RUNS ?? 5);

/** Runs in the popup before its own scripts: notes when the list first shows and when the fresh one lands. */
function recordMilestones() {
  const marks: Record<string, number> = {};
  (window as unknown as { milestones: Record<string, number> }).milestones = marks;
  new MutationObserver(() => {
    if (marks.listShown === undefined && document.querySelector('a[aria-label^="Open "]')) marks.listShown = performance.now();
    if (marks.freshShown === undefined && document.body?.textContent?.includes('Listing updated')) marks.freshShown = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function bundleSizes(): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const page of ['popup', 'options']) {
    const html = await readFile(join(DIST, 'src', page, 'index.html'), 'utf8');
    // The page's module script and the chunks it preloads.
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
    let total = 0;
    for (const script of scripts) total += gzipSync(await readFile(join(DIST, script))).length;
    sizes[page] = total;
  }
  const worker = (await readdir(join(DIST, 'assets'))).find((file) => file.startsWith('index.ts-'));
  if (worker) sizes.worker = gzipSync(await readFile(join(DIST, 'assets', worker))).length;
  return sizes;
}

const grist = await startFakeGrist({ mode: 'org-in-path', seed: generateSeed({ teams, docsPerTeam }) });
if (latencyMs > 0) grist.injectFault({ path: /^\/.*/, delayMs: latencyMs });
const extension = await loadExtension();
try {
  await extension.context.addInitScript(recordMilestones);
  await saveOptions(extension, { apiKey: USERS.owner.apiKey, personalSiteUrl: `${grist.url}/o/docs` });
  const cached: number[] = [];
  const fresh: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const page = await extension.openPage(POPUP_PAGE);
    await page.waitForFunction(() => (window as unknown as { milestones: { freshShown?: number } }).milestones.freshShown !== undefined);
    const marks = await page.evaluate(() => (window as unknown as { milestones: Record<string, number> }).milestones);
    await page.close();
    // The first open has no cache; later ones show the cached listing first.
    if (run > 0 && marks.listShown !== undefined && marks.freshShown !== undefined) {
      cached.push(marks.listShown);
      fresh.push(marks.freshShown);
    }
  }
  const sizes = await bundleSizes();
  const documents = teams * docsPerTeam + 2;
  process.stdout.write(
    [
      `Popup against the fake Grist: ${teams + 1} sites, ${documents} documents, ${latencyMs} ms latency, median of ${runs} opens`,
      `  cached list shown  ${median(cached).toFixed(0)} ms after navigation start`,
      `  fresh list shown   ${median(fresh).toFixed(0)} ms after navigation start`,
      `JavaScript, gzip: popup ${(sizes.popup! / 1024).toFixed(1)} KB, options ${(sizes.options! / 1024).toFixed(1)} KB, worker ${(sizes.worker! / 1024).toFixed(1)} KB`,
      '',
    ].join('\n'),
  );
} finally {
  await extension.close();
  await grist.close();
}
