/** What each page of the built extension loads, and its size compressed as stores and browsers send it. */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST } from './extension.ts';

/**
 * The size alarms, in KB of gzipped JavaScript, rung by bundle-size.test.ts and printed by the
 * bench: the popup's opening scripts, any other page, the service worker. Alarms with room, never
 * a reason to bend a module's shape. The worker's went from 40 to 48 with people and sharing
 * (issue 43: the access, person and workspace changes and the listing's access index, 32 → 40.6 KB),
 * and to 56 with downloads and backups (issue 51: a document's download, the backup run and its
 * stored state, backup.json, the permission wait; 52.7 KB measured), and to 60 with a document's
 * pages and frecency (issue 52: the pages' reads, refresh and opening, the opens' scores, the address
 * bar's pages; 55.5 KB measured): an MV3 service worker may not
 * import() code on demand, so a capability of the worker weighs on it whole. The popup's went from
 * 24 to 32 with a document's pages and Recently opened (issue 52: 23.8 → 28.3 KB measured: the
 * page rows, their search and index, the expand button and keys, the known pages' storage item,
 * which the search needs at its first keystroke and the list at its first →; Recently opened's
 * rows, on the first screen once something was opened). The bench's cached open says what they cost.
 */
export const ALARM_KB = { popup: 32, page: 40, worker: 60 } as const;

/**
 * The JS files (relative to dist/) a page loads at once: the scripts and preloads its HTML names,
 * and the scripts those import by a fixed name (the popup's first-screen script imports the popup's
 * code, `import(\`./main.js\`)`). What they import in turn is not followed: the chunks a page's
 * code imports when a part is opened (the popup's history) are loaded only then.
 */
export async function pageScripts(page: 'popup' | 'options' | 'document-window' | 'bulk'): Promise<string[]> {
  const html = await readFile(join(DIST, 'src', page, 'index.html'), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
  const imported = await Promise.all(
    named.map(async (file) => {
      const code = await readFile(join(DIST, file), 'utf8');
      return [...code.matchAll(/\bimport\(\s*[`'"]\.\/([^`'"]+\.js)[`'"]\s*\)/g)].map((match) => join(dirname(file), match[1] as string));
    }),
  );
  return [...new Set([...named, ...imported.flat()])];
}

/**
 * The service worker's scripts (relative to dist/): the chunk its loader imports, and the chunks
 * that imports in turn (it shares some with the pages).
 */
export async function workerScripts(): Promise<string[]> {
  const found = new Set<string>();
  const follow = async (file: string): Promise<void> => {
    const code = await readFile(join(DIST, file), 'utf8');
    for (const [, path] of code.matchAll(/(?:import|from)\s*["']\.\/?([^"']+\.js)["']/g)) {
      const next = join(dirname(file), path as string);
      if (!found.has(next)) {
        found.add(next);
        await follow(next);
      }
    }
  };
  await follow('service-worker-loader.js');
  return [...found];
}

/** Sum of the files' gzip sizes, in KB (1024 bytes). */
export async function gzipKb(files: string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(DIST, file))).length;
  return bytes / 1024;
}
