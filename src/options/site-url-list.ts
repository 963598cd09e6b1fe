/**
 * The "Team site URLs" box: text with one address per line, turned into a list of canonical site
 * URLs (see shared/rules/site-url.ts) and back. Pure, so it is unit-tested without a page.
 */
import { t } from '../shared/i18n.ts';
import { normalizeSiteUrl } from '../shared/rules/site-url.ts';

/** One line of the box that is not a usable site address. */
export interface SiteLineError {
  /** 1-based, as a person counts the lines they typed. */
  line: number;
  /** What the person should fix, from `normalizeSiteUrl`. */
  message: string;
}

export interface SiteUrlList {
  /** Canonical URLs in the order typed, without duplicates. */
  urls: string[];
  /** One entry per bad line; empty when every line is usable. */
  errors: SiteLineError[];
}

/**
 * Reads the box. A line may hold several addresses separated by spaces or commas (as people paste
 * them, `npm run demo` once printed them so): each must be a site URL on its own, or the line is an
 * error. Blank lines are skipped (people leave them between groups), and a site typed twice in
 * different spellings (`acme.getgrist.com`, `https://acme.getgrist.com/`) is kept once.
 */
export function parseSiteUrlList(text: string): SiteUrlList {
  const urls: string[] = [];
  const errors: SiteLineError[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const checks = raw.split(/[\s,]+/).filter(Boolean).map(normalizeSiteUrl);
    const bad = checks.find((check) => !check.ok);
    if (bad) {
      errors.push({ line: index + 1, message: bad.message });
      return;
    }
    for (const check of checks) if (check.ok && !urls.includes(check.url)) urls.push(check.url);
  });
  return { urls, errors };
}

/** Writes a list of URLs back into the box, one per line. */
export function formatSiteUrlList(urls: readonly string[]): string {
  return urls.join('\n');
}

/** The message shown under the box: one sentence per bad line, each naming its line. */
export function describeSiteLineErrors(errors: readonly SiteLineError[]): string {
  return errors.map((error) => t('errorOnLine', String(error.line), error.message)).join('\n');
}
