/** Names with some of their letters marked: what a search matched, what a bulk rename changes. */
import type { ReadonlySignal } from '@preact/signals';
import { matchRanges } from '../shared/search.ts';

/**
 * `text` as text nodes, with `ranges` (sorted `[start, end)` UTF-16 indices, not overlapping) in
 * `<mark>` elements: never as HTML, so a name holding markup stays letters. A function, not a
 * component: the popup marks every name on screen at each keystroke, and a component's own
 * render would add to each.
 */
export function marked(text: string, ranges: ReadonlyArray<readonly [number, number]>) {
  if (ranges.length === 0) return text;
  const parts = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * `text` with the parts the popup's search matched marked. It reads the terms itself, so a
 * keystroke renders again only these names, not the rows around them (which stay as they are when
 * the results do). In: the name as shown, and the store's folded terms.
 */
export function MarkedName({ text, terms }: { text: string; terms: ReadonlySignal<readonly string[]> }) {
  return marked(text, matchRanges(text, terms.value));
}
