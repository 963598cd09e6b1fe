/** Rows `share-panel`: the Share panel opened from a row's menu, against one round trip of its request. */
import { oneRoundTrip } from '../ideals.ts';
import { openSizedPopup } from '../popup-watch.ts';
import { profiledPageAndWorker } from '../profiles.ts';
import { median, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { DOCS_PER_TEAM, RUNS, TEAMS } from '../settings.ts';

/**
 * The Share panel (issue 43), RUNS times: from the click on a row's Share… to its list of people
 * drawn, against the ideal the issue names, one round trip of the fake plus one frame: the same
 * access request by bare fetch() in the worker (median of RUNS), nothing checked or sent to a page,
 * plus FRAME_MS. Also the requests each opening sends (one).
 */
export async function shareRows({ grist, extension }: Phase): Promise<Row[]> {
  const page = await openSizedPopup(extension);
  // Not the rename's document (rows/rename.ts renamed Document 7.7), nor the trash's; and one whose search
  // finds a few rows, all drawn ("Document 3.3" finds 3.300 to 3.399 too, beyond the window).
  const target = `Document ${Math.min(3, TEAMS)}.${Math.max(1, DOCS_PER_TEAM - 1)}`;
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(target);
  /** Opens the panel from the row's menu and closes it again. Out: ms from the click to the list drawn. */
  const openPanel = async () => {
    await page.getByRole('button', { name: `More actions for ${target}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Share…' }).waitFor();
    grist.clearRequests();
    const ms = await page.evaluate(async () => {
      const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((element) => element.textContent === 'Share…')!;
      const started = performance.now();
      item.click();
      while (!document.querySelector('.share-people')) await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - started;
    });
    await page.keyboard.press('Escape');
    await page.locator('.share-panel').waitFor({ state: 'detached' });
    return ms;
  };
  const times: number[] = [];
  let asked: { host: string; path: string }[] = [];
  for (let run = 0; run < RUNS; run++) {
    times.push(await openPanel());
    asked = grist.requests.filter((entry) => entry.path.endsWith('/access'));
  }
  // Its profile: the popup page's and the worker's, in one more opening (those timed ran without the profiler).
  const { profile } = await profiledPageAndWorker(page, openPanel);
  await page.close();
  const ideal = await oneRoundTrip(extension, asked[0]);
  return [
    { figure: 'Share panel: click to list drawn', unit: 'ms', ours: median(times), target: ideal, against: 'ideal', ideal, profile },
    { figure: 'Share panel: requests per opening', unit: 'requests', ours: asked.length, target: 1, against: 'target' },
  ];
}
