/**
 * The changes to the saved settings, the API key and the hosts it may go to run one at a time
 * through this module's queue (two options tabs saving at once must not interleave; the storage
 * migration at start-up runs before any message is handled), and change the Origin rule with them: a rule for one site beside settings for another would have Grist refuse every rename
 * with 403 (grist-api.md, "The Origin trap"). The rule changes first; if the browser refuses it,
 * nothing is stored; if the storage write fails, the rule is put back.
 */
import { apiKeyItem, keyHostsItem, settingsItem, storeTogether } from '../../shared/storage-items.ts';
import { readSiteAccess, type SiteAccess } from '../grist/host-policy.ts';
import { cacheEpoch } from '../listing/listing-cache.ts';
import { logFailure } from '../log-failure.ts';
import { serialQueue } from '../pacing.ts';
import { syncOriginRule } from './origin-rule.ts';
import { syncContextMenus } from '../rename/rename-triggers.ts';

/** Runs a change once every change queued before it has settled. Out: its result. */
export const oneChangeAtATime = serialQueue();

/**
 * Moves from `before` to `after`: the Origin rule, then the settings, key hosts and (when given)
 * a new key in one storage write, then the context menus. Call it inside oneChangeAtATime.
 * Throws what the browser threw when the rule or the write is refused; nothing has changed then.
 * A menu that fails to update is logged, not thrown: the menus are rebuilt at every worker start.
 */
export async function commitAccess(before: SiteAccess, after: SiteAccess, apiKey?: string): Promise<void> {
  await syncOriginRule(after);
  try {
    const settingsChanged = JSON.stringify(before.settings) !== JSON.stringify(after.settings);
    await storeTogether(
      ...(settingsChanged ? [settingsItem.entry(after.settings)] : []),
      keyHostsItem.entry(after.hosts),
      ...(apiKey === undefined ? [] : [apiKeyItem.entry(apiKey)]),
    );
  } catch (error) {
    await syncOriginRule(before).catch(logFailure('putting the Origin rule back'));
    throw error;
  }
  await syncContextMenus(after).catch(logFailure('menu update'));
}

/**
 * Records the team sites `GET /api/orgs` listed for the saved key (their origins), so the key may
 * go there and the Origin rule and menus cover them. In: the origins, and the cacheEpoch() the
 * refresh that listed them started in: a refresh started under older settings or another key
 * records nothing.
 */
export function recordListedHosts(listed: string[], startedInEpoch: number): Promise<void> {
  return oneChangeAtATime(async () => {
    if (startedInEpoch !== cacheEpoch()) return;
    const before = await readSiteAccess();
    const sorted = [...listed].sort();
    if (JSON.stringify([...before.hosts.listed].sort()) === JSON.stringify(sorted)) return;
    await commitAccess(before, { settings: before.settings, hosts: { ...before.hosts, listed: sorted } });
  });
}
