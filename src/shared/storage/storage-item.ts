/**
 * How an item is stored: its key, how a stored value is read back (a valibot schema, or a decoder
 * of its own), its default and its area. A read that finds nothing, or data that does not match,
 * answers the default instead of throwing, so corrupt or foreign data can never break a page.
 * The items themselves: storage-items.ts and change-log-items.ts.
 */
import { extensionApi as browser } from '../extension-api.ts';
import * as v from 'valibot';

export interface StorageItem<T> {
  readonly key: string;
  readonly fallback: T;
  /** The stored value, or the default when absent or invalid. */
  get(): Promise<T>;
  /**
   * The same value, and whether something is stored that does not match the schema (and so reads
   * as the default), from one read.
   */
  read(): Promise<{ value: T; corrupt: boolean }>;
  set(value: T): Promise<void>;
  /** The `[key, stored form]` pair of `value`, for storeTogether. */
  entry(value: T): [string, unknown];
  remove(): Promise<void>;
}

/**
 * Reads a stored value without a schema library: the value, or null when it is not one. For
 * items read where a schema's code or speed would cost (the popup's listing, at every open).
 */
export type Decode<T> = (raw: unknown) => { value: T } | null;

/** Reads a stored value through a valibot schema of what is stored. */
/* #__NO_SIDE_EFFECTS__ */
export function bySchema<T>(schema: v.GenericSchema<unknown, T>): Decode<T> {
  return (raw) => {
    const result = v.safeParse(schema, raw);
    return result.success ? { value: result.output } : null;
  };
}

/**
 * Declares a storage item. In: key, how a stored value is read (bySchema, or a Decode of its own),
 * default, optionally how a value is encoded for storage (the reading decodes it), and its area
 * (default `local`).
 */
/* #__NO_SIDE_EFFECTS__ */
export function defineItem<T>(
  key: string,
  decode: Decode<T>,
  fallback: T,
  encode: (value: T) => unknown = (value) => value,
  area: 'local' | 'session' = 'local',
): StorageItem<T> {
  async function read(): Promise<{ value: T; corrupt: boolean }> {
    const raw = (await browser.storage[area].get(key))[key];
    if (raw === undefined) return { value: fallback, corrupt: false };
    const result = decode(raw);
    return result ? { value: result.value, corrupt: false } : { value: fallback, corrupt: true };
  }
  return {
    key,
    fallback,
    get: async () => (await read()).value,
    read,
    async set(value) {
      await browser.storage[area].set({ [key]: encode(value) });
    },
    entry: (value) => [key, encode(value)],
    async remove() {
      await browser.storage[area].remove(key);
    },
  };
}

/**
 * A value stored as one JSON string, read back when it parses and passes `check`. Chromium reads
 * a 3 MB string back about five times faster than the same data as objects (measured at 20,000
 * documents: 27 ms against 140 ms).
 */
export function jsonString<T>(check: (value: unknown) => value is T): Decode<T | null> {
  return (raw) => {
    if (raw === null) return { value: null };
    if (typeof raw !== 'string') return null;
    try {
      const value: unknown = JSON.parse(raw);
      return check(value) ? { value } : null;
    } catch {
      return null;
    }
  };
}
/** The stored form of a value read by jsonString: one JSON string, or null. */
export const encodeJson = <T>(value: T | null) => (value === null ? null : JSON.stringify(value));
