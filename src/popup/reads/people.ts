/**
 * The People view's reads (panels/people-view.tsx), through the worker: each site's access, read
 * when the view opens, and what one person has across the user's sites (the person's removal is a
 * change: changes/kinds/people.ts).
 */
import type { Backend } from '../../page-shared/backend-client.ts';
import { settle } from '../../shared/protocol/errors.ts';
import type { SiteEntry } from '../../shared/protocol/listing.ts';
import type { PersonGrants, PersonSiteKey } from '../../shared/protocol/people.ts';
import type { AccessList } from '../../shared/protocol/sharing.ts';

/**
 * Who has access to each of `sites`, in one request (readSitesPeople): `onAnswer(index, access)`
 * for `sites[index]` as it answers, with its list or why it could not be read. Out: what stops it
 * (no answer comes after).
 */
export function readSitesPeople({ backend }: { backend: Pick<Backend, 'readSitesPeople'> }, sites: ReadonlyArray<Pick<SiteEntry, 'orgId' | 'siteUrl'>>, onAnswer: (index: number, access: AccessList | string) => void): () => void {
  return backend.readSitesPeople({ sites: sites.map(({ orgId, siteUrl }) => ({ orgId, siteUrl })) }, (index, reply) => onAnswer(index, reply.ok ? reply.value : reply.error.message));
}

/** What `email` has on each site the user owns (readPersonGrants), or on `site` only. Out: that, or why it could not be read. */
export async function readPersonGrants({ backend }: { backend: Pick<Backend, 'readPersonGrants'> }, email: string, site?: PersonSiteKey): Promise<PersonGrants | string> {
  const reply = await settle(backend.readPersonGrants(site ? { email, site } : { email }));
  return reply.ok ? reply.value : reply.error.message;
}
