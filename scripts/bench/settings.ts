/**
 * The bench's set-up from the environment (sizes, latency, runs) and its rows by group and phase:
 * PHASE_GROUPS is the one list of them, which BENCH_ROWS picks among (see main.ts).
 */

export const TEAMS = Number(process.env.TEAMS ?? 50);
export const DOCS_PER_TEAM = Number(process.env.DOCS_PER_TEAM ?? 400);
export const LATENCY_MS = Number(process.env.LATENCY_MS ?? 100);
export const RUNS = Number(process.env.RUNS ?? 5);
export const DOCUMENTS = TEAMS * DOCS_PER_TEAM;
export const LARGE_TEAMS = Number(process.env.LARGE_TEAMS ?? 200);
export const LARGE_DOCS_PER_TEAM = Number(process.env.LARGE_DOCS_PER_TEAM ?? 500);
/** Documents per team in the first phase, which measures the fresh listing at a typical size. */
export const SMALL_DOCS_PER_TEAM = 20;
export const REMOVAL_TEAMS = Number(process.env.REMOVAL_TEAMS ?? 3);
export const REMOVAL_DOCS_PER_TEAM = Number(process.env.REMOVAL_DOCS_PER_TEAM ?? 2000);

/**
 * The bench's rows by group, in the order they run, under the phase that runs them (each phase
 * has its own fake Grist and browser): the one list of them, which BENCH_ROWS picks among. The
 * fresh listing is measured in the small phase and again in the main one.
 */
export const PHASE_GROUPS = {
  /** SMALL_DOCS_PER_TEAM documents on each of TEAMS team sites. */
  small: ['fresh-listing'],
  /** DOCS_PER_TEAM documents on each of TEAMS team sites. */
  main: ['fresh-listing', 'revalidation', 'floor', 'popup', 'rename', 'move-to-trash', 'share-panel', 'bulk-preview', 'bulk-rename', 'bulk-share', 'bulk-move', 'bulk-copy', 'omnibox', 'pages', 'worker-start', 'size'],
  /** LARGE_DOCS_PER_TEAM documents on each of LARGE_TEAMS team sites. */
  large: ['large-listing', 'large-popup', 'trash-view', 'people-view'],
  /** REMOVAL_DOCS_PER_TEAM documents on each of REMOVAL_TEAMS team sites. */
  removal: ['removal'],
  /** As main, with 200 KB `.grist` files and the `downloads` permission granted (phases/downloads.ts). */
  downloads: ['download', 'bulk-backup'],
} as const;
/** Every group, once, in the order they run. */
const ROW_GROUPS = [...new Set(Object.values(PHASE_GROUPS).flat())];
type RowGroup = (typeof ROW_GROUPS)[number];
/** The groups whose name starts with `word` and a dash (`bulk`: every bulk row). */
export const groupsOf = (word: string) => ROW_GROUPS.filter((group) => group.startsWith(`${word}-`));

/** The groups BENCH_ROWS names (a group, or its first word for all that start with it); every group when unset. */
const PICKED: ReadonlySet<RowGroup> = (() => {
  const names = (process.env.BENCH_ROWS ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return new Set(ROW_GROUPS);
  const picked = new Set<RowGroup>();
  for (const name of names) {
    const groups = ROW_GROUPS.filter((group) => group === name || groupsOf(name).includes(group));
    if (groups.length === 0) throw new Error(`BENCH_ROWS: no rows named ${name}. The groups: ${ROW_GROUPS.join(', ')}.`);
    for (const group of groups) picked.add(group);
  }
  return picked;
})();

/** Whether BENCH_ROWS picks any of `groups`. */
export const picked = (...groups: RowGroup[]) => groups.some((group) => PICKED.has(group));
