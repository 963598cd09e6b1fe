/** Rows `omnibox`: the address bar's `gr` keyword, its index and its suggestions per keystroke. */
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '../../../test/e2e/extension.ts';
import { profiled } from '../profiles.ts';
import { median, p95, type Row } from '../row.ts';
import { DOCUMENTS } from '../settings.ts';
import { typedValues } from '../typing.ts';

/** What is typed after the address bar's `gr` keyword, one character at a time, then deleted. */
const OMNIBOX_QUERIES = ['document 1', 'team 7 doc', '42.7', 'zzz'];

/** The address bar's handlers, as the worker's entry exposes them to the bench (src/background/index.ts). */
export interface WorkerOmnibox {
  onInputStarted(): void;
  onInputChanged(text: string, suggest: (results: unknown[]) => void): Promise<void>;
  onStorageWritten(): void;
}

/** One keystroke in the address bar: what the field held, its time, and what storage it read and the worker wrote meanwhile. */
interface AddressBarKeystroke {
  text: string;
  ms: number;
  /** The storage.local keys read and written (`+key`) while it was answered: a read of the listing means the index was built again. */
  storage: string[];
}

/**
 * Types each of OMNIBOX_QUERIES after the keyword, a character at a time, then deletes it. Out:
 * each keystroke, timed to the suggestions handed to the browser, with the storage keys read and
 * written while it was answered (watched in the worker for the pass).
 */
export function typeInAddressBar(extension: LoadedExtension): Promise<AddressBarKeystroke[]> {
  return extension.worker.evaluate(async (values) => {
    const omnibox = (globalThis as unknown as { gristQuickRenameOmnibox: WorkerOmnibox }).gristQuickRenameOmnibox;
    const local = chrome.storage.local;
    const { get, set } = local;
    let storage: string[] = [];
    const keysOf = (keys: unknown) => (typeof keys === 'string' ? [keys] : Array.isArray(keys) ? (keys as string[]) : Object.keys(keys ?? {}));
    // Every argument passed on: the worker's calls come through webextension-polyfill, with a callback.
    const call = (method: (...args: never[]) => unknown, args: unknown[]) => (method as (...args: unknown[]) => unknown).apply(local, args) as Promise<never>;
    local.get = ((...args: unknown[]) => (storage.push(...keysOf(args[0])), call(get, args))) as typeof local.get;
    local.set = ((...args: unknown[]) => (storage.push(...Object.keys(args[0] as object).map((key) => `+${key}`)), call(set, args))) as typeof local.set;
    const keystrokes: Array<{ text: string; ms: number; storage: string[] }> = [];
    try {
      for (const text of values) {
        storage = [];
        const begun = performance.now();
        let ms = Number.NaN;
        await omnibox.onInputChanged(text, () => (ms = performance.now() - begun));
        keystrokes.push({ text, ms, storage });
      }
    } finally {
      Object.assign(local, { get, set });
    }
    return keystrokes;
  }, typedValues(OMNIBOX_QUERIES));
}

/**
 * Resolves once the extension's storage has had no change for `quietMs` (at most `timeoutMs`
 * waited): for a row that must not time what the rows before it left on its way.
 */
export function storageQuiet(extension: LoadedExtension, quietMs = 1500, timeoutMs = 30_000): Promise<void> {
  return extension.worker.evaluate(
    async ([quietMs, timeoutMs]) => {
      const started = performance.now();
      let last = started;
      const changed = () => (last = performance.now());
      chrome.storage.onChanged.addListener(changed);
      try {
        while (performance.now() - last < quietMs && performance.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        chrome.storage.onChanged.removeListener(changed);
      }
    },
    [quietMs, timeoutMs] as const,
  );
}

/** The slowest of `keystrokes`, one line each: what was typed, its time, and the storage it read or wrote (a read of the listing: the index was built again). */
export function slowestKeystrokes(keystrokes: AddressBarKeystroke[], count = 5): string[] {
  return [...keystrokes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ text, ms, storage }) => `${ms.toFixed(1).padStart(8)} ms  "${text}"${storage.length ? `  storage: ${storage.join(' ')}${storage.includes('listing') ? ' (the index was built again)' : ''}` : ''}`);
}

/**
 * The `gr` keyword at full size, in the worker as the browser calls it: the index built when the
 * keyword is typed (onInputStarted, reference), then ms per keystroke from onInputChanged to the
 * suggestions handed to the browser (and once more with the worker's profiler on, through `page`);
 * then the first keystroke's suggestions after a new listing and a pause, when the index is built ahead.
 */
export async function omniboxRows(extension: LoadedExtension, page: Page): Promise<Row[]> {
  // The rows before (the bulk runs) leave writes of the listing on their way: each would drop the
  // index while it is built or typed in, and a keystroke would then time a rebuild for them.
  await storageQuiet(extension);
  const build = await extension.worker.evaluate(async () => {
    const omnibox = (globalThis as unknown as { gristQuickRenameOmnibox: WorkerOmnibox }).gristQuickRenameOmnibox;
    // Built ahead at the worker's start already: forgotten, as a new listing does, to time a build.
    omnibox.onStorageWritten();
    const started = performance.now();
    omnibox.onInputStarted();
    // The first keystroke waits for the index the keyword started.
    await omnibox.onInputChanged('', () => undefined);
    return performance.now() - started;
  });
  const keystrokes = await typeInAddressBar(extension);
  const times = keystrokes.map(({ ms }) => ms);
  const { profile } = await profiled(page, () => typeInAddressBar(extension), 'worker');
  const first = await extension.worker.evaluate(async (build) => {
    const omnibox = (globalThis as unknown as { gristQuickRenameOmnibox: WorkerOmnibox }).gristQuickRenameOmnibox;
    // A new listing, then a pause as when the user goes on browsing: the index is built ahead, and
    // the keyword's first keystroke is answered from it.
    omnibox.onStorageWritten();
    await new Promise((resolve) => setTimeout(resolve, 1000 + 3 * build + 500));
    const begun = performance.now();
    let first = Number.NaN;
    omnibox.onInputStarted();
    await omnibox.onInputChanged('d', () => (first = performance.now() - begun));
    return first;
  }, build);
  return [
    { figure: `address bar: index of ${DOCUMENTS} documents, built as the keyword is typed (reference: it is built ahead)`, unit: 'ms', ours: build, target: null, against: 'target' },
    { figure: `address bar: first suggestion, from the first keystroke, ${DOCUMENTS} documents (index built ahead)`, unit: 'ms', ours: first, target: 16, against: 'target' },
    { figure: `address bar suggestions per keystroke median, ${DOCUMENTS} documents (${times.length} keystrokes)`, unit: 'ms', ours: median(times), target: null, against: 'target' },
    {
      figure: `address bar suggestions per keystroke p95, ${DOCUMENTS} documents`,
      unit: 'ms',
      ours: p95(times),
      target: 16,
      against: 'target',
      // The tail is a few keystrokes: those of the timed pass, then the profile of one more pass.
      profile: ['  slowest keystrokes of the timed pass:', ...slowestKeystrokes(keystrokes), '  worker, one more pass:', ...profile],
    },
  ];
}
