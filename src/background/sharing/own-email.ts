/**
 * The email of the user whose key reads and changes a resource's access, which no access change
 * may name (Grist: "cannot update own permissions", docs/grist-api.md "Access"): the account's, as a
 * connection check recorded it; before any check, asked of Grist (`GET /api/profile/user`, as the
 * check asks) and recorded as the check records it, so the own-email check is never skipped and
 * the Share panel knows the user's own row.
 */
import type { SavedUser } from '../../shared/protocol/sharing.ts';
import { t } from '../../shared/i18n.ts';
import { ApiError } from '../grist/api-error.ts';
import { connectToGrist, keyOf, NO_KEY_ERROR, readAccountsAndKeys, type KeyedAccount } from '../grist/grist-connection.ts';
import { profileSchema } from '../grist/grist-schemas.ts';
import { recordUser } from '../key-scope/account-writes.ts';
import type { AccessOwner } from './access-api.ts';

/**
 * In: the account findAccessOwner chose. Out: its user's email: the one it knows, else Grist's
 * answer, asked at its site with the key read here (and recorded against that key while it is
 * still the account's). Not with `owner`'s client: its key was read before, and a key saved in
 * between would be recorded as the previous key's user. Throws ApiError `no-key` when the account
 * or its key is gone, or as the network module does when Grist cannot say.
 */
export async function ownEmailOf(owner: Pick<AccessOwner, 'account' | 'ownEmail' | 'siteUrl'>): Promise<string> {
  if (owner.ownEmail !== null) return owner.ownEmail;
  const { accounts, keys } = await readAccountsAndKeys();
  const account = accounts.find((entry) => entry.id === owner.account);
  const apiKey = keyOf(keys, owner.account);
  if (!account || apiKey === null) throw NO_KEY_ERROR();
  const profile = await connectToGrist(account, apiKey).get(owner.siteUrl, '/api/profile/user', profileSchema);
  await recordUser(owner.account, apiKey, { name: profile.name, email: profile.email });
  return profile.email;
}

/**
 * ownEmailOf for a run's owning accounts, asked once per account (a bulk share may name thousands
 * of documents of a few accounts), all at once. In: the accounts accessOwnerLookup chose, one per
 * document or fewer. Out: each account's user's email, or the ApiError asking met (that account's
 * documents are not sent).
 */
export async function ownEmailsOf(owners: ReadonlyArray<Parameters<typeof ownEmailOf>[0]>): Promise<Map<string, string | ApiError>> {
  const once = new Map(owners.map((owner) => [owner.account, owner]));
  const asked = await Promise.all(
    [...once.values()].map(async (owner) => {
      try {
        return [owner.account, await ownEmailOf(owner)] as const;
      } catch (error) {
        if (error instanceof ApiError) return [owner.account, error] as const;
        throw error;
      }
    }),
  );
  return new Map<string, string | ApiError>(asked);
}

/**
 * `accounts` (the saved ones, in the options' order) with the user of each that has a key and no
 * user yet asked of Grist (ownEmailsOf: once per account, all at once, at its personal site as the
 * connection check asks, and recorded): a save whose connection check failed, or an account brought
 * over from the single-account setup. The one rule of every access change (email-list.ts
 * emailProblem) refuses the saved accounts' users, and can only refuse those it knows: asked before
 * an access change, a bulk share's start and a person's removal (preview and run). Throws ApiError
 * naming each account Grist would not answer for (Account 2), of the kind the first asking met
 * (`auth` for a refused key...): nothing may be sent then, as it may name that account's user.
 */
export async function withSavedUsers(accounts: readonly KeyedAccount[]): Promise<KeyedAccount[]> {
  const asking = accounts.flatMap(({ account, apiKey }) => (account.user || apiKey === null ? [] : [{ account: account.id, ownEmail: null, siteUrl: account.settings.personalSiteUrl }]));
  if (asking.length === 0) return [...accounts];
  const answers = await ownEmailsOf(asking);
  const unasked = accounts.flatMap((keyed, index) => {
    const answer = answers.get(keyed.account.id);
    return answer instanceof ApiError ? [{ legend: t('accountLegend', String(index + 1)), error: answer }] : [];
  });
  // Of the kind the first asking met (a refused key stays `auth`), in words naming each account.
  const first = unasked[0]?.error;
  if (first) throw new ApiError(first.kind, t('errorAccessSavedAccountUnknown', unasked.map(({ legend }) => legend).join(', ')), first.status);
  return accounts.map((keyed) => {
    const email = answers.get(keyed.account.id);
    return typeof email === 'string' ? { ...keyed, account: { ...keyed.account, user: { name: '', email } } } : keyed;
  });
}

/**
 * The refusal of an access change that names saved accounts' users (email-list.ts emailProblem's
 * `saved`): each named with its account (Account 2); the user changes their access in Grist itself.
 */
export function savedAccountsError(users: readonly SavedUser[]): ApiError {
  const named = users.map(({ email, number }) => `${email} (${t('accountLegend', String(number))})`);
  return new ApiError('invalid-input', t('errorAccessSavedAccount', named.join(', ')));
}
