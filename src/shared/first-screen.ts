/**
 * The popup's first screen as data (written by popup/first-screen/snapshot.ts, shown by popup/first-screen/first-screen.ts):
 * elements, their attributes and text, nothing else. The next popup shows it before its scripts
 * have loaded, then its own view replaces it.
 */

/**
 * Text, or an HTML element: its tag, attributes and children. Everything in it is shown as text
 * and attribute values, never parsed as HTML.
 */
export type SnapshotNode = string | [tag: string, attributes: Record<string, string>, children: SnapshotNode[]];

/** What is stored: the drawing, and the revision of the cached first screen it was drawn from. */
export interface FirstScreen {
  /** The `revision` of the listing preview it shows (listingPreviewItem): shown only while the cache holds that one. */
  previewRevision: string;
  /**
   * The extension's version and the browser's language it was drawn in (`<version> <language>`,
   * see firstScreenMade): another version's markup may not fit its stylesheet, another language's
   * words are not the user's now.
   */
  made: string;
  tree: SnapshotNode;
}

/** `FirstScreen.made` for a drawing made now. In: the manifest's version and `i18n.getUILanguage()`. */
export function firstScreenMade(version: string, language: string): string {
  return `${version} ${language}`;
}

/** Its storage.local key (storage-items.ts declares the item; the first-screen script reads the key itself). */
export const FIRST_SCREEN_KEY = 'firstScreen';

/** True for a stored FirstScreen's outline; its drawing is checked node by node where shown (popup/first-screen/first-screen.ts). */
export function isFirstScreen(value: unknown): value is FirstScreen {
  return typeof value === 'object' && value !== null && typeof (value as FirstScreen).previewRevision === 'string' && typeof (value as FirstScreen).made === 'string' && 'tree' in value;
}
