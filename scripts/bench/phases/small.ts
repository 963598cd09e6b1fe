/** The small phase: SMALL_DOCS_PER_TEAM documents on each of TEAMS team sites (PHASE_GROUPS.small). */
import type { Row } from '../row.ts';
import { startPhase } from '../set-up.ts';
import { SMALL_DOCS_PER_TEAM, TEAMS } from '../settings.ts';
import { freshListingRows } from '../rows/fresh-listing.ts';

/**
 * The fresh listing at a typical size: its target names 50 team sites and the latency, not a
 * size, so it is measured here first, then at the full size with everything else (phases/main.ts).
 */
export async function smallRows(): Promise<Row[]> {
  const small = await startPhase(SMALL_DOCS_PER_TEAM);
  try {
    return await freshListingRows(small, TEAMS * SMALL_DOCS_PER_TEAM);
  } finally {
    await small.close();
  }
}
