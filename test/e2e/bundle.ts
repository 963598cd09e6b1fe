/** What each page of the built extension loads, and its size compressed as stores and browsers send it. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST } from './extension.ts';

/** The JS files (relative to dist/) a page loads: its module script and the chunks it preloads. */
export async function pageScripts(page: 'popup' | 'options' | 'dialog' | 'bulk'): Promise<string[]> {
  const html = await readFile(join(DIST, 'src', page, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
}

/** The service worker's own bundle (relative to dist/). */
export async function workerScripts(): Promise<string[]> {
  return (await readdir(join(DIST, 'assets'))).filter((file) => file.startsWith('index.ts-')).map((file) => `assets/${file}`);
}

/** Sum of the files' gzip sizes, in KB (1024 bytes). */
export async function gzipKb(files: string[]): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(DIST, file))).length;
  return bytes / 1024;
}
