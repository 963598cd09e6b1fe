/** How the worker paces its writes (src/background/pacing.ts). */
import { describe, expect, it, vi } from 'vitest';
import { batchedWrites, serialQueue, WRITE_PAUSE_FACTOR } from '../../../src/background/pacing.ts';

describe('batchedWrites', () => {
  it('writes items added together in one batch, in order, and a lone item at once', async () => {
    const batches: number[][] = [];
    const add = batchedWrites<number>(serialQueue(), async (items) => {
      batches.push(items);
    });
    await Promise.all([add(1), add(2), add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('under a stream, waits WRITE_PAUSE_FACTOR times the last write’s duration before the next, gathering what comes meanwhile', async () => {
    vi.useFakeTimers();
    try {
      const batches: number[][] = [];
      const add = batchedWrites<number>(serialQueue(), async (items) => {
        batches.push(items);
        // A write that takes 10 ms.
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      const first = add(1);
      // Added while the first batch is being written: a stream.
      await vi.advanceTimersByTimeAsync(5);
      const later = [add(2), add(3)];
      await vi.advanceTimersByTimeAsync(5);
      await first;
      await vi.advanceTimersByTimeAsync(10 * WRITE_PAUSE_FACTOR - 1);
      expect(batches).toEqual([[1]]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.advanceTimersByTimeAsync(10);
      await Promise.all(later);
      expect(batches).toEqual([[1], [2, 3]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a lone write after a quiet moment goes at once, however long the last one took', async () => {
    vi.useFakeTimers();
    try {
      const batches: number[][] = [];
      const add = batchedWrites<number>(serialQueue(), async (items) => {
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const first = add(1);
      await vi.advanceTimersByTimeAsync(300);
      await first;
      const lone = add(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toEqual([[1], [2]]);
      await vi.advanceTimersByTimeAsync(300);
      await lone;
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects the adds of a batch whose write failed, and goes on with the next', async () => {
    let fail = true;
    const add = batchedWrites<number>(serialQueue(), async () => {
      if (fail) throw new Error('storage full');
    });
    await expect(add(1)).rejects.toThrow('storage full');
    fail = false;
    await expect(add(2)).resolves.toBeUndefined();
  });
});
