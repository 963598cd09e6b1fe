/** A phase's set-up: a fake Grist of a given size over https, and a browser with the extension set up for it. */
import { generateSeed, USERS } from '../../test/fake-grist/sample-data.ts';
import { startFakeGrist } from '../../test/fake-grist/server.ts';
import { makeSelfSignedCert } from '../../test/fake-grist/tls.ts';
import { loadExtension, type LoadOptions } from '../../test/e2e/extension.ts';
import type { DownloadOptions } from '../../test/fake-grist/downloads.ts';
import { OPTIONS_PAGE, saveOptions } from '../../test/e2e/user-actions.ts';
import { LISTING_PORT, type ListingPart } from '../../src/shared/protocol/messages.ts';
import { watchPopup } from './popup-watch.ts';
import { TEAMS } from './settings.ts';

/**
 * The floor of an extension page on this machine: a page holding one line of text and a module
 * script that only marks when it runs, added to the extension's copy (see floorRows).
 */
const EMPTY_PAGE = {
  'bench-empty.html': '<!doctype html><meta charset="utf-8"><p>Empty</p><script type="module" src="/bench-empty.js"></script>',
  'bench-empty.js': "performance.mark('ran');",
};

/** What a phase sets up beyond the shipped extension and the fake's defaults (the downloads phase). */
export interface PhaseSetUp {
  /** The fake Grist's files (downloads.ts: the size of a `.grist`). */
  downloads?: DownloadOptions;
  /** The browser's: the optional `downloads` permission granted, and the folder files land in (extension.ts). */
  load?: LoadOptions;
}

/** A fake Grist with `docsPerTeam` documents in each of `teams` teams, and a browser set up for it (with `setUp`'s additions). */
export async function startPhase(docsPerTeam: number, teams = TEAMS, setUp: PhaseSetUp = {}) {
  const tls = await makeSelfSignedCert();
  const grist = await startFakeGrist({ mode: 'per-team', tls, seed: generateSeed({ teams, docsPerTeam }), ...(setUp.downloads ? { downloads: setUp.downloads } : {}) });
  const extension = await loadExtension([`--host-resolver-rules=MAP *.getgrist.com 127.0.0.1:${grist.port}`, '--ignore-certificate-errors'], EMPTY_PAGE, setUp.load);
  await extension.context.addInitScript(watchPopup);
  await saveOptions(extension, { apiKey: USERS.owner.apiKey });
  const options = await extension.openPage(OPTIONS_PAGE);
  return {
    teams,
    tls,
    grist,
    extension,
    clearCache: () => extension.worker.evaluate(() => chrome.storage.local.remove(['listing', 'listingPreview', 'listingTags'])),
    /** Resolves once the cache holds a listing (a refresh answers before its listing is stored). */
    listingStored: () =>
      extension.worker.evaluate(async () => {
        for (let waited = 0; waited < 10_000; waited += 50) {
          if ((await chrome.storage.local.get('listingPreview')).listingPreview) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('The refresh stored no listing.');
      }),
    /**
     * Keeps the cached listing but makes every ETag stale: Grist then answers each request in full,
     * as after a change on every site.
     */
    staleTags: () =>
      extension.worker.evaluate(async () => {
        type Tags = { revision: string; tags: Record<string, Record<string, string>> };
        // The refresh's cache write may land after its last part reached the page: wait for it.
        let { listingTags } = (await chrome.storage.local.get('listingTags')) as { listingTags?: Tags };
        for (let waited = 0; !listingTags && waited < 10_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          ({ listingTags } = (await chrome.storage.local.get('listingTags')) as { listingTags?: Tags });
        }
        if (!listingTags) throw new Error('The refresh stored no ETags.');
        const tags = Object.fromEntries(
          Object.entries(listingTags.tags).map(([account, byUrl]) => [account, Object.fromEntries(Object.keys(byUrl).map((url) => [url, 'W/"stale"']))]),
        );
        await chrome.storage.local.set({ listingTags: { ...listingTags, tags } });
      }),
    /** The refresh as a page asks for it, over its port (see LISTING_PORT): ms until the last part is in the page. */
    refreshFromPage: () =>
      options.evaluate(async (name) => {
        const started = performance.now();
        const ok = await new Promise<boolean>((resolve) => {
          const sites: unknown[] = [];
          const port = chrome.runtime.connect({ name });
          port.onMessage.addListener((part: ListingPart) => {
            if ('site' in part) sites.push(part.site);
            else if ('end' in part) {
              // As the page's client does: the port (and the listing its listener holds) goes now.
              port.disconnect();
              resolve(part.end.ok && sites.length > 0);
            }
          });
          port.onDisconnect.addListener(() => resolve(false));
        });
        return { ms: performance.now() - started, ok };
      }, LISTING_PORT),
    options,
    close: async () => {
      await extension.close();
      await grist.close();
    },
  };
}

/** A phase as startPhase sets it up: its fake Grist, its browser and what the rows do with them. */
export type Phase = Awaited<ReturnType<typeof startPhase>>;
