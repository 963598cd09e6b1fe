/** Rows `rename`: the new name is on screen before the next frame, after exactly one request. */
import { openSizedPopup } from '../popup-watch.ts';
import type { Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { DOCS_PER_TEAM, TEAMS } from '../settings.ts';

/** Renames Document 7.7 from the popup's hover Rename: Enter to the new name shown, and the requests sent. */
export async function renameRows({ grist, extension }: Phase): Promise<Row[]> {
  const popup = await openSizedPopup(extension);
  grist.clearRequests();
  const target = `Document ${Math.min(7, TEAMS)}.${Math.min(7, DOCS_PER_TEAM)}`;
  await popup.getByRole('searchbox', { name: 'Search documents' }).fill(target);
  await popup.getByRole('button', { name: `Rename ${target}`, exact: true }).click();
  await popup.getByRole('textbox', { name: `New name for ${target}` }).fill('Renamed by the bench');
  const renameMs = await popup.evaluate(async () => {
    const input = document.activeElement as HTMLInputElement;
    const started = performance.now();
    let framed = false;
    requestAnimationFrame(() => (framed = true));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await Promise.resolve();
    const shown = [...document.querySelectorAll('a[aria-label]')].some((link) => link.getAttribute('aria-label') === 'Open Renamed by the bench');
    return shown && !framed ? performance.now() - started : NaN;
  });
  await popup.getByText('Renamed “', { exact: false }).waitFor();
  const rows: Row[] = [
    { figure: 'rename: Enter to new name shown (NaN = not in the same frame)', unit: 'ms', ours: renameMs, target: 16, against: 'target' },
    { figure: 'rename: requests sent', unit: 'requests', ours: grist.requests.filter((entry) => entry.method === 'PATCH').length, target: 1, against: 'target' },
  ];
  await popup.close();
  return rows;
}
