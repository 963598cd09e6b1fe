/**
 * The People view's list: each site's access (as it answered) grouped by person, across every site
 * and account, with their role on each site, in the order first met. Pure: the view keeps the answers in memory only.
 */
import { foldForSearch, foldedMatches } from '../../shared/rules/search.ts';
import { sameEmail, type AccessList, type ListedRole } from '../../shared/protocol/sharing.ts';

/** One person of the view: their name (as first met), email, and role on each site that lists them. */
export interface ListedPerson {
  email: string;
  name: string;
  /** True when it is the user (of one of the accounts): their row offers no removal. */
  isUser: boolean;
  sites: Array<{ siteName: string; role: ListedRole | null }>;
}

/**
 * In: the sites read so far, each with its name and its access list. Out: the people, grouped by
 * email (without regard to case, as Grist matches them), each with their role on each site.
 */
export function groupPeople(read: ReadonlyArray<{ siteName: string; access: AccessList }>): ListedPerson[] {
  const people = new Map<string, ListedPerson>();
  for (const { siteName, access } of read) {
    for (const person of access.people) {
      const key = person.email.toLowerCase();
      let listed = people.get(key);
      if (!listed) {
        listed = { email: person.email, name: person.name, isUser: false, sites: [] };
        people.set(key, listed);
      }
      if (access.ownEmail !== null && sameEmail(access.ownEmail, person.email)) listed.isUser = true;
      listed.sites.push({ siteName, role: person.role });
    }
  }
  return [...people.values()];
}

/** The people whose name or email holds every term (folded, as the popup's search folds). */
export function matchingPeople(people: readonly ListedPerson[], terms: readonly string[]): ListedPerson[] {
  return terms.length === 0 ? [...people] : people.filter((person) => foldedMatches(foldForSearch(`${person.name} ${person.email}`), terms));
}
