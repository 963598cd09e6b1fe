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
   * The extension's version, the browser's language and the drawing's format it was drawn in
   * (`<version> <language> <format>`, see firstScreenMade): another version's markup may not fit
   * its stylesheet, another language's words are not the user's now, another format's drawing may
   * hold what this one never does.
   */
  made: string;
  tree: SnapshotNode;
}

/**
 * What a drawing may hold, bumped when that changes so that no drawing of an older format is shown
 * (nor kept: the storage migration removes it). 1: the popup's view as drawn, a panel open in it
 * too (the Share panel's people and emails). 2: the list at rest only, never a panel or a view
 * (popup/first-screen/snapshot.ts showsListOnly). The first-screen script says it too
 * (first-screen-entry.ts, which imports nothing from here).
 */
export const FIRST_SCREEN_FORMAT = 2;

/** `FirstScreen.made` for a drawing made now. In: the manifest's version and `i18n.getUILanguage()`. */
export function firstScreenMade(version: string, language: string): string {
  return `${version} ${language} ${FIRST_SCREEN_FORMAT}`;
}

/** Its storage.local key (storage-items.ts declares the item; the first-screen script reads the key itself). */
export const FIRST_SCREEN_KEY = 'firstScreen';

/** True for a stored FirstScreen's outline; its drawing is checked node by node where shown (popup/first-screen/first-screen.ts). */
export function isFirstScreen(value: unknown): value is FirstScreen {
  return typeof value === 'object' && value !== null && typeof (value as FirstScreen).previewRevision === 'string' && typeof (value as FirstScreen).made === 'string' && 'tree' in value;
}
