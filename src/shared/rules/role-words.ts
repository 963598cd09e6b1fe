/**
 * Roles as people read them (Grist's `owners`, `editors`... as "Owner", "Editor"...): one map for
 * every page: the Share panel, the status and the history of access changes, the Bulk page's
 * sharing, and the People view.
 */
import { t, type MessageKey } from '../i18n.ts';
import type { ListedRole } from '../protocol/sharing.ts';

const ROLE_WORDS: Record<ListedRole, MessageKey> = {
  owners: 'accessRoleOwners',
  editors: 'accessRoleEditors',
  viewers: 'accessRoleViewers',
  members: 'accessRoleMembers',
  guests: 'accessRoleGuests',
};

/** A role in words ("Editor"); null (no role given here) as "no access". */
export function roleWord(role: ListedRole | null): string {
  return t(role === null ? 'accessRoleNone' : ROLE_WORDS[role]);
}

/**
 * A role on a site as the People view says it, in a list of sites ("Editor on Acme"): as roleWord,
 * but someone who only has something inside (`guests`, or null: nothing given right there) is a
 * "Guest", capitalised as the other roles beside it are.
 */
export function peopleRoleWord(role: ListedRole | null): string {
  return roleWord(role ?? 'guests');
}
