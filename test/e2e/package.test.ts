/**
 * The store packages (`npm run package`) made from the builds in dist/ and dist-firefox/: what a
 * store or a user unzipping them gets.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { strFromU8, unzipSync, type Unzipped } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { FIREFOX_MIN_VERSION, GECKO_ID } from '../../scripts/firefox-manifest.ts';
import { packageExtension, ROOT, zipExtension, type ExtensionPackage } from '../../scripts/package-extension.ts';

/** The parts of a built manifest that name files or differ between the browsers. */
interface BuiltManifest {
  version: string;
  icons: Record<string, string>;
  action: { default_popup: string; default_icon: Record<string, string> };
  options_ui: { page: string };
  background: { service_worker?: string; scripts?: string[]; type?: string };
  minimum_chrome_version?: string;
  host_permissions: string[];
  permissions: string[];
  optional_permissions?: string[];
  optional_host_permissions: string[];
  browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string; data_collection_permissions?: unknown } };
}

let outDir: string;
let packages: ExtensionPackage[];
const zips = new Map<string, Unzipped>();

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'grist-package-'));
  packages = await packageExtension({ outDir });
  for (const { browser, path } of packages) zips.set(browser, unzipSync(await readFile(path)));
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

function unzipped(browser: string): { files: Unzipped; manifest: BuiltManifest } {
  const files = zips.get(browser);
  if (!files) throw new Error(`no ${browser} package`);
  const manifest = files['manifest.json'];
  if (!manifest) throw new Error(`the ${browser} package has no manifest.json at its root`);
  return { files, manifest: JSON.parse(strFromU8(manifest)) as BuiltManifest };
}

/** Files the manifest names, the document window the worker opens, and the files those load. */
function referencedFiles(manifest: BuiltManifest, files: Unzipped): string[] {
  const background = manifest.background.service_worker ? [manifest.background.service_worker] : (manifest.background.scripts ?? []);
  const pages = [manifest.action.default_popup, manifest.options_ui.page, 'src/document-window/index.html'];
  const icons = [...Object.values(manifest.icons), ...Object.values(manifest.action.default_icon)];
  const text = (file: string) => strFromU8(files[file] ?? new Uint8Array());
  const loadedByBackground = background.flatMap((file) => [...text(file).matchAll(/import\s*\(?\s*['"]\.\/([^'"]+)['"]/g)]);
  const loadedByPages = pages.flatMap((file) => [...text(file).matchAll(/(?:src|href)="\/([^"]+)"/g)]);
  const loaded = [...loadedByBackground, ...loadedByPages].map((match) => match[1] as string);
  return [...new Set([...background, ...pages, ...icons, ...loaded])];
}

describe.each(['chrome', 'firefox'])('the %s package', (browser) => {
  it('is named after the package and version, with manifest.json at its root', () => {
    const built = packages.find((each) => each.browser === browser);
    expect(built && basename(built.path)).toBe(`${pkg.name}-${pkg.version}-${browser}.zip`);
    expect(unzipped(browser).manifest.version).toBe(pkg.version);
  });

  it('holds every file the manifest names and every file those load', () => {
    const { files, manifest } = unzipped(browser);
    const referenced = referencedFiles(manifest, files);
    // The background loader, three pages, icons, and the scripts and styles they load.
    expect(referenced.length).toBeGreaterThan(10);
    expect(referenced.filter((file) => !(file in files))).toEqual([]);
  });

  it('holds no source maps, sources, tests or build leftovers', () => {
    const entries = Object.keys(unzipped(browser).files);
    expect(entries.filter((entry) => /\.map$|\.tsx?$|(^|\/)\.|^test\/|node_modules/.test(entry))).toEqual([]);
  });
});

describe('the manifests ask for the fewest permissions', () => {
  it.each(['chrome', 'firefox'])('%s: only getgrist.com is required; this machine is optional, like any self-hosted host', (browser) => {
    const { manifest } = unzipped(browser);
    expect(manifest.host_permissions).toEqual(['https://*.getgrist.com/*']);
    // Chrome limits storage.local to 10 MB without unlimitedStorage; Firefox to its IndexedDB limits.
    expect(manifest.permissions).toEqual(
      browser === 'chrome' ? ['storage', 'unlimitedStorage', 'declarativeNetRequestWithHostAccess', 'contextMenus'] : ['storage', 'declarativeNetRequestWithHostAccess', 'contextMenus'],
    );
    expect(manifest.optional_host_permissions).toEqual(expect.arrayContaining(['http://localhost/*', 'http://127.0.0.1/*']));
  });

  it.each(['chrome', 'firefox'])('%s: downloads is optional, asked at the first download, never required (a new required permission disables the installed extension on update)', (browser) => {
    const { manifest } = unzipped(browser);
    expect(manifest.optional_permissions).toEqual(['downloads']);
    expect(manifest.permissions).not.toContain('downloads');
  });
});

describe('the manifests differ where the browsers do', () => {
  it('Chrome: a service worker, and no Firefox settings', () => {
    const { manifest } = unzipped('chrome');
    expect(manifest.background).toEqual({ service_worker: 'service-worker-loader.js', type: 'module' });
    expect(manifest.browser_specific_settings).toBeUndefined();
  });

  it('Firefox: background scripts, the add-on id and minimum version, no data collected', () => {
    const { manifest } = unzipped('firefox');
    expect(manifest.background).toEqual({ scripts: ['service-worker-loader.js'], type: 'module' });
    expect(manifest.browser_specific_settings?.gecko).toEqual({
      id: GECKO_ID,
      strict_min_version: FIREFOX_MIN_VERSION,
      data_collection_permissions: { required: ['none'] },
    });
    expect(manifest.minimum_chrome_version).toBeUndefined();
  });
});

describe('packaging a build folder', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'grist-dist-'));
    await cp(join(ROOT, 'dist'), copy, { recursive: true });
    // What a build with source maps or Vite's build manifest would leave behind.
    await mkdir(join(copy, '.vite'));
    await writeFile(join(copy, '.vite', 'manifest.json'), '{}');
    await writeFile(join(copy, 'assets', 'leftover.js.map'), '{}');
  });

  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
  });

  it('leaves out source maps and dot folders', async () => {
    const entries = await zipExtension(copy, join(outDir, 'leftovers.zip'));
    expect(entries).toContain('manifest.json');
    expect(entries.filter((entry) => entry.endsWith('.map') || entry.startsWith('.vite/'))).toEqual([]);
    expect(Object.keys(unzipSync(await readFile(join(outDir, 'leftovers.zip'))))).toEqual(entries);
  });

  it('refuses a build of another version, so a stale dist/ is never shipped', async () => {
    await expect(zipExtension(copy, join(outDir, 'stale.zip'), '99.0.0')).rejects.toThrow(/npm run build/);
  });
});
