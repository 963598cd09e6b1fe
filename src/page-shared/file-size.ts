/**
 * A file's size as a person reads it, in the pages' language (the `languageCode` message): "830
 * bytes", "12 kB", "1.2 MB", "3.4 GB" (French "1,2 Mo"), by Intl's units (ECMA-402 sanctioned
 * units: byte, kilobyte, megabyte, gigabyte). Decimal units (1 MB = 1,000,000 bytes), as their names
 * say; one decimal at most.
 */
import { t } from '../shared/i18n.ts';

/** The formats, made once per language and unit. */
const formats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>();

/** `bytes` in the largest unit under which it is at least 1, to one decimal. */
export function formatSize(bytes: number): string {
  const [unit, size] = bytes < 1e3 ? ['byte', bytes] : bytes < 1e6 ? ['kilobyte', bytes / 1e3] : bytes < 1e9 ? ['megabyte', bytes / 1e6] : ['gigabyte', bytes / 1e9];
  const language = t('languageCode') || 'en';
  let format = formats.get(`${language} ${unit}`);
  if (!format) formats.set(`${language} ${unit}`, (format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 })));
  return format.format(size);
}
