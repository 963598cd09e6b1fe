/** Typing as the bench times it: a field's keystrokes, a character at a time, then deleted. */
import type { Page } from 'playwright-core';

/**
 * Queries typed in the search box, a character at a time, then deleted: broad ones that keep most
 * of the 20,000 documents, narrow ones and one that matches nothing, for about 70 keystrokes.
 */
export const SEARCHES = ['document 1', 'document 42.7', '7.1', 'zzz', 'team'];

/**
 * ms per keystroke: types each of `queries` one character at a time, then deletes it. Each time runs
 * from the input event to the results in the DOM and laid out (layout forced, so it is counted).
 * With `whole`, to what the popup draws after the frame instead (the rows beyond the viewport, the
 * results past the first screen: results-list.tsx), each keystroke a frame after that.
 */
export async function keystrokeTimes(page: Page, selector: string, queries: readonly string[], whole = false): Promise<number[]> {
  return page.evaluate(
    async ([inputSelector, values, whole]) => {
      const input = document.querySelector<HTMLInputElement>(inputSelector as string)!;
      const times: number[] = [];
      for (const value of values as string[]) {
        const started = performance.now();
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // Preact renders on a microtask; a macrotask later the DOM shows the new results.
        await new Promise((resolve) => setTimeout(resolve, 0));
        // The list draws the rest in a task after the next frame, asked for in that render: a
        // task asked for in the same frame, after it, runs once it is done.
        if (whole) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        void document.body.offsetHeight;
        times.push(performance.now() - started);
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      }
      return times;
    },
    [selector, typedValues(queries), whole] as const,
  );
}

/** What a field holds after each keystroke when each of `queries` is typed a character at a time, then deleted. */
export function typedValues(queries: readonly string[]): string[] {
  return queries.flatMap((text) => [...[...text].map((_, index) => text.slice(0, index + 1)), ...[...text].map((_, index) => text.slice(0, text.length - index - 1))]);
}
