/**
 * shared/storage/change-log-items.ts: the change log's stored lists, read back no further than they may
 * hold, a corrupt one too.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { describe, expect, it, vi } from 'vitest';
import { MAX_BULK_ITEMS } from '../../../../src/shared/protocol/bulk.ts';
import { MAX_KEPT_ENTRIES } from '../../../../src/shared/protocol/change-log-reads.ts';
import { batchLogItem, changeLogItem, CHANGE_LOG_VERSION } from '../../../../src/shared/storage/change-log-items.ts';

describe('the change log’s stored lists (a corrupt one too)', () => {
  const entry = { kind: 'rename', target: { kind: 'document', id: 'd1' }, id: 'e1', at: 1, site: { orgId: 1, name: 'S', url: 'https://s.example.com' }, workspace: null, oldName: 'a', newName: 'b', source: 'bulk', batchId: 'long-run' };

  /**
   * A stored list of `length` entries: `entry` first, then entries that read as none, then from
   * `bound` on entries that count each look at them. Out: the list and how many looks they had.
   */
  function longList(bound: number, length: number) {
    const looked = { count: 0 };
    const look = () => {
      looked.count++;
      return undefined;
    };
    const counting = new Proxy({}, { get: look, has: () => look() !== undefined, ownKeys: () => (look(), []) });
    return { list: [entry, ...Array.from({ length: bound - 1 }, () => null), ...Array.from({ length: length - bound }, () => counting)], looked };
  }

  /** What `read` gives while storage holds `value` under `key` (no copy made: the list's entries stay as they are). */
  async function readWith<T>(key: string, value: unknown, read: () => Promise<T>): Promise<T> {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockResolvedValueOnce({ [key]: value } as never);
    try {
      return await read();
    } finally {
      vi.restoreAllMocks();
    }
  }

  it(`a run’s entries are checked no further than the ${MAX_BULK_ITEMS} it may hold: of 60,000, the last 10,000 are not looked at`, async () => {
    const { list, looked } = longList(MAX_BULK_ITEMS, 60_000);
    expect(await readWith('changeLog:long-run', list, () => batchLogItem('long-run').get())).toEqual([entry]);
    expect(looked.count).toBe(0);
  });

  it(`the log’s own entries are checked no further than the ${MAX_KEPT_ENTRIES} a log keeps`, async () => {
    const { list, looked } = longList(MAX_KEPT_ENTRIES, MAX_KEPT_ENTRIES + 10_000);
    expect(await readWith('changeLog', { version: CHANGE_LOG_VERSION, entries: list }, () => changeLogItem.get())).toEqual({ version: CHANGE_LOG_VERSION, entries: [entry] });
    expect(looked.count).toBe(0);
  });
});
