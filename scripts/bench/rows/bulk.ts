/** Rows `bulk-*`: the Bulk changes page's preview, then the bulk runs sent from it (bulk-runs.ts). */
import { BULK_CHANGES_PAGE } from '../../../src/page-shared/bulk-page.ts';
import { profiled } from '../profiles.ts';
import { median, p95, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { DOCS_PER_TEAM, DOCUMENTS, picked, RUNS } from '../settings.ts';
import { keystrokeTimes } from '../typing.ts';
import { BULK_HOSTS, BULK_PER_HOST, bulkRunRows, COPY_RUNS, MOVE_RUNS, RENAME_RUNS, SHARE_RUNS } from './bulk-runs.ts';

/** What is typed into the Bulk changes page's Find field, one character at a time, then deleted. */
const BULK_FINDS = ['Document', 'ment 4'];

/**
 * The Bulk changes page at full size: every document selected, the preview updated as a rule is
 * typed (ms per keystroke); then bulk renames, access changes, moves and copies sent from it (see bulkRunRows).
 */
export async function bulkRows(phase: Phase): Promise<Row[]> {
  const page = await phase.extension.openPage(BULK_CHANGES_PAGE);
  await page.setViewportSize({ width: 1280, height: 900 });
  const rows: Row[] = [];
  if (picked('bulk-preview')) {
    await page.getByRole('button', { name: 'Select all shown' }).click();
    await page.getByText(`${DOCUMENTS} documents selected`).waitFor();
    const { result: typing, profile } = await profiled(page, () => keystrokeTimes(page, '.rules input[type="text"]', BULK_FINDS));
    rows.push(
      { figure: `bulk rename preview keystroke median, ${DOCUMENTS} documents selected (${typing.length} keystrokes)`, unit: 'ms', ours: median(typing), target: null, against: 'target' },
      { figure: `bulk rename preview keystroke p95, ${DOCUMENTS} documents selected`, unit: 'ms', ours: p95(typing), target: 16, against: 'target', profile },
    );
  }
  if (picked('bulk-rename')) rows.push(...(await bulkRunRows(phase, page, RENAME_RUNS)));
  if (picked('bulk-share')) rows.push(...(await bulkRunRows(phase, page, SHARE_RUNS)));
  // Each needs its own blocks of BULK_PER_HOST documents per team (MOVE_RUNS, COPY_RUNS), and a
  // team beyond the BULK_HOSTS the documents come from, whose workspace receives them; each says
  // so apart when it is left out.
  for (const [group, kind, blocks] of [['bulk-move', MOVE_RUNS, RUNS + 2], ['bulk-copy', COPY_RUNS, RUNS + 3]] as const) {
    if (!picked(group)) continue;
    if (phase.teams > BULK_HOSTS && DOCS_PER_TEAM >= blocks * BULK_PER_HOST) rows.push(...(await bulkRunRows(phase, page, kind)));
    else console.warn(`The ${group} rows need more than ${BULK_HOSTS} teams and ${blocks * BULK_PER_HOST} documents per team: left out.`);
  }
  await page.close();
  return rows;
}
