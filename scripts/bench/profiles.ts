/**
 * Where the time went: the V8 sampling profiler on a page or the extension's worker, through the
 * DevTools protocol, printed under a row whose target is missed; and a page's heap.
 */
import type { Page } from 'playwright-core';

/** How many functions a profile lists: those with the most self time. */
const PROFILE_LINES = 12;

/** A DevTools protocol call: its method, parameters and result. */
type ProtocolCall = (method: string, params?: object) => Promise<unknown>;

/** What `Profiler.stop` answers, as far as the report reads it (DevTools protocol, Profiler.Profile). */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * The DevTools protocol of `page`, or through it of the extension's service worker (Playwright
 * opens sessions on pages only): the worker's target is attached to from the page's session and
 * spoken to in messages (Target.sendMessageToTarget). Out: the call and a function that ends it.
 */
async function protocolOf(page: Page, target: 'page' | 'worker'): Promise<{ send: ProtocolCall; detach(): Promise<void> }> {
  const session = await page.context().newCDPSession(page);
  if (target === 'page') return { send: (method, params) => session.send(method as 'Profiler.enable', params), detach: () => session.detach() };
  const { targetInfos } = await session.send('Target.getTargets');
  const worker = targetInfos.find((info) => info.type === 'service_worker' && info.url.startsWith('chrome-extension://'));
  if (!worker) throw new Error('No service worker to profile.');
  const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  const answers = new Map<number, (result: unknown) => void>();
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) answers.get(message.id)?.(message.result);
  });
  let lastId = 0;
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const id = ++lastId;
        answers.set(id, resolve);
        void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
      }),
    detach: () => session.detach(),
  };
}

/**
 * Starts the V8 sampling profiler on `page`, or on the extension's service worker (`target`
 * 'worker', for what the worker does: see protocolOf). Out: what stops it and answers where that
 * context's time went: the functions with the most self time, one line each
 * (`ms  function  file:line`), for the report to print under a target that is missed.
 */
async function startProfiler(page: Page, target: 'page' | 'worker'): Promise<() => Promise<string[]>> {
  const { send, detach } = await protocolOf(page, target);
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  return async () => {
    const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
    await detach();
    const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const self = new Map<string, number>();
    (profile.samples ?? []).forEach((id, index) => {
      const frame = nodes.get(id)!;
      const where = frame.url ? ` ${frame.url.split('/').pop()}:${frame.lineNumber + 1}` : '';
      const key = `${frame.functionName || '(anonymous)'}${where}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
    });
    return [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, PROFILE_LINES)
      .map(([key, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${key}`);
  };
}

/** Runs `work` with the profiler on `page` or the worker (startProfiler). Out: its result, and where that context's time went. */
export async function profiled<T>(page: Page, work: () => Promise<T>, target: 'page' | 'worker' = 'page'): Promise<{ result: T; profile: string[] }> {
  const stop = await startProfiler(page, target);
  const result = await work();
  return { result, profile: await stop() };
}

/**
 * Runs `work` with the profiler on both `page` and the extension's service worker, started before
 * it and stopped together after it: for what waits on both, such as a popup view drawn from the
 * worker's answers. Out: its result, and each context's lines under its name.
 */
export async function profiledPageAndWorker<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; profile: string[] }> {
  const stops = await Promise.all([startProfiler(page, 'page'), startProfiler(page, 'worker')]);
  const result = await work();
  const [pageLines, workerLines] = await Promise.all(stops.map((stop) => stop()));
  return { result, profile: ['  page:', ...pageLines!, '  worker:', ...workerLines!] };
}

/** A page's JS heap in MB, after a garbage collection (DevTools protocol HeapProfiler.collectGarbage). */
export async function heapMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  await session.detach();
  return usedSize / 2 ** 20;
}

/**
 * The extension's service worker's JS heap in MB, after a garbage collection (HeapProfiler
 * .collectGarbage, then Runtime.getHeapUsage, through `page`'s session: see protocolOf), and the
 * worker's time origin, which tells a worker the browser restarted between two readings.
 */
export async function workerHeap(page: Page): Promise<{ mb: number; timeOrigin: number }> {
  const { send, detach } = await protocolOf(page, 'worker');
  await send('HeapProfiler.collectGarbage');
  const { usedSize } = (await send('Runtime.getHeapUsage')) as { usedSize: number };
  const { result } = (await send('Runtime.evaluate', { expression: 'performance.timeOrigin', returnByValue: true })) as { result: { value: number } };
  await detach();
  return { mb: usedSize / 2 ** 20, timeOrigin: result.value };
}
