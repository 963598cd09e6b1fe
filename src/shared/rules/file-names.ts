/**
 * File and folder names for what the extension downloads: a name from Grist (a document's, a
 * site's, a workspace's, a table's) made safe on every file system (safeFileName), a backup's
 * folder (backupFolder) and the paths of a backup run's files, two documents of one name kept apart
 * (backupLayout, tableFileNames). Names are untrusted text from Grist.
 *
 * What "safe" means is the union of what Windows refuses (Microsoft Learn, "Naming Files, Paths,
 * and Namespaces": `<>:"/\|?*`, control characters, a trailing dot or space, the device names CON,
 * PRN, AUX, NUL, COM1-9, LPT1-9 with or without an extension) and what Chromium's
 * `downloads.download` refuses as "Invalid filename" (net/base/filename_util.cc
 * IsSafePortablePathComponent and base/i18n/file_util_icu.cc: also Unicode format characters
 * (Cf: bidi marks, zero-width joiners) and non-characters anywhere; white space, `.` or `~` at
 * either end; CLOCK$, desktop.ini, thumbs.db; the extensions `lnk`, `local` and `{…}`). Tried in
 * Debian's Chromium from the service worker (2026-11-29): `CON.grist`, `x.lnk`, a bidi override, a
 * zero-width joiner, `?`, a trailing `~` and a folder `trail. ` are refused ("Invalid filename");
 * `a~b.grist` is saved.
 */

/**
 * The most UTF-16 code units of one name (without the extension or a uniquifying ` (2)`). A backup's
 * deepest path, `Grist backup <date>/<site>/<workspace>/<document>/<table>.csv`, is then at most
 * 29 + 4 × (1 + 45) + 10 = 223 characters: with a Windows download folder of about 30
 * (`C:\Users\<name>\Downloads\`) it stays within MAX_PATH (260), and each name within the 255 bytes
 * ext4 and APFS allow per name (at most 3 UTF-8 bytes per code unit: 135).
 */
export const FILE_NAME_MAX_LENGTH = 45;

/** What an empty name (or one of only refused characters) becomes, unless the caller gives another. */
export const FALLBACK_FILE_NAME = 'Untitled';

/** What replaces a refused character, as Chromium and Firefox replace them in a download's name. */
const REPLACEMENT = '_';

// Refused anywhere: Windows' characters, control (Cc) characters, lone surrogates (Cs) and non-characters.
const REFUSED = /[<>:"/\\|?*\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
/** Format characters (Cf: bidi marks, zero-width joiners), refused by Chromium: invisible, so dropped rather than replaced. */
const FORMAT = /\p{Cf}/gu;
/** Refused at either end (Chromium; `~`: short names on VFAT), and at the end on Windows (a trailing dot or space is dropped by the file system). */
const REFUSED_AT_ENDS = /^[\p{White_Space}.~]+|[\p{White_Space}.~]+$/gu;
/** Windows' device names (Microsoft Learn, "Naming Files"; the superscript digits count too) and Chromium's CLOCK$: refused with any extension. */
const DEVICE_NAME = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³]|clock\$)$/i;
/** The shell's folder files (Chromium refuses them by their whole name). */
const SHELL_NAMES = new Set(['desktop.ini', 'thumbs.db']);
/** Extensions Chromium refuses (shell-integrated: a shortcut, a DLL redirection, a class id). */
const SHELL_EXTENSION = /\.(lnk|local|\{[^}]*\})$/i;

/** Made once, when first needed. */
let segmenter: Intl.Segmenter | undefined;

/** `text` cut to at most `max` code units, never inside a grapheme (an emoji, an accented letter). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  // A segmenter's default granularity is the grapheme (ECMA-402, Intl.Segmenter).
  for (const { segment } of (segmenter ??= new Intl.Segmenter()).segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
}

/**
 * In: a name from Grist, and what an empty result becomes (safe already; default
 * FALLBACK_FILE_NAME). Out: the name as one file or folder name every file system and both
 * browsers take: refused characters as `_`, invisible format characters dropped, white space runs (a line break, a tab) as one space,
 * no dot, space or `~` at either end, a device name (`CON`, `con.txt`, `Lpt1`) or shell name
 * followed by `_` before its extension (`CON_`, `con_.txt`), at most `max` code units
 * (FILE_NAME_MAX_LENGTH). The rest of the name stays as it was, so it stays readable.
 */
