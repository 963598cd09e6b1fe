/**
 * What an access change of the change log did, in words, for the history: "shared with a@b.c as
 * Editor", "made public", "stopped sharing with b@c.d", "inherited access set to Viewer"; each change
 * of the entry in turn, joined.
 */
import type { AccessEntry } from '../shared/protocol/change-log.ts';
import { roleWord } from '../shared/rules/role-words.ts';
import { t } from '../shared/i18n.ts';
import { PUBLIC_EMAIL, publicLinkOf, sameEmail, type AccessDelta } from '../shared/protocol/sharing.ts';

/** In: an entry of kind `access`. Out: what it changed, in words ("" for an entry that does not say). */
export function accessChangeWords(entry: Pick<AccessEntry, 'access'>): string {
  const { delta, before } = entry.access;
  const words = Object.entries(delta.users ?? {}).map(([email, role]) => {
    if (sameEmail(email, PUBLIC_EMAIL)) return t(role === null ? 'historyAccessPrivate' : 'historyAccessPublic');
    if (role === null) return t('historyAccessStopped', email);
    return t(before.users?.[email] ? 'historyAccessChanged' : 'historyAccessShared', email, roleWord(role));
  });
  if (delta.maxInheritedRole !== undefined) words.push(t('historyAccessInherited', roleWord(delta.maxInheritedRole)));
  return words.join('; ');
}

/**
 * The accessible name of an access change's Undo, saying what it undoes: "Undo sharing “Budget”
 * with a@b.c", "Undo changing b@c.d to Viewer on “Budget”", "Undo removing b@c.d from “Budget”",
 * "Undo making “Budget” public"; the general "Undo the access change to “Budget”" for the inherited
 * access or a change of several kinds at once. `had`: whether an email had a role there before.
 */
export function accessUndoLabel(name: string, delta: AccessDelta, had: (email: string) => boolean): string {
  const users = Object.entries(delta.users ?? {});
  if (delta.maxInheritedRole !== undefined || users.length === 0) return t('undoAccessOf', name);
  const link = publicLinkOf(delta);
  if (link !== undefined && users.length > 1) return t('undoAccessOf', name);
  if (link !== undefined) return t(link === null ? 'undoMadePrivateOf' : 'undoMadePublicOf', name);
  const emails = users.map(([email]) => email).join(', ');
  const roles = new Set(users.map(([, role]) => role));
  const [role] = roles;
  if (roles.size > 1 || role === undefined) return t('undoAccessOf', name);
  if (role === null) return t('undoStopSharingOf', name, emails);
  const changed = users.map(([email]) => had(email));
  if (changed.every(Boolean)) return t('undoRoleChangeOf', name, emails, roleWord(role));
  return changed.some(Boolean) ? t('undoAccessOf', name) : t('undoShareOf', name, emails);
}
