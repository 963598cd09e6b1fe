/** Rows `trash-view` and `people-view`: a popup view opened on every site of the phase. */
import type { Page } from 'playwright-core';
import type { RecordedRequest } from '../../../test/fake-grist/server.ts';
import { firstOfAllAtOnce, oneRoundTrip } from '../ideals.ts';
import { openWatchedPopup } from '../popup-watch.ts';
import { profiledPageAndWorker } from '../profiles.ts';
import { median, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { RUNS } from '../settings.ts';

/** A view of the popup opened from its title bar's button, as viewRows measures it. */
export interface MeasuredView {
  /** The title bar button's accessible name, and what the view is called in the rows. */
  button: 'Trash' | 'People';
  /** What shows once the view has drawn what the figure times. */
  drawn: string;
  /** The requests the view sends, one per site. */
  asks: RegExp;
  /** The timed figure, for `sites` sites. */
  figure: (sites: number) => string;
  /** True when what is timed waits for one site only: its ideal is then one round trip of one of its requests plus a frame (oneRoundTrip). */
  oneSite?: true;
  /** With `oneSite`: the target, as a multiple of that ideal (default 1). */
  idealTimes?: number;
}

/**
 * A popup view opened on every site of the phase, RUNS times, each in a popup of its own: from the
 * click to `view.drawn` (against its ideal with `oneSite`, else for reference), and to every site
 * drawn (reference); one request per site, and no more at once per host than the client's limit.
 * Every site's request is counted once the view says nothing is being read any more. Medians.
 */
export async function viewRows({ grist, extension }: Phase, view: MeasuredView): Promise<Row[]> {
  const times: number[] = [];
  const everySite: number[] = [];
  let asked: RecordedRequest[] = [];
  let mostInFlight = 0;
  let perSite = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    const { page } = await openWatchedPopup(extension);
    grist.clearRequests();
    times.push(await openView(page, view));
    // Every site drawn: from the same click to no site left reading, checked at each frame.
    everySite.push(
      await page.evaluate(async () => {
        while ([...document.querySelectorAll('p')].some((element) => /^Reading /.test(element.textContent ?? ''))) await new Promise((resolve) => requestAnimationFrame(resolve));
        return performance.now() - (window as unknown as { benchViewClicked: number }).benchViewClicked;
      }),
    );
    asked = grist.requests.filter((request) => view.asks.test(request.path));
    perSite = new Map<string, number>();
    for (const request of asked) perSite.set(`${request.host}${request.path}`, (perSite.get(`${request.host}${request.path}`) ?? 0) + 1);
    mostInFlight = Math.max(mostInFlight, ...[...new Set(asked.map((request) => request.host))].map((host) => grist.mostInFlight(host)));
    await page.close();
  }
  const ms = median(times);
  const ideal = view.oneSite ? await oneRoundTrip(extension, asked[0]) : null;
  const bareAtOnce = view.oneSite ? await firstOfAllAtOnce(extension, asked) : null;
  // Its profile: the popup page's and the worker's, in one more opening of the view (the one timed ran without the profiler).
  const again = ideal === null ? null : (await openWatchedPopup(extension)).page;
  const profile = again ? (await profiledPageAndWorker(again, () => openView(again, view))).profile : undefined;
  await again?.close();
  const figure = view.figure(perSite.size);
  return [
    ideal === null ? { figure, unit: 'ms', ours: ms, target: null, against: 'target' } : { figure, unit: 'ms', ours: ms, target: (view.idealTimes ?? 1) * ideal, against: 'ideal', ideal, profile },
    ...(bareAtOnce === null ? [] : [{ figure: `${view.button} view's ${asked.length} requests by bare fetch() at once: first answer (reference)`, unit: 'ms', ours: bareAtOnce, target: null, against: 'target' } satisfies Row]),
    { figure: `${view.button} view on ${perSite.size} sites: click to every site drawn`, unit: 'ms', ours: median(everySite), target: null, against: 'target' },
    { figure: `${view.button} view: requests per site`, unit: 'requests', ours: Math.max(0, ...perSite.values()), target: 1, against: 'target' },
    { figure: `${view.button} view: most requests in flight to one host`, unit: 'requests', ours: mostInFlight, target: 6, against: 'target' },
  ];
}

/** Opens `view` from its title bar button in `page`. Out: ms from the click to `view.drawn` on screen (the click's time kept as `benchViewClicked`). */
function openView(page: Page, view: MeasuredView): Promise<number> {
  return page.evaluate(async ({ button, drawn }) => {
    const opener = [...document.querySelectorAll('button')].find((element) => element.getAttribute('aria-label') === button)!;
    const started = performance.now();
    Object.assign(window, { benchViewClicked: started });
    opener.click();
    while (!document.querySelector(drawn)) await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  }, { button: view.button, drawn: view.drawn });
}

/** The Trash view: from the click to every site's trash shown. */
export const TRASH_VIEW: MeasuredView = {
  button: 'Trash',
  drawn: '.trash-note',
  asks: /\/workspaces\?showRemoved=1$/,
  figure: (sites) => `Trash view opened on ${sites} sites: click to every site's trash shown`,
};

/**
 * The People view (issues 43 and 48): from the click to the first site's people drawn, within 2 ×
 * the ideal of one round trip of one site's access plus a frame: each site is drawn as soon as it
 * answers, whatever the others do (every site's read starts at once, the worker paces them per host).
 */
export const PEOPLE_VIEW: MeasuredView = {
  button: 'People',
  drawn: '.trash-list li',
  asks: /\/api\/orgs\/\d+\/access$/,
  figure: (sites) => `People view on ${sites} sites: first site drawn`,
  oneSite: true,
  idealTimes: 2,
};
