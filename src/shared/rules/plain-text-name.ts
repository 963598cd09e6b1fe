/**
 * A document name for places that take plain text only, such as a window title, where a `<bdi>`
 * cannot isolate it and no CSS can cut it short. Names are untrusted text from Grist.
 */

/** Graphemes of a name kept in plain text before it is cut with an ellipsis. */
export const PLAIN_TEXT_NAME_LENGTH = 60;

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** Made once, when first needed: not at the worker's start. */
let segmenter: Intl.Segmenter | undefined;

/**
 * In: a document name. Out: the name with control characters (line breaks, tabs) as spaces and its
 * own bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) dropped, cut to `max`
 * graphemes (never inside an emoji or an accented letter) with "…", wrapped in Unicode's
 * first-strong isolate (U+2068 … U+2069, Unicode Bidirectional Algorithm, UAX #9), so right-to-left
 * text in it cannot reorder the words around it, as `<bdi dir="auto">` does in a page. A name's
 * own U+2069 would close that isolate early, and an override after it would reverse the title.
 */
export function plainTextName(name: string, max = PLAIN_TEXT_NAME_LENGTH): string {
  const flat = name
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
  // A grapheme is one code unit or more: a name of at most `max` is not cut, and not segmented
  // (a segmenter costs 0.07 ms to make; the address bar names 18 things a keystroke). A
  // segmenter's default granularity is the grapheme (ECMA-402, Intl.Segmenter).
  const graphemes = flat.length > max ? [...(segmenter ??= new Intl.Segmenter()).segment(flat)] : [];
  const shown = graphemes.length > max ? `${graphemes.slice(0, max - 1).map((part) => part.segment).join('')}…` : flat;
  return `${FIRST_STRONG_ISOLATE}${shown}${POP_DIRECTIONAL_ISOLATE}`;
}
