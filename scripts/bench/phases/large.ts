/** The large phase: LARGE_TEAMS team sites of LARGE_DOCS_PER_TEAM documents (PHASE_GROUPS.large). */
import type { Row } from '../row.ts';
import { startPhase } from '../set-up.ts';
import { LARGE_DOCS_PER_TEAM, LARGE_TEAMS, picked } from '../settings.ts';
import { popupRows } from '../rows/popup.ts';
import { PEOPLE_VIEW, TRASH_VIEW, viewRows } from '../rows/views.ts';

/**
 * The popup at LARGE_TEAMS × LARGE_DOCS_PER_TEAM documents (100,000 on 201 sites by default): the
 * cache stored whole (no quota error), then the popup rows at that size.
 */
export async function largeRows(): Promise<Row[]> {
  const documents = LARGE_TEAMS * LARGE_DOCS_PER_TEAM;
  const phase = await startPhase(LARGE_DOCS_PER_TEAM, LARGE_TEAMS);
  try {
    const started = performance.now();
    const { ok } = await phase.refreshFromPage();
    const refreshMs = performance.now() - started;
    // The refresh answers before its listing is stored: wait for the write, then read what it stored.
    const stored = await phase.extension.worker.evaluate(async () => {
      for (let tries = 0; tries < 100; tries++) {
        const { listing } = (await chrome.storage.local.get('listing')) as { listing?: string };
        if (listing) return { bytes: listing.length, documents: (listing.match(/"urlId"/g) ?? []).length };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { bytes: 0, documents: 0 };
    });
    return [
      ...(picked('large-listing')
        ? [
            { figure: `fresh listing, no cache, no latency, ${LARGE_TEAMS + 1} sites, ${documents} documents (${ok ? 'ok' : 'FAILED'})`, unit: 'ms', ours: refreshMs, target: null, against: 'target' } satisfies Row,
            { figure: `cached listing stored, ${documents} documents (${(stored.bytes / 2 ** 20).toFixed(1)} MB)`, unit: 'documents', ours: stored.documents, target: null, against: 'target' } satisfies Row,
          ]
        : []),
      ...(picked('large-popup') ? await popupRows(phase, documents, { cachedOpen: 60, search: 12, heap: 60 }) : []),
      ...(picked('trash-view') ? await viewRows(phase, TRASH_VIEW) : []),
      ...(picked('people-view') ? await viewRows(phase, PEOPLE_VIEW) : []),
    ];
  } finally {
    await phase.close();
  }
}
