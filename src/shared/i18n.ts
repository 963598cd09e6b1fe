/**
 * Every text a person sees comes from `_locales/<lang>/messages.json` (public/_locales/), read with
 * the browser's i18n API, which picks the user's language and falls back to `default_locale` (en).
 * Substitutions fill the message's placeholders in order: `$1`, `$2`... (developer.chrome.com/docs/extensions/reference/api/i18n).
 *
 * Counts: chrome.i18n has no plurals, so a message that says a number of things is one message per
 * plural category of CLDR, named `<key>_one` and `<key>_other` in every language (a category a
 * language has beyond these, such as French `many` for a million and more, reads `_other`), and read
 * with `tCount('<key>', count, ...others)`: the count is always `$1`, the other substitutions `$2`...
 * A new counted string is those two entries in each messages.json (placeholder `count` = `$1`) and
 * one tCount call; tCount('documentCount', n) and its kin (siteCount, dayCount...) are fragments.
 * Intl.PluralRules of the messages' own language (the `languageCode` message) picks the form,
 * so French says "0 document" and English "0 documents". A message with two counts takes each
 * count's words as a counted fragment (`tCount('documentCount', n)` as a substitution), or is
 * worded so that no word agrees with a number ("renamed: 3"). The locales test fails on a count
 * written into a message that has no plural forms, and on code that picks a message by `=== 1`.
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

/** A message with plural forms: `key` when `key_one` and `key_other` are both messages. */
export type CountedKey = { [K in MessageKey]: K extends `${infer Base}_other` ? (`${Base}_one` extends MessageKey ? Base : never) : never }[MessageKey];

/** The plural rules of each language the messages come in, made once each. */
const pluralRules = /* @__PURE__ */ new Map<string, Intl.PluralRules>();

/**
 * The message `key` in the plural form its language uses for `count` (`key_one`, `key_other`...),
 * with `count` as `$1` and `substitutions` as `$2`, `$3`... A category the language's file does
 * not have (French `many`, for a million and more) reads as `key_other`.
 */
export function tCount(key: CountedKey, count: number, ...substitutions: string[]): string {
  const language = browser.i18n.getMessage('languageCode') || 'en';
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  const values = [String(count), ...substitutions];
  return browser.i18n.getMessage(`${key}_${rules.select(count)}`, values) || browser.i18n.getMessage(`${key}_other`, values);
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
