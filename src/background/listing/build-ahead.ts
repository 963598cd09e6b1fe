/**
 * The worker's indexes of the cached listing (the address bar's, the access checks'), built ahead
 * of use: a while after the worker's start or a write of the listing, together, so they read the
 * listing once.
 */
import { logFailure } from '../log-failure.ts';

/**
 * How long after the worker's start or a write of the listing the worker's indexes of it are built
 * ahead (ms): after the start-up's own work, and out of the way of the popup whose refresh stored
 * the listing.
 */
export const BUILD_AHEAD_MS = 1000;

/** The builds asked for by aheadOfUse's functions and not run yet, each with what it is for. */
const aheadBuilds = new Map<() => Promise<unknown>, string>();
let ahead: ReturnType<typeof setTimeout> | undefined;

/**
 * In: the build of an index of the listing (from readListingShared), and what it is for a failure's
 * log line. Out: a function that runs it BUILD_AHEAD_MS from its call (a call before then puts it
 * off). The builds asked for meanwhile run together, so they read the listing once.
 */
export function aheadOfUse(build: () => Promise<unknown>, what: string): () => void {
  return () => {
    aheadBuilds.set(build, what);
    clearTimeout(ahead);
    ahead = setTimeout(() => {
      const builds = [...aheadBuilds];
      aheadBuilds.clear();
      for (const [run, about] of builds) void run().catch(logFailure(about));
    }, BUILD_AHEAD_MS);
  };
}
