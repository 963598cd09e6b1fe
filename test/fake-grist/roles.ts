/**
 * Grist's roles and how they combine (docs/grist-api.md "Access"): the stronger of two grants, and what
 * comes down from above under a `maxInheritedRole`.
 */
import type { Role } from './sample-data.ts';

const RANK: Record<Role, number> = { viewers: 1, editors: 2, owners: 3 };

/** The stronger of two roles; null when neither is given. */
export function strongest(a: Role | null | undefined, b: Role | null | undefined): Role | null {
  if (!a || !b) return a ?? b ?? null;
  return RANK[a] >= RANK[b] ? a : b;
}

/** What `role` becomes under a `maxInheritedRole` of `max` (absent: no cap; null: nothing comes down). */
export function capped(role: Role | null | undefined, max: Role | null | undefined): Role | null {
  if (!role || max === null) return null;
  return max === undefined || RANK[role] <= RANK[max] ? role : max;
}

/** docs/grist-api.md "Public link": the user whose grant makes a document readable by anyone with its link. */
export const EVERYONE_EMAIL = 'everyone@getgrist.com';
