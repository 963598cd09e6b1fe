/**
 * Access changes compared with who has access now (access-api.ts's AccessNow): what a delta would
 * still change and its inverse, and whether Grist has a delta's roles. Emails are compared without
 * regard to case, as Grist matches them (docs/grist-api.md "Access").
 */
import { PUBLIC_EMAIL, sameEmail, type AccessDelta, type ListedRole } from '../../shared/protocol/sharing.ts';
import type { AccessNow } from './access-api.ts';

/** The role given right here to `email` now (the public link's for PUBLIC_EMAIL); null when they have none here. */
export function roleNow(now: AccessNow, email: string): ListedRole | null {
  if (sameEmail(email, PUBLIC_EMAIL)) return now.publicRole;
  return now.people.find((person) => sameEmail(person.email, email))?.role ?? null;
}

/** True when `delta` holds no change at all. */
export function isEmptyDelta(delta: AccessDelta): boolean {
  return Object.keys(delta.users ?? {}).length === 0 && delta.maxInheritedRole === undefined;
}

/** What `delta` still changes against `now`, and what that replaces. */
export interface DeltaAgainstNow {
  /** Only the users and cap whose value differs now: what is sent. */
  changes: AccessDelta;
  /** Their values now: the inverse of `changes`. */
  before: AccessDelta;
  /**
   * The emails among `changes` who are guests of the site now (a site's access only): no delta can
   * make them guests again, and removing them from the site would take what they were given too.
   */
  guests: string[];
}

/** `delta` against `now` (see DeltaAgainstNow). */
export function deltaAgainst(now: AccessNow, delta: AccessDelta): DeltaAgainstNow {
  const changes: AccessDelta = {};
  const before: AccessDelta = {};
  const guests: string[] = [];
  for (const [email, role] of Object.entries(delta.users ?? {})) {
    const current = roleNow(now, email);
    if (current === role) continue;
    (changes.users ??= {})[email] = role;
    if (current === 'guests') guests.push(email);
    (before.users ??= {})[email] = current === 'guests' ? null : current;
  }
  if (delta.maxInheritedRole !== undefined && delta.maxInheritedRole !== now.maxInheritedRole) {
    changes.maxInheritedRole = delta.maxInheritedRole;
    before.maxInheritedRole = now.maxInheritedRole ?? null;
  }
  return { changes, before, guests };
}

/** True when every user and the cap `delta` names have its value now. */
export function hasDelta(now: AccessNow, delta: AccessDelta): boolean {
  return isEmptyDelta(deltaAgainst(now, delta).changes);
}
