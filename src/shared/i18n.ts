/**
 * Every text a person sees comes from `_locales/<lang>/messages.json` (public/_locales/), read with
 * the browser's i18n API, which picks the user's language and falls back to `default_locale` (en).
 * Substitutions fill the message's placeholders in order: `$1`, `$2`... (developer.chrome.com/docs/extensions/reference/api/i18n).
 */
import { extensionApi as browser } from './extension-api.ts';
// A type-only import: the English file gives the keys, and is not bundled into any page.
import type en from '../../public/_locales/en/messages.json';

/** A key of the English messages.json: a key missing there is a type error. */
export type MessageKey = keyof typeof en;

/** The message `key` in the user's language, with `substitutions` in its placeholders (none: empty). */
export function t(key: MessageKey, ...substitutions: string[]): string {
  return browser.i18n.getMessage(key, substitutions);
}

/**
 * Each message read by tRepeated, with a stand-in for each placeholder (`$1` is U+E000, a
 * private-use character, `$2` U+E001...).
 */
const templates = /* @__PURE__ */ new Map<string, string>();
const STAND_INS = /* @__PURE__ */ Array.from({ length: 9 }, (_, index) => String.fromCharCode(0xe000 + index));

/**
 * The same as t, for the messages the popup asks for again and again: each of its rows' labels
 * names the row's document, and a keystroke that changes the rows asks for about a hundred, each
 * getMessage a call into the browser (0.4 ms of such a keystroke at 20,000 documents). The
 * browser is asked once per message; the pages that do not use this leave it out of their
 * bundles (the service worker's budget has no room for it).
 */
export function tRepeated(key: MessageKey, ...substitutions: string[]): string {
  let template = templates.get(key);
  if (template === undefined) templates.set(key, (template = browser.i18n.getMessage(key, STAND_INS)));
  return template.replace(/[\ue000-\ue008]/g, (standIn) => substitutions[standIn.charCodeAt(0) - 0xe000] ?? '');
}