export function safeFileName(name: string, fallback = FALLBACK_FILE_NAME, max = FILE_NAME_MAX_LENGTH): string {
  let safe = name
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ')
    .replace(FORMAT, '')
    // Before the replacing: what is refused at an end goes, rather than leave an `_` there.
    .replace(REFUSED_AT_ENDS, '')
    .replace(REFUSED, REPLACEMENT);
  safe = cut(safe.replace(REFUSED_AT_ENDS, ''), max).replace(REFUSED_AT_ENDS, '');
  if (safe === '') return fallback;
  const dot = safe.indexOf('.');
  const base = (dot === -1 ? safe : safe.slice(0, dot)).trimEnd();
  if (DEVICE_NAME.test(base) || SHELL_NAMES.has(safe.toLowerCase())) {
    // `_` after the base name: Windows sees the device name only when nothing follows it but an extension.
    const at = dot === -1 ? safe.length : dot;
    safe = `${safe.slice(0, at)}${REPLACEMENT}${safe.slice(at)}`;
  }
  return safe.replace(SHELL_EXTENSION, (extension) => `${REPLACEMENT}${extension.slice(1)}`);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');


/**
 * How two paths compare on Windows and macOS: without regard to case, and (APFS, HFS+) to Unicode
 * normalization.
 */
const sameOnDisk = (path: string) => path.normalize('NFC').toLowerCase();

/**
 * `name` with ` (2)`, ` (3)`, ... before `extension` (`.grist`, or '' for a folder) until `taken`
 * (sameOnDisk keys) has none of its name: the first name free, taken now. The number is put after
 * the cut name, so a uniquified name is at most 4 to 6 characters longer than any other.
 */
function takeFree(taken: Set<string>, within: string, name: string, extension: string): string {
  for (let number = 1; ; number += 1) {
    const candidate = number === 1 ? name : `${name} (${number})`;
    const key = sameOnDisk(`${within}/${candidate}${extension}`);
    if (!taken.has(key)) {
      taken.add(key);
      return `${candidate}${extension}`;
    }
  }
}

/**
 * In: when a backup starts, and the folders other backups have (`taken`). Out: its folder's name,
 * `Grist backup YYYY-MM-DD HH.MM` in local time (a dot, not a colon, which Windows refuses), or
 * with ` (2)`, ` (3)`... when another backup has that one: two started within one minute would
 * otherwise share a folder, the second's files and backup.json replacing the first's.
 */
export function backupFolder(date: Date, taken: Iterable<string> = []): string {
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  const keys = new Set([...taken].map((folder) => sameOnDisk(`/${folder}`)));
  return takeFree(keys, '', `Grist backup ${day} ${twoDigits(date.getHours())}.${twoDigits(date.getMinutes())}`, '');
}

/** A document of a backup, as its file's path is made from it (backupLayout). */
export interface BackupPlace {
  /** Its site's name as the user sees it (siteDisplayName). */
  siteName: string;
  workspaceName: string;
  /** The document's name; its id names its file when the name is empty (of refused characters only). */
  name: string;
  docId: string;
}

/** The paths of one backup run's files, each document's unique within its folder (backupLayout). */
export interface BackupLayout {
  /**
   * In: the next document, and its file's extension without the dot (`grist`, `xlsx`), or null for
   * a CSV backup's folder of tables. Out: its path relative to the browser's download folder,
   * `<folder>/<site>/<workspace>/<document>.<ext>` (or `.../<document>` for a CSV backup), `/`
   * between names (as `downloads.download` takes them on every system): a document of a name
   * already taken in its workspace's folder (without regard to case) is `<document> (2)`, then
   * `(3)`. Deterministic: the same documents in the same order get the same paths.
   */
  pathOf(document: BackupPlace, extension: string | null): string;
}

/** The layout of a backup run into folder `folder` (backupFolder): its documents' paths, in the run's order. */
export function backupLayout(folder: string): BackupLayout {
  const taken = new Set<string>();
  return {
    pathOf({ siteName, workspaceName, name, docId }, extension) {
      const within = `${folder}/${safeFileName(siteName)}/${safeFileName(workspaceName)}`;
      const file = takeFree(taken, within, safeFileName(name, safeFileName(docId)), extension === null ? '' : `.${extension}`);
      return `${within}/${file}`;
    },
  };
}

/**
 * In: the tables of one document (their ids, in Grist's order). Out: each one's CSV file name in
 * the document's folder, `<table>.csv`, made safe, two that come to one name (without regard to
 * case, or cut alike) kept apart as `<table> (2).csv`.
 */
export function tableFileNames(tableIds: readonly string[]): string[] {
  const taken = new Set<string>();
  return tableIds.map((tableId) => takeFree(taken, '', safeFileName(tableId), '.csv'));
}
