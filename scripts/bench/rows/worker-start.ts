/** Rows `worker-start`: the worker at browser launch, then stopped and woken again and again. */
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '../../../test/e2e/extension.ts';
import { median, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { RUNS } from '../settings.ts';

/**
 * The worker stopped (as Chrome stops an idle one) and woken by a message, RUNS times. Out: each
 * woken worker's ready mark, in ms from its own time origin: loading its script included.
 */
async function workerWakeUps(extension: LoadedExtension, page: Page): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  let stopped = () => {};
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.every((version) => version.runningStatus === 'stopped')) stopped();
  });
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const before = await extension.context.serviceWorkers().at(-1)!.evaluate(() => performance.timeOrigin);
    await Promise.all([new Promise<void>((resolve) => (stopped = resolve)), cdp.send('ServiceWorker.stopAllWorkers')]);
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'getSettings', request: null }));
    const [origin, ready] = await extension.context.serviceWorkers().at(-1)!.evaluate(() => [
      performance.timeOrigin,
      performance.getEntriesByName('grist-quick-rename:ready')[0]?.startTime ?? NaN,
    ]);
    if (origin === before) throw new Error('The worker was not restarted.');
    times.push(ready!);
  }
  await cdp.detach();
  return times;
}

/** The worker at browser launch (its start and ready marks), then woken RUNS times (workerWakeUps), from an extension page of the phase. */
export async function workerStartRows({ extension, options }: Phase): Promise<Row[]> {
  const [start, ready] = await extension.worker.evaluate(() =>
    ['grist-quick-rename:start', 'grist-quick-rename:ready'].map((name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN),
  );
  return [
    { figure: 'worker wake-up: its start to ready', unit: 'ms', ours: median(await workerWakeUps(extension, options)), target: 50, against: 'target' },
    { figure: 'worker at browser launch: first module to ready', unit: 'ms', ours: ready! - start!, target: 50, against: 'target' },
    { figure: 'worker at browser launch: its start to ready (browser still booting)', unit: 'ms', ours: ready!, target: null, against: 'target' },
  ];
}
