/** The main phase: DOCS_PER_TEAM documents on each of TEAMS team sites (PHASE_GROUPS.main), its rows in the order they run. */
import type { Row } from '../row.ts';
import { startPhase } from '../set-up.ts';
import { DOCS_PER_TEAM, DOCUMENTS, groupsOf, PHASE_GROUPS, picked } from '../settings.ts';
import { bulkRows } from '../rows/bulk.ts';
import { floorRows } from '../rows/floor.ts';
import { freshListingRows } from '../rows/fresh-listing.ts';
import { trashRows } from '../rows/move-to-trash.ts';
import { omniboxRows } from '../rows/omnibox.ts';
import { pagesRows } from '../rows/pages.ts';
import { popupRows } from '../rows/popup.ts';
import { renameRows } from '../rows/rename.ts';
import { revalidationRows } from '../rows/revalidation.ts';
import { shareRows } from '../rows/share-panel.ts';
import { sizeRows } from '../rows/size.ts';
import { workerStartRows } from '../rows/worker-start.ts';

/** The rows of the main phase that BENCH_ROWS picks (PHASE_GROUPS.main). */
export async function mainRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const phase = await startPhase(DOCS_PER_TEAM);
  const { extension, refreshFromPage } = phase;
  try {
    if (picked('fresh-listing')) rows.push(...(await freshListingRows(phase, DOCUMENTS)));
    // What follows needs the listing in the cache: the fresh listing's rows left it there. Else
    // its write is waited for: a popup opened before it lands finds no cache (the revalidation
    // rows then counted every document as sent again).
    else {
      await refreshFromPage();
      await phase.listingStored();
    }

    if (picked('revalidation')) rows.push(...(await revalidationRows(phase)));
    if (picked('floor')) rows.push(...(await floorRows(extension)));
    if (picked('popup')) rows.push(...(await popupRows(phase, DOCUMENTS, { cachedOpen: 50, search: 8, heap: 30 })));
    if (picked('rename')) rows.push(...(await renameRows(phase)));
    if (picked('move-to-trash')) rows.push(...(await trashRows(phase)));
    if (picked('share-panel')) rows.push(...(await shareRows(phase)));

    // This phase's bulk rows only (the bulk backup has a phase of its own: phases/downloads.ts).
    if (picked(...groupsOf('bulk').filter((group) => (PHASE_GROUPS.main as readonly string[]).includes(group)))) rows.push(...(await bulkRows(phase)));
    if (picked('omnibox')) rows.push(...(await omniboxRows(extension, phase.options)));
    // After the popup and omnibox rows: judged against theirs, without pages, in the same run.
    if (picked('pages')) rows.push(...(await pagesRows(phase, DOCUMENTS, rows)));
    if (picked('worker-start')) rows.push(...(await workerStartRows(phase)));
    if (picked('size')) rows.push(...(await sizeRows()));
  } finally {
    await phase.close();
  }
  return rows;
}
