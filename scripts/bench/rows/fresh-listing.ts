/** Rows `fresh-listing`: a refresh with latency on every request, against its ideal measured beside it. */
import { bareFetchListing, naiveSequentialListing } from '../ideals.ts';
import { profiled } from '../profiles.ts';
import { median, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { LATENCY_MS, RUNS } from '../settings.ts';

/** Refreshes RUNS times after `prepare`. Out: the times (ms), the most in flight to one host, the most requests to one URL. */
interface RefreshTimes {
  times: number[];
  mostInFlight: number;
  requestsPerSite: number;
}

/** One refresh after `prepare`, added to `into`. */
async function timeRefresh(phase: Phase, prepare: () => Promise<unknown>, into: RefreshTimes): Promise<void> {
  const { grist } = phase;
  await prepare();
  grist.clearRequests();
  const { ms, ok } = await phase.refreshFromPage();
  if (!ok) throw new Error('The refresh failed.');
  into.times.push(ms);
  const hosts = new Set(grist.requests.map((entry) => entry.host));
  into.mostInFlight = Math.max(into.mostInFlight, ...[...hosts].map((host) => grist.mostInFlight(host)));
  const perSite = new Map<string, number>();
  for (const entry of grist.requests) perSite.set(`${entry.host}${entry.path}`, (perSite.get(`${entry.host}${entry.path}`) ?? 0) + 1);
  into.requestsPerSite = Math.max(into.requestsPerSite, ...perSite.values());
}

/**
 * Fresh listings with latency on every request, RUNS times each, interleaved so that a slow moment
 * of the machine weighs on all alike:
 * - the ideal the issue names, measured: `/api/orgs`, then one round of workspace requests, by bare
 *   fetch() in the worker (nothing parsed, checked, stored or sent to a page). On this machine it
 *   costs more than 2 × LATENCY_MS: the fake Grist answers a burst on one thread, and Chromium takes
 *   time to send 51 requests; the nominal ratio (to 2 × LATENCY_MS) is printed beside it;
 * - ours with no cache: the same two rounds;
 * - ours with a cached listing whose every site changed (its ETags stale, so every answer is a full
 *   body), where the workspaces are asked beside the sites: one round trip.
 */
export async function freshListingRows(phase: Phase, documents: number): Promise<Row[]> {
  const { grist, tls } = phase;
  // A round trip of LATENCY_MS: half on the way in, half on the way back, with Grist's work in
  // between, so a burst of requests is worked on while earlier answers are still travelling.
  grist.injectFault({ path: /^\/api\//, delayMs: LATENCY_MS / 2, holdAnswerMs: LATENCY_MS / 2 });
  const cold: RefreshTimes = { times: [], mostInFlight: 0, requestsPerSite: 0 };
  const changed: RefreshTimes = { times: [], mostInFlight: 0, requestsPerSite: 0 };
  const ideal: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    ideal.push(await bareFetchListing(phase.extension));
    await timeRefresh(phase, phase.clearCache, cold);
    await timeRefresh(phase, phase.staleTags, changed);
  }
  // Where the worker's time goes: one more refresh of each kind, with its profiler on.
  const unused: RefreshTimes = { times: [], mostInFlight: 0, requestsPerSite: 0 };
  const { profile: coldProfile } = await profiled(phase.options, () => timeRefresh(phase, phase.clearCache, unused), 'worker');
  const { profile: changedProfile } = await profiled(phase.options, () => timeRefresh(phase, phase.staleTags, unused), 'worker');
  const naiveFresh: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 3); run++) naiveFresh.push(await naiveSequentialListing(grist, tls.cert));
  grist.clearFaults();
  const where = `${phase.teams + 1} sites, ${documents} documents, ${LATENCY_MS} ms latency`;
  const measured = median(ideal);
  return [
    { figure: `ideal, measured: /api/orgs then one round of workspace requests by bare fetch(), ${where}`, unit: 'ms', ours: measured, target: null, against: 'ideal', nominal: 2 * LATENCY_MS },
    { figure: `fresh listing, no cache, ${where}`, unit: 'ms', ours: median(cold.times), target: 1.1 * measured, against: 'ideal', ideal: measured, naive: median(naiveFresh), nominal: 2 * LATENCY_MS, profile: coldProfile },
    { figure: `fresh listing, cached listing all changed, ${where}`, unit: 'ms', ours: median(changed.times), target: 1.3 * measured, against: 'ideal', ideal: measured, naive: median(naiveFresh), nominal: 2 * LATENCY_MS, profile: changedProfile },
    { figure: `most requests in flight to one host (${documents} documents)`, unit: 'requests', ours: Math.max(cold.mostInFlight, changed.mostInFlight), target: 6, against: 'target' },
    { figure: `most requests to one site per refresh (${documents} documents)`, unit: 'requests', ours: Math.max(cold.requestsPerSite, changed.requestsPerSite), target: 1, against: 'target' },
  ];
}
