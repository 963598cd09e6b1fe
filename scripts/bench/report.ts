/** The bench's report: the table printed, each missed row with where its time went, and test-results/bench.json. */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Row } from './row.ts';
import { DOCS_PER_TEAM, LATENCY_MS, RUNS, TEAMS } from './settings.ts';

/** Whether a row with a target meets it: its figure within it, and no run that measured something else (Row.missedBecause). */
export function meets(row: Row): boolean {
  return row.target !== null && row.ours <= row.target && !row.missedBecause?.length;
}

export function report(rows: Row[]) {
  const format = (value: number | undefined) => (value === undefined ? '' : Number.isNaN(value) ? 'NaN' : value.toFixed(value < 10 ? 1 : 0));
  const table = rows.map((row) => {
    const target = row.target;
    const ideal = target === null ? null : row.against === 'ideal' ? row.ideal! : target;
    const ratio = ideal === null ? '' : ideal === 0 ? (row.ours === 0 ? '0' : '∞') : (row.ours / ideal).toFixed(2);
    return {
      figure: row.figure,
      ours: `${format(row.ours)} ${row.unit}`,
      target: target === null ? '(reference)' : `≤ ${format(target)} ${row.unit}${row.against === 'ideal' ? ` (${(target / ideal!).toFixed(2)} × ideal ${format(ideal!)})` : ''}`,
      'ratio to target/ideal': ratio,
      meets: target === null ? '' : meets(row) ? 'yes' : 'NO',
      'ratio to nominal': row.nominal === undefined ? '' : (row.ours / row.nominal).toFixed(2),
      naive: row.naive === undefined ? '' : `${format(row.naive)} ${row.unit}`,
      'ours/naive': row.naive ? (row.ours / row.naive).toFixed(3) : '',
    };
  });
  console.table(table);
  for (const row of rows) {
    if (row.target === null || meets(row)) continue;
    console.log(`\nMISSED: ${row.figure}: ${row.ours.toFixed(1)} ${row.unit}, target ${row.target.toFixed(1)}.`);
    if (row.missedBecause?.length) console.log(`Not what a user meets in ${row.missedBecause.length} of its runs:\n${row.missedBecause.map((line) => `  ${line}`).join('\n')}`);
    if (row.ours <= row.target) continue;
    // A count or a size has no time to profile; nor has the worker's start, over before a session can attach.
    if (!row.profile) console.log('No profile: not a time, or over before the profiler could start.');
    else console.log('Where the time went (self time while measured):');
    for (const line of row.profile ?? []) console.log(line);
  }
  const path = resolve(import.meta.dirname, '../../test-results/bench.json');
  void mkdir(resolve(path, '..'), { recursive: true }).then(() =>
    writeFile(path, `${JSON.stringify({ teams: TEAMS, docsPerTeam: DOCS_PER_TEAM, latencyMs: LATENCY_MS, runs: RUNS, rows }, null, 2)}\n`),
  );
}
