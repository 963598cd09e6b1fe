/**
 * Roles as people read them (Grist's `owners`, `editors`... as "Owner", "Editor"...), for the
 * words of access changes: the history's, and an undo's "changed elsewhere since".
 */
import { t, type MessageKey } from './i18n.ts';
import type { ListedRole } from './sharing.ts';

const ROLE_WORDS: Record<ListedRole, MessageKey> = {
  owners: 'accessRoleOwners',
  editors: 'accessRoleEditors',
  viewers: 'accessRoleViewers',
  members: 'accessRoleMembers',
  guests: 'accessRoleGuests',
};

/** A role in words ("Editor"); null (no role given here) as "no access". */
export function accessRoleWord(role: ListedRole | null): string {
  return t(role === null ? 'accessRoleNone' : ROLE_WORDS[role]);
}
