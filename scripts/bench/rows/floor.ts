/** Rows `floor`: what no extension page beats on this machine. */
import type { LoadedExtension } from '../../../test/e2e/extension.ts';
import { median, type Row } from '../row.ts';
import { RUNS } from '../settings.ts';

/**
 * What no extension page can beat on this machine, for the cached open's target: from navigation
 * start to an empty page's script running, and to its first paint (3 × RUNS opens, medians).
 */
export async function floorRows(extension: LoadedExtension): Promise<Row[]> {
  const ran: number[] = [];
  const painted: number[] = [];
  for (let run = 0; run < 3 * RUNS; run++) {
    const page = await extension.openPage('bench-empty.html');
    await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
    const [script, paint] = await page.evaluate(() => [performance.getEntriesByName('ran')[0]?.startTime ?? NaN, performance.getEntriesByType('paint')[0]!.startTime]);
    ran.push(script!);
    painted.push(paint!);
    await page.close();
  }
  return [
    { figure: 'floor: an empty extension page, navigation to its script run', unit: 'ms', ours: median(ran), target: null, against: 'target' },
    { figure: 'floor: an empty extension page, navigation to its first paint', unit: 'ms', ours: median(painted), target: null, against: 'target' },
  ];
}
