/**
 * The email of the user whose key reads and changes a resource's access, which no access change
 * may name (Grist: "cannot update own permissions", grist-api.md "Access"): the account's, as a
 * connection check recorded it; before any check, asked of Grist (`GET /api/profile/user`, as the
 * check asks) and recorded as the check records it, so the own-email check is never skipped and
 * the Share panel knows the user's own row.
 */
import { keyOf, readAccountsAndKeys } from '../grist/grist-connection.ts';
import { profileSchema } from '../grist/grist-schemas.ts';
import { recordUser } from '../settings/settings-service.ts';
import type { AccessOwner } from './access-api.ts';

/**
 * In: the account findAccessOwner chose. Out: its user's email: the one it knows, else Grist's
 * answer, asked with its client at its site (and recorded while its key is the same). Throws
 * ApiError as the network module does when Grist cannot say.
 */
export async function ownEmailOf(owner: Pick<AccessOwner, 'account' | 'ownEmail' | 'client' | 'siteUrl'>): Promise<string> {
  if (owner.ownEmail !== null) return owner.ownEmail;
  const { keys } = await readAccountsAndKeys();
  const apiKey = keyOf(keys, owner.account);
  const profile = await owner.client.get(owner.siteUrl, '/api/profile/user', profileSchema);
  if (apiKey !== null) await recordUser(owner.account, apiKey, { name: profile.name, email: profile.email });
  return profile.email;
}
