/** Names with some of their letters marked: what a search matched, what a bulk rename changes. */
import type { ReadonlySignal } from '@preact/signals';
import { matchRanges } from '../shared/rules/search.ts';

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
 * Whether this browser paints custom highlights (CSS Custom Highlight API, with the
 * `::highlight()` selector: Chrome 105, Firefox 149; Firefox 140 to 148 has the API without the
 * selector, so paints nothing). Where it does, the popup's search marks its matches as highlights
 * (highlightMatches): a `<mark>` element each would be elements to make, style and lay out at each
 * keystroke, a millisecond of a keystroke that changes the rows on screen. The Chrome build (mode
 * `production`) runs on Chrome 116 at least, so it leaves the marks' code out.
 */
export const PAINTS_HIGHLIGHTS =
  import.meta.env.MODE === 'production' || (typeof CSS !== 'undefined' && 'highlights' in CSS && CSS.supports('selector(::highlight(search))'));

/**
 * `text` with the parts the popup's search matched marked, where the browser does not paint them
 * as highlights: a component that reads the terms itself, so a keystroke renders again only these
 * names, not the rows around them (which stay as they are when the results do). Where it does,
 * `text` itself, no component: highlightMatches marks it. In: the name as shown, and the store's
 * folded terms.
 */
export const markedName = (text: string, terms: ReadonlySignal<readonly string[]>) => (PAINTS_HIGHLIGHTS ? text : <MarkedName text={text} terms={terms} />);

function MarkedName({ text, terms }: { text: string; terms: ReadonlySignal<readonly string[]> }) {
  return marked(text, matchRanges(text, terms.value));
}

/** The elements whose text markedName renders in the popup's list: documents', workspaces' and sites' names. */
const MARKED_NAMES = '.document-link, .workspace-heading bdi, .site-heading bdi';

/** The `search` highlight, registered with the first call of highlightMatches. */
let searchHighlight: Highlight | undefined;

/**
 * Highlights what `terms` (folded search terms) match in the names rendered in `list` (the
 * popup's list), as the `search` highlight popup.css colours, in place of what was highlighted;
 * where the browser paints no highlights (PAINTS_HIGHLIGHTS false), does nothing: markedName
 * marks them. Called after each render of the list, and by a part that draws a name again alone.
 */
export function highlightMatches(list: Element, terms: readonly string[]): void {
  if (!PAINTS_HIGHLIGHTS) return;
  if (!searchHighlight) CSS.highlights.set('search', (searchHighlight = new Highlight()));
  searchHighlight.clear();
  if (terms.length === 0) return;
  for (const name of list.querySelectorAll(MARKED_NAMES)) {
    const text = name.firstChild;
    if (!(text instanceof Text)) continue;
    for (const [startOffset, endOffset] of matchRanges(text.data, terms)) searchHighlight.add(new StaticRange({ startContainer: text, startOffset, endContainer: text, endOffset }));
  }
}
