/**
 * A document's last change as people say it ("3 days ago", "yesterday"), and exactly (for its
 * tooltip), in the language the messages are shown in.
 */
import { t } from '../shared/i18n.ts';

/** The largest unit that fits, from seconds up: [unit, its length in seconds]. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let relative: Intl.RelativeTimeFormat | undefined;
let exact: Intl.DateTimeFormat | undefined;
/**
 * Formatted texts by time (and, for "ago", by minute of now): the visible rows are drawn again
 * at every keystroke of a search, and formatting dates is what costs there.
 */
const agoTexts = new Map<string, string>();
const exactTexts = new Map<string, string>();
const MAX_CACHED = 5000;

function remembered(cache: Map<string, string>, key: string, make: () => string): string {
  let text = cache.get(key);
  if (text === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    text = make();
    cache.set(key, text);
  }
  return text;
}

/**
 * In: an ISO 8601 time and now (ms since the epoch). Out: how long ago, "3 days ago", "now" under
 * a minute; empty for a time that does not read (Grist may send none).
 */
export function timeAgo(iso: string, now = Date.now()): string {
  return remembered(agoTexts, `${iso}|${Math.floor(now / 60_000)}`, () => formatAgo(iso, now));
}

function formatAgo(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  relative ??= new Intl.RelativeTimeFormat(t('languageCode'), { numeric: 'auto' });
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, length] of UNITS) {
    if (Math.abs(seconds) >= length) return relative.format(Math.trunc(seconds / length), unit);
  }
  return relative.format(0, 'second');
}

/** The same time in full ("23 November 2026 at 14:36"), for the tooltip; empty when it does not read. */
export function exactTime(iso: string): string {
  return remembered(exactTexts, iso, () => formatExact(iso));
}

function formatExact(iso: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  exact ??= new Intl.DateTimeFormat(t('languageCode'), { dateStyle: 'long', timeStyle: 'short' });
  return exact.format(then);
}
