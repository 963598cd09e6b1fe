/**
 * What an access change of the change log did, in words, for the history: "shared with a@b.c as
 * Editor", "made public", "stopped sharing with b@c.d", "inherited access set to Viewer"; each change
 * of the entry in turn, joined.
 */
import type { ChangeEntry } from '../shared/change-log.ts';
import { roleWord } from '../shared/role-words.ts';
import { t } from '../shared/i18n.ts';
import { PUBLIC_EMAIL, sameEmail } from '../shared/sharing.ts';

/** In: an entry of kind `access`. Out: what it changed, in words ("" for an entry that does not say). */
export function accessChangeWords(entry: Pick<ChangeEntry, 'access'>): string {
  const { delta, before } = entry.access ?? { delta: {}, before: {} };
  const words = Object.entries(delta.users ?? {}).map(([email, role]) => {
    if (sameEmail(email, PUBLIC_EMAIL)) return t(role === null ? 'historyAccessPrivate' : 'historyAccessPublic');
    if (role === null) return t('historyAccessStopped', email);
    return t(before.users?.[email] ? 'historyAccessChanged' : 'historyAccessShared', email, roleWord(role));
  });
  if (delta.maxInheritedRole !== undefined) words.push(t('historyAccessInherited', roleWord(delta.maxInheritedRole)));
  return words.join('; ');
}
