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
import { t } from '../../src/shared/i18n.ts';
import { TRASH_DAYS } from '../../src/shared/trash.ts';

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
    expect(t('bulkTrashPreviewSummary', '2', String(TRASH_DAYS))).toBe(`2 will be moved to the trash: Grist keeps them there ${TRASH_DAYS} days, and Undo this batch brings them back.`);
  });

  it('has every key the manifest names', () => {
    const keys = [...JSON.stringify(manifest).matchAll(/__MSG_(\w+)__/g)].map((match) => match[1]!);
    expect(keys).toEqual(expect.arrayContaining(['extensionName', 'extensionDescription', 'actionTitle', 'commandRenameDocument']));
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
    const unused = Object.keys(en).filter((key) => !everything.includes(`'${key}'`) && !everything.includes(`__MSG_${key}__`));
    expect(unused).toEqual([]);
  });
});
