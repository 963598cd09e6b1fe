/**
 * An access list as a change makes it, for the Share panel to show at once what it asked (and to
 * put back what it showed if Grist refuses): pure, on the lists readAccess answers. Grist's rules
 * (docs/grist-api.md, "Access"): emails match without regard to case; removing a grant leaves
 * what comes down from above; the public link is the special user PUBLIC_EMAIL.
 */
import { PUBLIC_EMAIL, sameEmail, type AccessDelta, type AccessList, type Person, type Role, type SiteRole } from '../../shared/protocol/sharing.ts';

/** One person's grant changed: a role given here, or (null) only what comes down from above left, or nobody when nothing does. */
function withGrant(people: readonly Person[], email: string, role: Person['role']): Person[] {
  const at = people.findIndex((person) => sameEmail(person.email, email));
  const person = people[at];
  if (!person) return role === null ? [...people] : [...people, { email, name: '', role, inherited: null, isMember: null }];
  if (role === null && person.inherited === null) return people.filter((_, index) => index !== at);
  return people.map((each, index) => (index === at ? { ...each, role } : each));
}

/** In: a list and a change of it. Out: the list as Grist has it once the change is made (a new list). */
export function withDelta(list: AccessList, delta: AccessDelta): AccessList {
  let { people, publicRole } = list;
  for (const [email, role] of Object.entries(delta.users ?? {})) {
    if (sameEmail(email, PUBLIC_EMAIL)) publicRole = role as Role | null;
    else people = withGrant(people, email, role);
  }
  const changed = { ...list, people, publicRole };
  return 'maxInheritedRole' in delta ? { ...changed, maxInheritedRole: delta.maxInheritedRole ?? null } : changed;
}

/**
 * In: a list and the emails to give `role`. Out: the change that gives it only to those who do not
 * have it given here already (each email once); empty users when all have it.
 */
export function grantDelta(list: AccessList, emails: readonly string[], role: SiteRole): AccessDelta {
  const users: Record<string, SiteRole> = {};
  for (const email of emails) {
    if (!list.people.some((person) => sameEmail(person.email, email) && person.role === role)) users[email] = role;
  }
  return { users };
}
