/**
 * How the Bulk changes page says a sharing change and a person's access: what someone has now or
 * after (a role given here, one inherited, none), and a run's change ("Share with a@example.com as
 * Editor"). Roles in words are the history's (shared/rules/role-words.ts).
 */
import type { SharingChange } from '../../shared/protocol/sharing.ts';
import type { Standing } from '../../shared/rules/access-plan.ts';
import { roleWord } from '../../shared/rules/role-words.ts';
import { t } from '../../shared/i18n.ts';

/** What someone has: the role given here, else what comes down from above ("Editor, inherited"), else "no access". */
export function standingText({ role, inherited }: Standing): string {
  return role === null && inherited ? t('bulkInheritedRole', roleWord(inherited)) : roleWord(role);
}

/** A sharing run's change, in a sentence. */
export function sharingChangeText(change: SharingChange): string {
  switch (change.kind) {
    case 'share':
      return t('bulkShareChangeShare', change.emails.join(', '), roleWord(change.role));
    case 'unshare':
      return t('bulkShareChangeUnshare', change.emails.join(', '));
    case 'public':
      return t(change.public ? 'bulkShareChangePublic' : 'bulkShareChangePrivate');
  }
}
