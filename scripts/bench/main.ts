/**
 * `npm run bench`: the speed targets of the popup, measured in Chromium against the fake Grist
 * server (getgrist.com addressing over https, mapped to 127.0.0.1) with injected latency, next to
 * a naive baseline measured in the same run: sequential site requests, no cache, no windowing.
 * Prints a table (figure, median of RUNS, target, ratio, naive, ours/naive) and writes it as JSON
 * to test-results/bench.json. Timings are reported, never asserted: benchmarks are not tests.
 * Environment: TEAMS (50), DOCS_PER_TEAM (400), LATENCY_MS (100), RUNS (5). The fresh listing is
 * also measured at 20 documents per team, in a first phase with its own server and browser; the
 * popup at scale in a last one, LARGE_TEAMS (200) teams of LARGE_DOCS_PER_TEAM (500) documents
 * (LARGE_TEAMS=0 leaves it out); a member's removal from every site in a phase of its own,
 * REMOVAL_TEAMS (3) teams of REMOVAL_DOCS_PER_TEAM (2,000) documents; downloads (a single document's
 * and a bulk backup's) in a last one, the main phase's size with 200 KB `.grist` files and the
 * `downloads` permission granted.
 * BENCH_ROWS picks the rows to run (default all): a comma-separated list of the groups named in
 * PHASE_GROUPS, or of their first word (`bulk` for every bulk row), e.g. `BENCH_ROWS=people-view,removal`;
 * a name that is none prints the groups.
 * A phase none of whose rows is picked is not started.
 *
 * The files: this one orders the phases; phases/ starts each phase (its own fake Grist and
 * browser, set-up.ts) and runs its rows in order; rows/ holds one file per group of rows; ideals.ts
 * the ideals and naive baselines they are judged against; profiles.ts where the time went;
 * report.ts the table. A new row is a file in rows/, its group in PHASE_GROUPS (settings.ts) and
 * one line in its phase.
 */
import { downloadsRows } from './phases/downloads.ts';
import { largeRows } from './phases/large.ts';
import { mainRows } from './phases/main.ts';
import { removalPhaseRows } from './phases/removal.ts';
import { smallRows } from './phases/small.ts';
import { report } from './report.ts';
import type { Row } from './row.ts';
import { LARGE_TEAMS, PHASE_GROUPS, picked } from './settings.ts';

async function main() {
  const rows: Row[] = [];
  if (picked(...PHASE_GROUPS.small)) rows.push(...(await smallRows()));
  if (picked(...PHASE_GROUPS.main)) rows.push(...(await mainRows()));
  if (LARGE_TEAMS > 0 && picked(...PHASE_GROUPS.large)) rows.push(...(await largeRows()));
  if (picked(...PHASE_GROUPS.removal)) rows.push(...(await removalPhaseRows()));
  if (picked(...PHASE_GROUPS.downloads)) rows.push(...(await downloadsRows()));
  report(rows);
}

await main();
