/**
 * The pages' `readAccess` message and the People view's reads: who has access to a document,
 * workspace or site of the worker's listing, read with the account that owns it, Grist's refusals
 * in words. A change of it is a kind of change (changes/kinds/access.ts).
 */
import { t } from '../../shared/i18n.ts';
import type { AccessList, AccessResource } from '../../shared/protocol/sharing.ts';
import { ApiError, CROSS_ORIGIN_REFUSAL } from '../grist/api-error.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { nextTask } from '../pacing.ts';
import { currentAccessOwnerLookup, findAccessOwner, readAccessOf, type AccessNow, type AccessOwner } from './access-api.ts';
import { ownEmailOf } from './own-email.ts';

/**
 * The `readAccess` message: who has access to `resource` now (one request), with the first account
 * that owns it, else the first that lists it, and its user's email (asked of Grist at the same
 * time before a connection check said: ownEmailOf). Throws ApiError: `not-found` when no account lists it
 * or Grist no longer has it, `forbidden` when Grist refuses the read, or what the read met.
 */
export async function readAccess(resource: AccessResource): Promise<AccessList> {
  return readAccessWith(await findAccessOwner(resource), resource);
}

/** readAccess with `owner`, as findAccessOwner chose it. */
async function readAccessWith(owner: AccessOwner, resource: AccessResource): Promise<AccessList> {
  // Both at once: the panel waits one round trip, also when whose key it is must be asked.
  const [now, ownEmail] = await Promise.all([accessNow(owner.client, resource, owner.name), ownEmailOf(owner)]);
  return { resource, account: owner.account, ownEmail, savedUsers: [...owner.savedUsers], canChange: owner.canChange && !now.onlySelf, ownRole: owner.role, ...now };
}

/**
 * readAccess of each of `resources` (the People view's sites: PEOPLE_PORT), given to `each` with
 * its index as it starts, while `wanted()` says so. The listing's index, the accounts and each
 * account's hosts' permissions are got once for all; then each read starts in a task of its own
 * (nextTask): started in one task, 201 fetch() calls held the worker 230 to 590 ms, and no answer
 * that came in meanwhile (the first 30 ms after its request left) was seen before the last had
 * left (the bench's bare fetch(), 2026-11-28: first answer 239 to 619 ms in one task, 26 to 191
 * ms one a task). Every read still starts at once as far as Grist is concerned: the per-host limit
 * paces them, none waits for another host's answer. Throws what findAccessOwner's reads throw
 * (each site's own failure is its read's).
 */
export async function readEachAccess(resources: readonly AccessResource[], each: (index: number, read: Promise<AccessList>) => void, wanted: () => boolean = () => true): Promise<void> {
  const lookup = await currentAccessOwnerLookup();
  const owners = resources.map((resource): AccessOwner | Error => {
    try {
      return lookup(resource);
    } catch (error) {
      return error as Error;
    }
  });
  const hostsByClient = new Map<AccessOwner['client'], string[]>();
  for (const owner of owners) {
    if (owner instanceof Error) continue;
    const hosts = hostsByClient.get(owner.client) ?? [];
    hosts.push(owner.siteUrl);
    hostsByClient.set(owner.client, hosts);
  }
  await Promise.all([...hostsByClient].map(([client, siteUrls]) => client.knowHosts?.(siteUrls)));
  for (const [index, resource] of resources.entries()) {
    if (!wanted()) return;
    const owner = owners[index]!;
    each(index, owner instanceof Error ? Promise.reject(owner) : readAccessWith(owner, resource));
    await nextTask();
  }
}

/**
 * The access of `resource` now, read with `client`, Grist's refusals in words: 403 (but the Origin
 * trap's) `forbidden`, 404 `not-found`. Throws what else the read met.
 */
export async function accessNow(client: GristClient, resource: AccessResource, name: string): Promise<AccessNow> {
  try {
    return await readAccessOf(client, resource);
  } catch (error) {
    throw (error instanceof ApiError && accessRefusal(error, name, resource.siteUrl)) || error;
  }
}

/** Grist's refusal of an access read or change, in words; null for what is no refusal (passed on as it came). */
export function accessRefusal(error: ApiError, name: string, siteUrl: string): ApiError | null {
  if (error.status === 403 && error.serverMessage !== CROSS_ORIGIN_REFUSAL) return new ApiError('forbidden', t('errorAccessOwnersOnly', name), 403);
  if (error.status === 404) return new ApiError('not-found', t('errorAccessGone', name, new URL(siteUrl).host), 404);
  if (error.status !== 400) return null;
  const said = error.serverMessage ?? '';
  if (/cannot update own permissions/i.test(said)) return new ApiError(error.kind, t('errorAccessOwnEmail'), 400, said);
  return new ApiError(error.kind, t('errorAccessRefused', name, said || String(error.status)), 400, said);
}
