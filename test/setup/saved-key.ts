/**
 * Stores settings and an API key as the options page leaves them once the user has typed the key
 * and pressed Save: the key may go to every configured site (see src/background/host-policy.ts).
 */
import { configuredOrigins } from '../../src/background/grist/host-policy.ts';
import { apiKeyItem, keyHostsItem, settingsItem, storeTogether, type Settings } from '../../src/shared/storage-items.ts';

/** In: the settings, the key, and the team site origins Grist listed for it (none by default). */
export async function saveSettingsWithKey(settings: Settings, apiKey: string, listed: string[] = []): Promise<void> {
  await storeTogether(
    settingsItem.entry(settings),
    apiKeyItem.entry(apiKey),
    keyHostsItem.entry({ confirmed: configuredOrigins(settings), listed }),
  );
}
