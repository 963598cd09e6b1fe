/** Rows `popup` and `large-popup`: the popup's cached open, opened on a cache all changed, search, DOM and heap. */
import type { LoadedExtension } from '../../../test/e2e/extension.ts';
import { firstScreenMade } from '../../../src/shared/storage/first-screen.ts';
import { readFirstScreen } from '../../../src/popup/first-screen/first-screen.ts';
import { bareFetchListing, naivePopup } from '../ideals.ts';
import { openSizedPopup, openWatchedPopup, type FirstScreenRead } from '../popup-watch.ts';
import { heapMb, profiled } from '../profiles.ts';
import { median, p95, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { LATENCY_MS, RUNS } from '../settings.ts';
import { keystrokeTimes, SEARCHES } from '../typing.ts';

/**
 * Why a popup whose first list came from its own view, not from the stored drawing, did not show
 * the drawing: what the first-screen script read (`read`, undefined when it read nothing) judged
 * as it judges it (readFirstScreen), and `drawingIn`: whether a drawing went into the page at all.
 */
export function drawingMissReason(read: FirstScreenRead | undefined, drawingIn: boolean): string {
  if (read === undefined) return 'the first-screen script read no drawing';
  if (drawingIn) return 'the drawing was shown but held no document: it was drawn of a list that showed none';
  const [version, language] = read.made.split(' ');
  const judged = readFirstScreen(read, firstScreenMade(version!, language!));
  return 'miss' in judged ? judged.miss : 'the drawing matched the cache but its tree was refused (an element or attribute showFirstScreen does not take)';
}

/** The naive popup measured once per listing size (see naivePopup), by number of documents. */
const naiveBySize = new Map<number, Awaited<ReturnType<typeof naivePopup>>>();

/**
 * The popup's cached open as a user meets it (3 × RUNS opens on the warm cache, and the profile of
 * one more): when its first document shows (`cached`), its own view (`viewShown`), the drawing's
 * storage read answered (`drawingRead`), and each open not drawn from the stored first screen with
 * its reason (`notDrawn`). The first popup, not timed, draws the first screen the next ones show.
 */
export async function cachedOpens(extension: LoadedExtension) {
  // A popup opens in well under a second, and single opens spread over ±25 ms on this machine:
  // 3 × RUNS of them. The first one after the refresh draws the first screen the next ones show,
  // once idle: it is waited for.
  const warmUp = await openWatchedPopup(extension);
  await warmUp.page.waitForFunction(async () => {
    const { firstScreen, listingPreview } = (await chrome.storage.local.get(['firstScreen', 'listingPreview'])) as Record<string, string | undefined>;
    return Boolean(firstScreen && listingPreview && JSON.parse(firstScreen).previewRevision === JSON.parse(listingPreview).revision);
  }, null, { timeout: 10_000 });
  await warmUp.page.close();
  const cached: number[] = [];
  const viewShown: number[] = [];
  // Opens whose first list was the popup's own view, not the stored drawing: what a user waits
  // for then is the view's code, so each is a miss, said with its reason.
  const notDrawn: string[] = [];
  // When the first-screen script had its storage read answered: a slow read, not a slow drawing.
  const drawingRead: number[] = [];
  for (let run = 0; run < 3 * RUNS; run++) {
    const { page, marks, firstScreenRead } = await openWatchedPopup(extension);
    cached.push(marks.listShown ?? NaN);
    viewShown.push(marks.appShown ?? NaN);
    drawingRead.push(firstScreenRead?.at ?? NaN);
    if (marks.drawingShown === undefined || marks.drawingShown !== marks.listShown) {
      notDrawn.push(`open ${run + 1} of ${3 * RUNS} (${(marks.listShown ?? NaN).toFixed(0)} ms) drew the popup's own view, not the stored first screen: ${drawingMissReason(firstScreenRead, marks.drawingIn !== undefined)}`);
    }
    await page.close();
  }
  // Its profile: one more popup, loaded again with the profiler running (a reload keeps the session).
  const { page: openProfiled } = await openWatchedPopup(extension);
  const { profile: openProfile } = await profiled(openProfiled, async () => {
    await openProfiled.reload();
    await openProfiled.waitForFunction(() => (window as unknown as { benchMarks: { listShown?: number } }).benchMarks.listShown !== undefined);
  });
  await openProfiled.close();
  return { cached, viewShown, drawingRead, notDrawn, profile: openProfile };
}

/**
 * The popup at one size, on the phase's warm cache: cached open (3 × RUNS opens, and the profile of
 * one more), the popup opened on a cache whose every site changed against the ideal measured
 * beside it (bare fetch, interleaved), search keystrokes (RUNS popups), and DOM size and heap after typing.
 */
/**
 * The popup's search as the bench types it: SEARCHES in RUNS popups, each typed in as soon as it
 * has refreshed, without the profiler; then one more popup typed in the same way with it on. Out:
 * every keystroke's time (ms), that last popup (still open: its DOM and heap are read after), and
 * its profile.
 */
export async function timedSearches(extension: LoadedExtension) {
  const typing: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await openSizedPopup(extension);
    typing.push(...(await keystrokeTimes(page, 'input[type="search"]', SEARCHES)));
    await page.close();
  }
  const popup = await openSizedPopup(extension);
  const { profile } = await profiled(popup, () => keystrokeTimes(popup, 'input[type="search"]', SEARCHES));
  return { typing, popup, profile };
}

