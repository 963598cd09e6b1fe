/**
 * The Firefox manifest, derived from the one manifest.json (written for Chrome) at build time:
 * `vite build --mode firefox` writes it to dist-firefox/.
 */
import type { ManifestV3Export } from '@crxjs/vite-plugin';
import type chromeManifest from '../manifest.json';

type ChromeManifest = typeof chromeManifest;
type CrxManifest = Extract<ManifestV3Export, { manifest_version: number }>;

/**
 * The add-on's permanent id on addons.mozilla.org (AMO). Firefox MV3 add-ons must name one to be
 * signed, and it can never change once published, or users' installs stop updating. It has the
 * e-mail form AMO recommends; example.org (reserved by RFC 2606) because the project owns no
 * domain, and a real domain must not be borrowed: the getgrist.com one belongs to Grist Labs.
 */
export const GECKO_ID = 'grist-quick-rename@example.org';

/**
 * Firefox 140 (an ESR release) is the first that shows `data_collection_permissions` in its
 * install prompt (extensionworkshop.com/documentation/develop/firefox-builtin-data-consent: desktop
 * 140, Android 142); Firefox 127 and older refuse a manifest that has the key at all. Everything
 * else the extension uses is older: declarativeNetRequest with `modifyHeaders` and
 * `initiatorDomains` (113), host permissions granted in the install prompt (127),
 * `optional_host_permissions` (128).
 */
export const FIREFOX_MIN_VERSION = '140.0';

/**
 * In: the Chrome manifest. Out: the same with Firefox's differences:
 * - `background.scripts` instead of `service_worker`: Firefox runs MV3 background code as an event
 *   page, not a service worker (crxjs' `browser: 'firefox'` then points it at its loader);
 * - no `minimum_chrome_version` (Firefox warns about keys it does not know);
 * - no `unlimitedStorage`: Firefox holds an extension's `storage.local` to the limits of its
 *   IndexedDB databases (MDN, storage.local), far above the 15 MB of a 100,000-document listing,
 *   and the permission would add a line to its install prompt. (With it, the options page's first
 *   save in a fresh profile was also lost about one time in two in the end-to-end test.)
 * - `browser_specific_settings.gecko`: the id, the minimum version, and the data the add-on
 *   collects, which AMO requires of new add-ons: none, as nothing goes to the authors or a third
 *   party; the API key and document names go only to the Grist servers the user configured, to do
 *   what the user asks there.
 */
export function firefoxManifest(manifest: ChromeManifest): CrxManifest {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out to be left out
  const { minimum_chrome_version, background, ...shared } = manifest;
  return {
    ...shared,
    // crxjs adds `type: 'module'` to the background it writes for either browser.
    background: { scripts: [background.service_worker] },
    permissions: shared.permissions.filter((permission) => permission !== 'unlimitedStorage'),
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: FIREFOX_MIN_VERSION,
        data_collection_permissions: { required: ['none'] },
      },
    },
  };
}
