/** The removal phase: REMOVAL_DOCS_PER_TEAM documents on each of REMOVAL_TEAMS team sites (PHASE_GROUPS.removal). */
import type { Row } from '../row.ts';
import { startPhase } from '../set-up.ts';
import { REMOVAL_DOCS_PER_TEAM, REMOVAL_TEAMS } from '../settings.ts';
import { removalRows } from '../rows/removal.ts';

/** A member removed from every site, in a phase of its own (rows/removal.ts). */
export async function removalPhaseRows(): Promise<Row[]> {
  const phase = await startPhase(REMOVAL_DOCS_PER_TEAM, REMOVAL_TEAMS);
  try {
    return await removalRows(phase);
  } finally {
    await phase.close();
  }
}
