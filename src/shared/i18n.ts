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

/** The message `key` in the user's language, with `substitutions` in its placeholders. */
export function t(key: MessageKey, ...substitutions: string[]): string {
  return browser.i18n.getMessage(key, substitutions);
}
