/**
 * The extension API with promises, for the pages and the modules they share with the worker:
 * Firefox's `browser`, or else Chrome's `chrome`, whose calls return promises in Manifest V3
 * (Chrome's "Promises" note in its extension API docs). The same object webextension-polyfill
 * hands out in Firefox, without the polyfill's 9 KB in every page: the pages use no API it
 * changes in Chrome (it wraps listeners that answer `runtime.onMessage` with a promise, which
 * only the worker does, and the worker keeps the polyfill). Typed as the polyfill's `browser`.
 */
import type Browser from 'webextension-polyfill';

const scope = globalThis as unknown as { browser?: Browser.Browser; chrome?: Browser.Browser };

export const extensionApi: Browser.Browser = scope.browser ?? scope.chrome!;
