/**
 * The store packages: artifacts/<name>-<version>-chrome.zip from dist/ and
 * artifacts/<name>-<version>-firefox.zip from dist-firefox/, each with manifest.json at the root
 * as the Chrome Web Store and addons.mozilla.org expect. Build leftovers (source maps, dot folders
 * such as Vite's .vite/) stay out. Used by `npm run package` (scripts/package.ts) and the e2e tests.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import pkg from '../package.json' with { type: 'json' };

export const ROOT = resolve(import.meta.dirname, '..');

export const BUILDS = [
  { browser: 'chrome', dist: 'dist' },
  { browser: 'firefox', dist: 'dist-firefox' },
] as const;

export type Browser = (typeof BUILDS)[number]['browser'];

export interface ExtensionPackage {
  browser: Browser;
  /** Absolute path of the zip. */
  path: string;
  bytes: number;
  /** Entry names, sorted. */
  entries: string[];
}

/**
 * Every file date in the zips: a fixed one, so the same build gives the same bytes. Local time
 * because zip dates are local (DOS) times; fflate refuses dates before 1980.
 */
const FILE_DATE = new Date(2000, 0, 1, 12);

/** True for files that belong in a package. In: a path relative to the build folder, with `/`. */
export function isPackaged(path: string): boolean {
  return !path.endsWith('.map') && !path.split('/').some((segment) => segment.startsWith('.'));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Zips one build folder to `zipPath`. Throws when the folder is no build of this version (run
 * `npm run build` first), so a stale dist/ never ships under a new version number.
 */
export async function zipExtension(dist: string, zipPath: string, version: string = pkg.version): Promise<ExtensionPackage['entries']> {
  let manifest: { version?: unknown };
  try {
    manifest = JSON.parse(await readFile(join(dist, 'manifest.json'), 'utf8')) as { version?: unknown };
  } catch (error) {
    throw new Error(`${dist} has no readable manifest.json: run npm run build first`, { cause: error });
  }
  if (manifest.version !== version) {
    throw new Error(`${dist} was built as version ${String(manifest.version)}, not ${version}: run npm run build first`);
  }
  const entries = (await filesUnder(dist)).filter(isPackaged);
  const files: Zippable = {};
  for (const entry of entries) files[entry] = [await readFile(join(dist, entry)), { mtime: FILE_DATE }];
  await writeFile(zipPath, zipSync(files, { level: 9 }));
  return entries;
}

/** Writes both packages to `outDir` (artifacts/ by default). In: the folder holding the builds. */
export async function packageExtension({ root = ROOT, outDir = join(root, 'artifacts') } = {}): Promise<ExtensionPackage[]> {
  await mkdir(outDir, { recursive: true });
  const packages: ExtensionPackage[] = [];
  for (const { browser, dist } of BUILDS) {
    const path = join(outDir, `${pkg.name}-${pkg.version}-${browser}.zip`);
    const entries = await zipExtension(join(root, dist), path);
    packages.push({ browser, path, bytes: (await readFile(path)).length, entries });
  }
  return packages;
}
