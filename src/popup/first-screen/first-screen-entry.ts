/**
 * The popup's script: shows the first screen the last popup drew (first-screen.ts), then starts
 * the popup itself (main.tsx). The popup's code is fetched only once the drawing is up: preloaded
 * by the page, its loading held up the drawing it replaces (by about 4 ms at the median of 24
 * opens, and the popup's own view came no sooner). No drawing when the popup was opened with a
 * search (`?q=`), whose results the drawing does not show. Reads storage itself, without the shared modules: importing them would make this script
 * wait for theirs. A classic script run from the page's head as soon as it is loaded (index.html):
 * the read starts while the page is parsed, about 4 ms sooner than a module script at its end.
 */
import { showFirstScreen } from './first-screen.ts';

interface Api {
  storage: { local: { get: (keys: string[]) => Promise<Record<string, unknown>> } };
  runtime: { getManifest: () => { version: string } };
  i18n: { getUILanguage: () => string };
}
// Firefox's `browser`, or Chrome's `chrome` (whose calls return promises): see shared/extension-api.ts.
const scope = globalThis as unknown as Record<'browser' | 'chrome', Api | undefined>;
const api = scope.browser ?? scope.chrome;
/** FIRST_SCREEN_FORMAT (shared/storage/first-screen.ts): a drawing of another format is not shown. */
const FORMAT = 2;
const storage = api?.storage.local;
// Run before the body is parsed: the read starts now, the drawing goes in once the page is there.
const parsed = new Promise((resolve) => (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', resolve, { once: true }) : resolve(null)));

const drawn =
  storage && !new URLSearchParams(location.search).has('q')
    ? // The keys of firstScreenItem and listingPreviewItem (shared/storage/storage-items.ts).
      // The version, language and format as firstScreenMade (shared/storage/first-screen.ts) puts them.
      Promise.all([storage.get(['firstScreen', 'listingPreview']), parsed]).then(([stored]) => {
        const container = document.getElementById('first-screen');
        return container && showFirstScreen(stored, container, `${api.runtime.getManifest().version} ${api.i18n.getUILanguage()} ${FORMAT}`);
      })
    : Promise.resolve();
// The popup's code, built as an entry of its own (vite.config.ts): named at run time, so that the
// bundler leaves it out of this script.
const popup = './main.js';
void drawn.catch(() => undefined).then(() => import(/* @vite-ignore */ popup));
