/**
 * The checks a new document name passes before it is sent. Grist stores whatever it is given and
 * silently ignores an empty name (docs/grist-api.md, "Silent no-ops"), so the extension checks first.
 */

import { t, tCount } from '../i18n.ts';

/**
 * Longest name the extension sends. Grist itself stores 200,000 characters, but a name that long
 * breaks Grist's own menus and URLs; 255 is the common limit for file names, which is what people
 * treat document names as.
 */
export const MAX_DOCUMENT_NAME_LENGTH = 255;

export type NameCheck =
  | { kind: 'ok'; name: string }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; message: string };

/**
 * What a typed name comes to, without building a message: `ok` to send (trimmed), `unchanged`,
 * `empty`, or `too-long`. For the bulk rename's preview, which asks it of 20,000 names a keystroke.
 */
export function nameVerdict(typed: string, currentName: string, anyLength = false): 'ok' | 'unchanged' | 'empty' | 'too-long' {
  const name = typed.trim();
  if (!name) return 'empty';
  // Before the length check: a name already longer than the limit may be left as it is.
  if (name === currentName) return 'unchanged';
  // Counted in characters, not UTF-16 units; a name no longer in units is not longer in characters.
  if (!anyLength && name.length > MAX_DOCUMENT_NAME_LENGTH && [...name].length > MAX_DOCUMENT_NAME_LENGTH) return 'too-long';
  return 'ok';
}

/**
 * The checks of the name of a document that does not exist yet (a copy, a new document): there is
 * no current name, so nothing is "unchanged". Out: the trimmed name to send, or `invalid` with a
 * message.
 */
export function checkNewName(typed: string): Exclude<NameCheck, { kind: 'unchanged' }> {
  const check = checkDocumentName(typed, '');
  // A trimmed name is never empty here, so never equal to '': never `unchanged`.
  return check.kind === 'unchanged' ? { kind: 'invalid', message: t('nameEmpty') } : check;
}

/**
 * In: what the user typed and the current name, and `anyLength` to let a name past the limit
 * through (undo puts back a name Grist had). Out: the trimmed name to send, `unchanged` when
 * there is nothing to send, or `invalid` with a message.
 */
export function checkDocumentName(typed: string, currentName: string, { anyLength = false }: { anyLength?: boolean } = {}): NameCheck {
  switch (nameVerdict(typed, currentName, anyLength)) {
    case 'empty':
      return { kind: 'invalid', message: t('nameEmpty') };
    case 'unchanged':
      return { kind: 'unchanged' };
    case 'too-long':
      return { kind: 'invalid', message: t('nameTooLong', tCount('characterTotal', MAX_DOCUMENT_NAME_LENGTH)) };
    case 'ok':
      return { kind: 'ok', name: typed.trim() };
  }
}
