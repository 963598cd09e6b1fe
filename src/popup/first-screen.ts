/**
 * Shows the stored first screen (shared/first-screen.ts) while the popup's scripts load. Imports
 * nothing at run time, so the script it is bundled into is a few hundred bytes that the browser
 * runs as soon as the page is parsed (see first-screen-entry.ts).
 */
import type { FirstScreen } from '../shared/first-screen.ts';

/** Attributes that could run or load something: a drawing is made by the popup, but is never trusted to hold them. */
function allowed(name: string, value: string): boolean {
  if (name.startsWith('on')) return false;
  if (name === 'href' || name === 'src') return /^(https?:|#)/i.test(value);
  return true;
}

/**
 * The nodes of a drawing, made in `document`: text as text nodes, elements with their allowed
 * attributes. Out: null when `node` is not a drawing (nothing of it is then shown).
 */
export function buildSnapshot(node: unknown, document: Document): Node | null {
  if (typeof node === 'string') return document.createTextNode(node);
  if (!Array.isArray(node) || typeof node[0] !== 'string' || typeof node[1] !== 'object' || node[1] === null || !Array.isArray(node[2])) return null;
  const [tag, attributes, children] = node as [string, Record<string, unknown>, unknown[]];
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'string' && allowed(name, value)) element.setAttribute(name, value);
  }
  for (const child of children) {
    const built = buildSnapshot(child, document);
    if (!built) return null;
    element.append(built);
  }
  return element;
}

/**
 * Shows the stored drawing in `container` if it was drawn from the first screen the cache holds
 * now (the preview's revision), and focuses its search box as the popup would.
 * In: the stored strings of `firstScreen` and `listingPreview`, as read. Out: true when shown.
 */
export function showFirstScreen(stored: { firstScreen?: unknown; listingPreview?: unknown }, container: HTMLElement): boolean {
  if (typeof stored.firstScreen !== 'string' || typeof stored.listingPreview !== 'string') return false;
  let firstScreen: Partial<FirstScreen>;
  let previewRevision: unknown;
  try {
    firstScreen = JSON.parse(stored.firstScreen) as Partial<FirstScreen>;
    previewRevision = (JSON.parse(stored.listingPreview) as { revision?: unknown }).revision;
  } catch {
    return false;
  }
  if (typeof previewRevision !== 'string' || firstScreen.previewRevision !== previewRevision) return false;
  const view = buildSnapshot(firstScreen.tree, container.ownerDocument);
  if (!view) return false;
  container.append(view);
  // Focused as the browser draws it (focus() would lay the page out here and now).
  container.querySelector('input[type="search"]')?.setAttribute('autofocus', '');
  return true;
}