export async function popupRows(phase: Phase, documents: number, targets: { cachedOpen: number; search: number; heap: number }): Promise<Row[]> {
  const { extension, grist } = phase;
  const rows: Row[] = [];
  const { cached, viewShown, drawingRead, notDrawn, profile: openProfile } = await cachedOpens(extension);
  const docsPerTeam = documents / phase.teams;
  if (!naiveBySize.has(documents)) {
    const names = Array.from({ length: documents }, (_, index) => `Document ${Math.floor(index / docsPerTeam) + 1}.${(index % docsPerTeam) + 1}`);
    naiveBySize.set(documents, await naivePopup(extension, names));
  }
  const naive = naiveBySize.get(documents)!;
  rows.push({ figure: `cached open, ${documents} documents`, unit: 'ms', ours: median(cached), target: targets.cachedOpen, against: 'target', naive: naive.renderMs, profile: openProfile, missedBecause: notDrawn });
  rows.push({ figure: `cached open, ${documents} documents: the drawing's storage read answered`, unit: 'ms', ours: median(drawingRead), target: null, against: 'target' });
  rows.push({ figure: `cached open, ${documents} documents: the popup's own view shown (after the drawing)`, unit: 'ms', ours: median(viewShown), target: null, against: 'target' });

  // The fresh listing as a user meets it: the popup opened on a cache whose every site changed,
  // loading itself and reading and showing the cache while the refresh runs beside it; against the
  // ideal (bare fetch in the worker, see bareFetchListing) measured in the same runs.
  grist.injectFault({ path: /^\/api\//, delayMs: LATENCY_MS / 2, holdAnswerMs: LATENCY_MS / 2 });
  const inPopup: number[] = [];
  const ideal: number[] = [];
  let changedProfile: string[];
  for (let run = 0; run < RUNS; run++) {
    ideal.push(await bareFetchListing(extension));
    await phase.staleTags();
    const { page, marks } = await openWatchedPopup(extension);
    inPopup.push(marks.refreshDone!);
    await page.close();
  }
  {
    await phase.staleTags();
    const { page } = await openWatchedPopup(extension);
    await phase.staleTags();
    ({ profile: changedProfile } = await profiled(page, async () => {
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { benchMarks: { refreshDone?: number } }).benchMarks.refreshDone !== undefined, null, { timeout: 60_000 });
    }));
    await page.close();
  }
  grist.clearFaults();
  await phase.refreshFromPage();
  const measured = median(ideal);
  rows.push({
    figure: `popup opened on a cache all changed, ${documents} documents, ${LATENCY_MS} ms latency: to the fresh list shown`,
    unit: 'ms',
    ours: median(inPopup),
    target: measured + 60,
    against: 'target',
    ideal: measured,
    nominal: 2 * LATENCY_MS,
    profile: changedProfile,
  });

  // Search: RUNS popups, each typed in as soon as it has refreshed, without the profiler (its
  // sampling would be counted in every keystroke); the median and p95 are of all their keystrokes.
  // Then one more popup typed in the same way with the profiler on, for where the time goes, and
  // its DOM size and memory after typing.
  const { typing, popup, profile: typingProfile } = await timedSearches(extension);
  // What comes after the frame, typed in a fresh popup a keystroke every other frame.
  const wholePopup = await openSizedPopup(extension);
  const whole = await keystrokeTimes(wholePopup, 'input[type="search"]', SEARCHES, true);
  await wholePopup.close();
  rows.push({ figure: `search keystroke median, ${documents} documents (${typing.length} keystrokes)`, unit: 'ms', ours: median(typing), target: null, against: 'target', naive: median(naive.keystrokes) });
  rows.push({ figure: `search keystroke p95, ${documents} documents`, unit: 'ms', ours: p95(typing), target: targets.search, against: 'target', naive: p95(naive.keystrokes), profile: typingProfile });
  rows.push({ figure: `search keystroke to every result drawn (after the frame) median, ${documents} documents`, unit: 'ms', ours: median(whole), target: null, against: 'target' });
  rows.push({ figure: `search keystroke to every result drawn (after the frame) p95, ${documents} documents`, unit: 'ms', ours: p95(whole), target: null, against: 'target' });
  rows.push({ figure: `popup DOM elements, ${documents} documents`, unit: 'elements', ours: await popup.evaluate(() => document.querySelectorAll('*').length), target: 2000, against: 'target', naive: naive.domSize });
  rows.push({ figure: `popup heap, ${documents} documents`, unit: 'MB', ours: await heapMb(popup), target: targets.heap, against: 'target', naive: naive.heap });
  await popup.close();
  return rows;
}
