/** Rows `download` (issue 51): one document's Download ▸ .grist from the popup, to the browser's download started. */
import type { Page } from 'playwright-core';
import { generatedDocId } from '../../../test/fake-grist/sample-data.ts';
import { bareRoundTrip } from '../ideals.ts';
import { openSizedPopup } from '../popup-watch.ts';
import { profiledPageAndWorker } from '../profiles.ts';
import { median, type Row } from '../row.ts';
import type { BenchDownloads, DownloadsPhase } from '../phases/downloads.ts';
import { DOCS_PER_TEAM, LATENCY_MS, RUNS, TEAMS } from '../settings.ts';

/** Marks, in the worker, each download the browser creates (downloads.onCreated), in ms of the system clock. */
function watchCreated() {
  const scope = globalThis as { benchCreated?: number[] };
  if (scope.benchCreated) return;
  scope.benchCreated = [];
  (chrome as unknown as { downloads: BenchDownloads }).downloads.onCreated.addListener(() => scope.benchCreated!.push(Date.now()));
}

/**
 * One document's Download, RUNS times, with LATENCY_MS on each request: from the click on `.grist`
 * in a row's Download ▸ submenu (the click event, in the popup) to the browser's download created
 * (`downloads.onCreated` in the worker), both read on the system clock (`Date.now()`: two processes'
 * `performance` clocks start apart); each download is waited for (the status line's "Saved") before
 * the next. Against the ideal the issue names, one round trip to the fake: a plain GET of the
 * document (`/api/docs/<id>`) by bare fetch() in the worker at the same latency, median of RUNS,
 * measured in the same run. Profiled (the popup's and the worker's) in one more download.
 */
export async function downloadRows({ grist, extension, clearDownloads }: DownloadsPhase): Promise<Row[]> {
  const team = Math.min(5, TEAMS);
  const index = Math.max(1, DOCS_PER_TEAM - 1);
  const target = `Document ${team}.${index}`;
  await clearDownloads();
  await extension.worker.evaluate(watchCreated);
  const page = await openSizedPopup(extension);
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(target);
  // The click's time, and each time the status line comes to say a file is saved (after its
  // "Downloading…": the file's name may be the same each time).
  await page.evaluate(() => {
    const marks = window as { benchClicked?: number; benchSaved?: number };
    window.addEventListener('click', () => (marks.benchClicked = Date.now()), { capture: true });
    marks.benchSaved = 0;
    let saying = false;
    new MutationObserver(() => {
      const saved = (document.querySelector('[role="status"]')?.textContent ?? '').includes('Saved ');
      if (saved && !saying) marks.benchSaved!++;
      saying = saved;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  grist.injectFault({ path: /^\/api\//, delayMs: LATENCY_MS / 2, holdAnswerMs: LATENCY_MS / 2 });
  /**
   * One download from the row's menu, waited for to its end (the status line's "Saved"). Out: ms
   * from the click to the download created, and to its request received by the fake.
   */
  const downloadOnce = async (page: Page) => {
    grist.clearRequests();
    const created = await extension.worker.evaluate(() => (globalThis as { benchCreated?: number[] }).benchCreated!.length);
    const savedBefore = await page.evaluate(() => (window as { benchSaved?: number }).benchSaved!);
    await page.getByRole('button', { name: `More actions for ${target}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
    const gristItem = page.getByRole('menu', { name: 'Download' }).getByRole('menuitem', { name: '.grist', exact: true });
    await gristItem.waitFor();
    await gristItem.click();
    const started = await extension.worker.evaluate(async (created) => {
      const marks = (globalThis as { benchCreated?: number[] }).benchCreated!;
      for (let waited = 0; marks.length <= created && waited < 10_000; waited += 2) await new Promise((resolve) => setTimeout(resolve, 2));
      return marks[created] ?? NaN;
    }, created);
    const clicked = await page.evaluate(() => (window as { benchClicked?: number }).benchClicked!);
    await page.waitForFunction((before) => (window as { benchSaved?: number }).benchSaved! > before, savedBefore);
    // The fake's clock (this process's) on the system clock, as the page's and the worker's marks are.
    const asked = grist.requests.find((request) => request.path.includes('/download'));
    const atGrist = asked ? performance.timeOrigin + asked.receivedAt - clicked : NaN;
    return { ms: started - clicked, atGrist };
  };
  const times: number[] = [];
  const atGrist: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { ms, atGrist: at } = await downloadOnce(page);
    times.push(ms);
    atGrist.push(at);
  }
  const { profile: profiles } = await profiledPageAndWorker(page, () => downloadOnce(page));
  // Where the time went between the processes, which no profile shows: the download's request
  // received by the fake (before its latency), then the browser's download created.
  const profile = [
    `  click to the download's request received by the fake Grist: ${median(atGrist).toFixed(0)} ms (median), then to the download created: ${(median(times) - median(atGrist)).toFixed(0)} ms (${LATENCY_MS} ms of it the latency)`,
    ...profiles,
  ];
  const ideal = await bareRoundTrip(extension, { host: `team-${team}.getgrist.com`, path: `/api/docs/${generatedDocId(team, index)}` });
  grist.clearFaults();
  await page.close();
  await clearDownloads();
  return [
    { figure: `ideal, measured: one round trip, a GET by bare fetch(), ${LATENCY_MS} ms latency`, unit: 'ms', ours: ideal, target: null, against: 'ideal', ideal, nominal: LATENCY_MS },
    { figure: `download: .grist chosen in the row's menu to the download started (downloads.onCreated), ${LATENCY_MS} ms latency`, unit: 'ms', ours: median(times), target: ideal, against: 'ideal', ideal, nominal: LATENCY_MS, profile },
  ];
}
