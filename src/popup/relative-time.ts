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
 * In: an ISO 8601 time and now (ms since the epoch). Out: how long ago, "3 days ago", "now" under
 * a minute; empty for a time that does not read (Grist may send none).
 */
export function timeAgo(iso: string, now = Date.now()): string {
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
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  exact ??= new Intl.DateTimeFormat(t('languageCode'), { dateStyle: 'long', timeStyle: 'short' });
  return exact.format(then);
}
