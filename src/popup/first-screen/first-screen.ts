/**
 * Shows the stored first screen (shared/storage/first-screen.ts) while the popup's scripts load. Imports
 * nothing at run time, so the script it is bundled into is about a kilobyte that the browser runs
 * as soon as the page is parsed (see first-screen-entry.ts).
 */
import type { FirstScreen } from '../../shared/storage/first-screen.ts';

/** The tags the popup's first screen is made of; a drawing holding any other is not shown. */
const TAGS = /^(main|header|section|div|p|h[1-4]|ul|li|a|span|bdi|mark|time|button|input|label)$/;
/**
 * The attributes kept, besides `style` (only without `url(`). No `href`: the drawing's links are
 * inert anyway (showFirstScreen), so none can lead anywhere.
 */
const ATTRIBUTES = /^(class|id|for|role|title|type|placeholder|dir|datetime|autocomplete|spellcheck|(aria|data)-[a-z-]+)$/;
/** Attributes naming ids: given the drawing's own ids, apart from the view's while both are in the page. */
const ID_REFERENCES = new Set(['id', 'for', 'aria-describedby', 'aria-labelledby', 'aria-controls']);

/**
 * Whether an attribute is kept: what could run or load something never is, although the drawing
 * is the popup's own (storage is not a place to trust markup from). In: the name, lowercased.
 */
function allowed(name: string, value: string): boolean {
  if (name === 'style') return !/url\s*\(/i.test(value);
  return ATTRIBUTES.test(name);
}

/**
 * The nodes of a drawing, made in `document`: text as text nodes, elements of the popup's tags with
 * their allowed attributes, ids prefixed `fs-`. Out: null when `node` is not such a drawing
 * (nothing of it is then shown).
 */
export function buildSnapshot(node: unknown, document: Document): Node | null {
  if (typeof node === 'string') return document.createTextNode(node);
  if (!Array.isArray(node) || !TAGS.test(node[0]) || typeof node[1] !== 'object' || node[1] === null || !Array.isArray(node[2])) return null;
  const [tag, attributes, children] = node as [string, Record<string, unknown>, unknown[]];
  const element = document.createElement(tag);
  for (const [given, value] of Object.entries(attributes)) {
    const name = given.toLowerCase();
    if (typeof value !== 'string' || !allowed(name, value)) continue;
    element.setAttribute(name, ID_REFERENCES.has(name) ? value.replace(/\S+/g, 'fs-$&') : value);
  }
  for (const child of children) {
    const built = buildSnapshot(child, document);
    if (!built) return null;
    element.append(built);
  }
  return element;
}

/**
 * The stored drawing if it was drawn from the first screen the cache holds now (the preview's
 * revision) by this version of the extension in this language (`made`, see FirstScreen); else why
 * not, in a developer's words (the bench prints them for a popup that opened without it). In: the
 * stored strings of `firstScreen` and `listingPreview`, as read. Its tree is checked as it is built.
 */
export function readFirstScreen(stored: { firstScreen?: unknown; listingPreview?: unknown }, made: string): { drawing: Partial<FirstScreen> } | { miss: string } {
  if (typeof stored.firstScreen !== 'string') return { miss: 'no drawing was stored' };
  if (typeof stored.listingPreview !== 'string') return { miss: 'the cache holds no first screen (listingPreview)' };
  let drawing: Partial<FirstScreen>;
  let previewRevision: unknown;
  try {
    drawing = JSON.parse(stored.firstScreen) as Partial<FirstScreen>;
    previewRevision = (JSON.parse(stored.listingPreview) as { revision?: unknown }).revision;
  } catch {
    return { miss: 'the drawing or the first screen stored is not JSON' };
  }
  if (typeof previewRevision !== 'string' || drawing.previewRevision !== previewRevision) {
    return { miss: `the drawing is of first screen ${String(drawing.previewRevision)}, the cache holds ${String(previewRevision)}: a listing was stored after the last drawing` };
  }
  if (drawing.made !== made) return { miss: `the drawing was made by "${String(drawing.made)}", this popup is "${made}"` };
  return { drawing };
}

/**
 * Shows the stored drawing in `container` if readFirstScreen gives it, with only its search box
 * working: links and buttons do nothing yet, so they are inert. In: the stored strings of
 * `firstScreen` and `listingPreview`, as read, and `made` (see readFirstScreen). Out: true when shown.
 */
export function showFirstScreen(stored: { firstScreen?: unknown; listingPreview?: unknown }, container: HTMLElement, made: string): boolean {
  const read = readFirstScreen(stored, made);
  if ('miss' in read) return false;
  const view = buildSnapshot(read.drawing.tree, container.ownerDocument);
  if (!(view instanceof Element)) return false;
  for (const control of view.querySelectorAll<HTMLElement>('a, button')) control.inert = true;
  // Focused as it is inserted, as the browser does for `autofocus` (focus() would lay the page out here and now).
  view.querySelector('input[type="search"]')?.setAttribute('autofocus', '');
  container.append(view);
  return true;
}
