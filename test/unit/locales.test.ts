/**
 * The messages of every language: the same keys and placeholders in English and French, every
 * message used somewhere, and every key the code or the manifest asks for present.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../public/_locales/en/messages.json' with { type: 'json' };
import fr from '../../public/_locales/fr/messages.json' with { type: 'json' };
import manifest from '../../manifest.json' with { type: 'json' };
import { tCount } from '../../src/shared/i18n.ts';
import { TRASH_DAYS } from '../../src/shared/protocol/trash.ts';

interface Message {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string }>;
}
type Messages = Record<string, Message>;

const locales: Record<string, Messages> = { en, fr };
const root = join(import.meta.dirname, '../..');

/** Every .ts and .tsx file under src/, with its text. */
function sourceFiles(dir = join(root, 'src')): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });
}

/** The `$name$` references of a message, lower-cased as the browser matches them, sorted. */
function references(message: string): string[] {
  return [...new Set([...message.matchAll(/\$([a-z0-9_@]+)\$/gi)].map((match) => match[1]!.toLowerCase()))].sort();
}

/** The placeholders of a message as `name=content`, sorted. */
function placeholders(entry: Message): string[] {
  return Object.entries(entry.placeholders ?? {})
    .map(([name, { content }]) => `${name.toLowerCase()}=${content}`)
    .sort();
}

/** The suffix of a counted message's form: `_one`, `_other`, or another CLDR plural category. */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * A number beside a word that takes the plural, in a message that is not a counted one: "$A$
 * documents", "1 document", "of $B$ sites" say a count whose words a language changes with it.
 */
const WRITTEN_COUNT: Record<string, RegExp> = {
  en: /(\$[a-z0-9_]+\$|\b\d+) (Grist )?(documents?|sites?|workspaces?|seconds?|days?|characters?|changes?|names?|cop(y|ies)|accounts?)\b/i,
  fr: /(\$[a-z0-9_]+\$|\b\d+) (documents?|sites?|espaces? de travail|secondes?|jours?|caractères?|modifications?|noms?|copies?|comptes?)\b/i,
};

describe('locales', () => {
  const sources = sourceFiles();

  // JSON.parse keeps the last of two equal keys: a message added twice on two branches would
  // silently take the other's words.
  it.each(Object.keys(locales))('%s: names each message once', (lang) => {
    const text = readFileSync(join(root, 'public/_locales', lang, 'messages.json'), 'utf8');
    const keys = [...text.matchAll(/^ {2}"([^"]+)":/gm)].map((match) => match[1]!);
    expect(new Set(keys).size).toBe(Object.keys(locales[lang]!).length);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('has the same keys in English and French', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.keys(locales))('%s: every message is non-empty and uses exactly its declared placeholders', (lang) => {
    for (const [key, entry] of Object.entries(locales[lang]!)) {
      expect(entry.message.trim(), `${lang} ${key}`).not.toBe('');
      expect(references(entry.message), `${lang} ${key}`).toEqual(Object.keys(entry.placeholders ?? {}).map((name) => name.toLowerCase()).sort());
      for (const { content } of Object.values(entry.placeholders ?? {})) expect(content, `${lang} ${key}`).toMatch(/^\$[1-9]$/);
    }
  });

  it('has the same placeholders in French as in English', () => {
    const messages: Messages = fr;
    for (const [key, entry] of Object.entries(en as Messages)) {
      expect(placeholders(messages[key] ?? { message: '' }), key).toEqual(placeholders(entry));
    }
  });

  it('has every key the code passes to t()', () => {
    const used = sources.flatMap(({ path, text }) => [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => ({ path, key: match[1]! })));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter(({ key }) => !(key in en))).toEqual([]);
  });

  it('says the days Grist keeps the trash only as a placeholder (TRASH_DAYS), never written into a message', () => {
    const written = new RegExp(`\\b${TRASH_DAYS}\\s*(days|jours)\\b`);
    for (const [lang, messages] of Object.entries(locales)) {
      expect(Object.keys(messages).filter((key) => written.test(messages[key]!.message)), lang).toEqual([]);
    }
    expect(tCount('bulkTrashPreviewSummary', 2, tCount('dayCount', TRASH_DAYS))).toBe(`2 documents will be moved to the trash: Grist keeps them there ${TRASH_DAYS} days, and Undo this batch brings them back.`);
  });

  it.each(Object.keys(locales))('%s: has each counted message in every plural form its language uses, and no count outside one', (lang) => {
    const messages = locales[lang]!;
    const counted = new Set(Object.keys(messages).filter((key) => PLURAL_FORM.test(key)).map((key) => key.replace(PLURAL_FORM, '')));
    expect(counted.size).toBeGreaterThan(40);
    // tCount reads the form Intl.PluralRules picks, and `_other` for one the file leaves out: `_one`
    // and `_other` are what English and French need for 0, 1, 2 and 5 (CLDR's French `many` is for
    // a million and more, which `_other` says as well).
    const rules = new Intl.PluralRules(messages['languageCode']!.message);
    const needed = new Set([0, 1, 2, 5].map((count) => rules.select(count)));
    for (const key of counted) {
      for (const form of ['one', 'other', ...needed]) expect(messages[`${key}_${form}`], `${lang} ${key}_${form}`).toBeDefined();
    }
    const written = Object.entries(messages).filter(([key, { message }]) => !PLURAL_FORM.test(key) && WRITTEN_COUNT[lang]!.test(message));
    expect(written.map(([key, { message }]) => `${key}: ${message}`)).toEqual([]);
  });

  it('picks no message by comparing a count with 1 (a language has its own rules: tCount)', () => {
    const picked = sources.flatMap(({ path, text }) => [...text.matchAll(/[!=]==\s*1\s*\?\s*t(Repeated)?\(|\bt(Repeated)?\([^()]*[!=]==\s*1\s*\?/g)].map(() => path));
    expect(picked).toEqual([]);
  });

  it('has every key the manifest names', () => {
    const keys = [...JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g)].map((match) => match[1]!);
    expect(keys).toEqual(expect.arrayContaining(['extensionName', 'extensionDescription', 'actionTitle', 'commandOpenDocumentWindow']));
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('says each thing once: no two English messages have the same words, but those kept apart on purpose', () => {
    // Same words, different things (a title and a name; a column and a field; a button and a
    // heading; a trash and an undo of a copy): each may be reworded on its own.
    const apart = [['actionTitle', 'popupTitle'], ['newName', 'bulkColumnNew'], ['bulkPreviewHeading', 'bulkSharePreviewButton'], ['movedToTrash', 'createUndone']];
    const byWords = new Map<string, string[]>();
    for (const [key, { message }] of Object.entries(en as Messages)) byWords.set(message, [...(byWords.get(message) ?? []), key]);
    expect([...byWords.values()].filter((keys) => keys.length > 1)).toEqual(apart);
  });

  it('uses every English message', () => {
    // Some keys reach t() through a typed table or variable (MessageKey), so any quoted use counts.
    const everything = sources.map(({ text }) => text).join('\n') + JSON.stringify(manifest);
    // A counted message's forms (`key_one`, `key_other`) are used through tCount('key').
    const unused = Object.keys(en).filter((key) => ![key, key.replace(PLURAL_FORM, '')].some((name) => everything.includes(`'${name}'`)) && !everything.includes(`__MSG_${key}__`));
    expect(unused).toEqual([]);
  });
});
