/**
 * The downloads phase (issue 51, PHASE_GROUPS.downloads): DOCS_PER_TEAM documents on each of TEAMS
 * team sites, as in the main phase, from a fake Grist whose `.grist` files are 200 KB, and a browser
 * whose copy of the extension has the optional `downloads` permission granted (a user who
 * downloaded once; Chromium's prompt cannot be answered by automation, extension.ts) and saves into
 * a folder of the phase's own. A phase apart, so the other rows run on the extension as shipped.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Row } from '../row.ts';
import { startPhase } from '../set-up.ts';
import { DOCS_PER_TEAM, picked } from '../settings.ts';
import { bulkBackupRows } from '../rows/bulk-backup.ts';
import { downloadRows } from '../rows/download.ts';

/**
 * The part of Chrome's `chrome.downloads` the bench's code in the worker uses (the pages' `chrome`
 * typing, test/e2e/tsconfig-globals.d.ts, has none: the shipped extension asks for it only when needed).
 * Code run in the worker casts to it in place (a closure is not sent there).
 */
export interface BenchDownloads {
  download(options: { url: string; filename: string; headers: { name: string; value: string }[]; conflictAction: 'overwrite'; saveAs: false }): Promise<number>;
  erase(query: object): Promise<number[]>;
  onChanged: Listened<(delta: { id: number; state?: { current?: string } }) => void>;
  onCreated: Listened<(item: { id: number }) => void>;
}
interface Listened<T> {
  addListener(listener: T): void;
  removeListener(listener: T): void;
}

/** The size of each `.grist` file the fake sends (issue 51: "200 KB each"). */
export const GRIST_BYTES = 200 * 1024;

/** Starts the phase: the main phase's set-up with downloads (see above), and what empties its download folder. */
async function startDownloadsPhase() {
  const folder = await mkdtemp(join(tmpdir(), 'grist-bench-downloads-'));
  const phase = await startPhase(DOCS_PER_TEAM, undefined, { downloads: { gristBytes: GRIST_BYTES }, load: { grantDownloads: true, downloadFolder: folder } });
  return {
    ...phase,
    /** Erases the browser's download history and deletes the files saved, so a run starts as the first did. */
    clearDownloads: async () => {
      await phase.extension.worker.evaluate(() => (chrome as unknown as { downloads: BenchDownloads }).downloads.erase({}));
      await Promise.all((await readdir(folder)).map((name) => rm(join(folder, name), { recursive: true, force: true })));
    },
    close: async () => {
      await phase.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A downloads phase as startDownloadsPhase sets it up. */
export type DownloadsPhase = Awaited<ReturnType<typeof startDownloadsPhase>>;

/** The rows of the downloads phase that BENCH_ROWS picks (PHASE_GROUPS.downloads). */
export async function downloadsRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const phase = await startDownloadsPhase();
  try {
    // The rows look documents up in the worker's cached listing: its write is waited for.
    await phase.refreshFromPage();
    await phase.listingStored();
    if (picked('download')) rows.push(...(await downloadRows(phase)));
    // Sent from the options page the phase keeps open, as the bulk runs are from the Bulk page.
    if (picked('bulk-backup')) rows.push(...(await bulkBackupRows(phase, phase.options)));
  } finally {
    await phase.close();
  }
  return rows;
}
