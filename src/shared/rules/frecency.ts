/**
 * How recently and how often something was opened from the extension, as one score that fades:
 * each open adds 1, and the whole score halves every HALF_LIFE_DAYS. This follows Firefox's own
 * frecency, which decays every page's score by a daily factor of 0.975, "an half-life of 28 days"
 * (toolkit/components/places/PlacesFrecencyRecalculator.sys.mjs, FRECENCY_DECAYRATE), each visit
 * weighing less the older it is (browser/components/urlbar/docs/ranking.rst, "Frecency
 * implementation": an exponential decay). One number and a date per record, not each visit: the
 * sum of decayed visits decays as a whole, so the record is the score as of its last open.
 * Pure, and free of any clock: `now` (ms since the epoch) is always handed in.
 */
import { parseOpenKey, type OpenedMap, type OpenRecord } from '../protocol/pages.ts';

/** Firefox's: a score is worth half as much four weeks later. */
export const HALF_LIFE_DAYS = 28;
const HALF_LIFE_MS = HALF_LIFE_DAYS * 24 * 60 * 60 * 1000;

/** The most records kept per account: the popup's "Recently opened" and the address bar rank these few hundred, never every document. */
const MAX_KEPT_PER_ACCOUNT = 500;

/** A score under this is forgotten: one open, some six months (six half-lives) later. */
export const FORGET_BELOW = 1 / 64;

/** A record's score at `now`: its score as of `at`, halved every HALF_LIFE_DAYS since (never grown by a clock set back). */
export function scoreAt(record: OpenRecord, now: number): number {
  return record.score * 2 ** (-Math.max(0, now - record.at) / HALF_LIFE_MS);
}

/** The record after one more open at `now`: its score faded to now, plus 1. */
export function recordOpen(record: OpenRecord | undefined, now: number): OpenRecord {
  return { score: (record ? scoreAt(record, now) : 0) + 1, at: now };
}

/**
 * Compares two records by score (highest first) without a clock: every score fades by the same
 * factor, so their order never changes with time; compared as of the later of their dates.
 */
export function byScore(a: OpenRecord, b: OpenRecord): number {
  const at = Math.max(a.at, b.at);
  return scoreAt(b, at) - scoreAt(a, at);
}

/** What the address bar and Recently opened rank: a document or one of its pages, with its score now. */
export interface Ranked {
  score: number;
  isPage: boolean;
}

/**
 * Orders what was opened, highest score first; a page opened counts for its document too, so at one
 * score the page (what was opened) comes first.
 */
export function byRank(a: Ranked, b: Ranked): number {
  return b.score - a.score || Number(b.isPage) - Number(a.isPage);
}

/**
 * The records worth keeping at `now`: those whose score has not faded under FORGET_BELOW, and of
 * each account at most `most`, the highest scores. Out: `map` itself when nothing goes.
 */
export function keepMost(map: OpenedMap, now: number, most = MAX_KEPT_PER_ACCOUNT): OpenedMap {
  const byAccount = new Map<string, Array<[string, OpenRecord]>>();
  let dropped = false;
  for (const [key, record] of Object.entries(map)) {
    if (scoreAt(record, now) < FORGET_BELOW) {
      dropped = true;
      continue;
    }
    const { account } = parseOpenKey(key);
    const entries = byAccount.get(account);
    if (entries) entries.push([key, record]);
    else byAccount.set(account, [[key, record]]);
  }
  for (const entries of byAccount.values()) {
    if (entries.length <= most) continue;
    entries.sort(([, a], [, b]) => byScore(a, b));
    entries.length = most;
    dropped = true;
  }
  return dropped ? Object.fromEntries([...byAccount.values()].flat()) : map;
}
