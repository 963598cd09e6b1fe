/**
 * What a sharing change asked of many documents at once (share with people, stop sharing with them,
 * make public or private) comes to on one document, from who has access to it now: each person it
 * names, their role now and after, and the one access delta to send, with only what changes (an
 * unchanged person is not in it, and a document with nothing to change sends nothing). The Bulk
 * changes page previews it from the access it read; the worker computes it again from its own read
 * just before it sends. Pure. Grist's rules: docs/grist-api.md, "Access".
 */
import { PUBLIC_EMAIL, sameEmail, type AccessDelta, type AccessList, type ListedRole, type Role, type SharingChange } from '../protocol/sharing.ts';

/** What a person has on a document: the role given here (null: none) and what comes down from above. */
export interface Standing {
  role: ListedRole | null;
  inherited: Role | null;
}

/** One person a change names on one document (the public link's special user for a public change). */
export interface PlannedPerson {
  /** As Grist lists them, or as typed for someone not there yet; PUBLIC_EMAIL for the public link. */
  email: string;
  /** As Grist lists them; '' when they are not there yet. */
  name: string;
  now: Standing;
  after: Standing;
  /** True for the user's own row: Grist refuses to change it ("cannot update own permissions"), so it is never sent. */
  own: boolean;
}

/** What a change comes to on one document: its people, and the delta to send (null: nothing changes). */
export interface AccessPlan {
  people: PlannedPerson[];
  delta: AccessDelta | null;
}

/**
 * The delta a change asks of every document, before it is compared with any one's access (the
 * worker's change kind sends only what of it differs from what it reads first): each email to the
 * role (null: taken back), or the public link's special user to viewers or removed.
 */
export function requestedDelta(change: SharingChange): AccessDelta {
  if (change.kind === 'public') return { users: { [PUBLIC_EMAIL]: change.public ? 'viewers' : null } };
  const role = change.kind === 'share' ? change.role : null;
  return { users: Object.fromEntries(change.emails.map((email) => [email, role])) };
}

/** True when the person's role here changes. */
export function personChanges(person: PlannedPerson): boolean {
  return !person.own && person.now.role !== person.after.role;
}

/**
 * In: the change, and the document's access as read (its own user's email tells their row). Out:
 * each person the change names (each email once, in the order given; the public link for a public
 * change), and the delta of those whose role changes, never the user's own.
 */
export function planAccessChange(change: SharingChange, access: AccessList): AccessPlan {
  const people = change.kind === 'public' ? [publicChange(change.public, access.publicRole)] : change.emails.map((email) => personChange(change, email, access));
  const users: Record<string, Role | null> = {};
  for (const person of people) if (personChanges(person)) users[person.email] = person.after.role as Role | null;
  return { people, delta: Object.keys(users).length > 0 ? { users } : null };
}

/** The public link now and after: on means viewers, the only role Grist's own page gives it (docs/grist-api.md "Public link"). */
function publicChange(on: boolean, now: Role | null): PlannedPerson {
  const after = on ? 'viewers' : null;
  return { email: PUBLIC_EMAIL, name: '', now: { role: now, inherited: null }, after: { role: after, inherited: null }, own: false };
}

/** One email of a share or unshare, with what the person has now (emails match without regard to case). */
function personChange(change: Extract<SharingChange, { emails: string[] }>, email: string, access: AccessList): PlannedPerson {
  const there = access.people.find((person) => sameEmail(person.email, email));
  const now: Standing = { role: there?.role ?? null, inherited: there?.inherited ?? null };
  const own = access.ownEmail !== null && sameEmail(access.ownEmail, email);
  const role = own ? now.role : change.kind === 'share' ? change.role : null;
  return { email: there?.email ?? email, name: there?.name ?? '', now, after: { role, inherited: now.inherited }, own };
}
