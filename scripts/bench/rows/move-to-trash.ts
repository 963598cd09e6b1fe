/** Rows `move-to-trash`: a move to the trash from a row's menu. */
import { openSizedPopup } from '../popup-watch.ts';
import type { Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { DOCS_PER_TEAM, TEAMS } from '../settings.ts';

/**
 * Move to trash from a row's menu: its Enter (the focused item's click) to the row gone, which must
 * be before the next frame, after exactly one request. A document of the last team site, which no
 * bulk run takes.
 */
export async function trashRows({ grist, extension }: Phase): Promise<Row[]> {
  const page = await openSizedPopup(extension);
  grist.clearRequests();
  const target = `Document ${TEAMS}.${DOCS_PER_TEAM}`;
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(target);
  await page.getByRole('button', { name: `More actions for ${target}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
  // The menu opens on its least harmful item (issue 41): the user goes to Move to trash first.
  await page.getByRole('menuitem', { name: 'Move to trash' }).focus();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Move to trash');
  const trashMs = await page.evaluate(async (name) => {
    const item = document.activeElement as HTMLElement;
    const started = performance.now();
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    // What Enter on the focused item does.
    item.click();
    await Promise.resolve();
    const shown = [...document.querySelectorAll('a[aria-label]')].some((link) => link.getAttribute('aria-label') === `Open ${name}`);
    return !shown && !framed ? performance.now() - started : NaN;
  }, target);
  await page.getByText('to trash.', { exact: false }).waitFor();
  const removals = grist.requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/remove')).length;
  // Back from the trash: the rows that follow count every document.
  await page.getByRole('button', { name: `Undo moving “${target}” to trash` }).click();
  await page.getByRole('link', { name: `Open ${target}`, exact: true }).waitFor();
  await page.getByText('from the trash.', { exact: false }).waitFor();
  await page.close();
  return [
    { figure: 'move to trash: Enter to row gone (NaN = not in the same frame)', unit: 'ms', ours: trashMs, target: 16, against: 'target' },
    { figure: 'move to trash: requests sent', unit: 'requests', ours: removals, target: 1, against: 'target' },
  ];
}
