/**
 * Saving settings is all or nothing, one save at a time (issue 11, finding 7): the Origin rule and
 * the stored settings always name the same sites, whatever the browser refuses and however many
 * options tabs save at once. The in-memory dynamic rules of test/setup stand in for the browser's.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheEpoch } from '../../src/background/listing/listing-cache.ts';
import { saveSettings } from '../../src/background/settings/settings-service.ts';
import { recordListedHosts } from '../../src/background/settings/settings-writes.ts';
import { migrateStorage } from '../../src/background/settings/storage-migration.ts';
import { keyHostsItem, schemaVersionItem, SCHEMA_VERSION, settingsItem } from '../../src/shared/storage-items.ts';
import { saveSettingsWithKey } from '../setup/saved-key.ts';

const KEY = 'a'.repeat(40);
const A = { personalSiteUrl: 'https://grist.a.example', teamSiteUrls: [] };
const B = { personalSiteUrl: 'https://grist.b.example', teamSiteUrls: [] };

/** The hosts the installed Origin rule removes Origin for. */
async function ruleHosts(): Promise<string[] | undefined> {
  const [rule] = await fakeBrowser.declarativeNetRequest.getDynamicRules();
  return rule?.condition.requestDomains;
}

beforeEach(async () => {
  Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
  await saveSettingsWithKey(A, KEY);
  await saveSettings({ ...A }); // installs the rule for A
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a save is all or nothing', () => {
  it('when the browser refuses the Origin rule, nothing is saved and the error says so', async () => {
    vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateDynamicRules').mockRejectedValueOnce(new Error('rule refused'));
    await expect(saveSettings({ ...B, apiKey: KEY })).rejects.toThrow('rule refused');
    expect(await settingsItem.get()).toEqual(A);
    expect((await keyHostsItem.get()).confirmed).toEqual(['https://grist.a.example']);
    expect(await ruleHosts()).toEqual(['grist.a.example']);
  });

  it('when the browser refuses the settings write, the Origin rule is put back', async () => {
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((async (items: Record<string, unknown>) => {
      if ('settings' in items) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    }) as never);
    await expect(saveSettings({ ...B })).rejects.toThrow('quota');
    expect(await settingsItem.get()).toEqual(A);
    expect(await ruleHosts()).toEqual(['grist.a.example']);
  });

  it('two options tabs saving at once leave the rule and the settings for the same site', async () => {
    // The first save's write is slow, so without one save at a time the second's rule would land between.
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let first = true;
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((async (items: Record<string, unknown>) => {
      if ('settings' in items && first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return set(items);
    }) as never);
    await Promise.all([saveSettings({ ...B }), saveSettings({ personalSiteUrl: 'https://grist.c.example', teamSiteUrls: [] })]);
    const saved = await settingsItem.get();
    expect(saved.personalSiteUrl).toBe('https://grist.c.example');
    expect(await ruleHosts()).toEqual(['grist.c.example']);
  });
});

describe('a key saved by an older version', () => {
  it('may go to the sites configured when it was saved, and no other', async () => {
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set({ schemaVersion: 2, apiKey: KEY, settings: { personalSiteUrl: 'https://grist.a.example', teamSiteUrls: ['https://grist.a.example/o/acme', 'https://team.example'] } });
    const { hosts } = await migrateStorage();
    expect(hosts).toEqual({ confirmed: ['https://grist.a.example', 'https://team.example'], listed: [] });
    expect(await keyHostsItem.get()).toEqual(hosts);
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
    // Run again (every worker start), it changes nothing.
    expect((await migrateStorage()).hosts).toEqual(hosts);
  });

  it('no key, no hosts recorded', async () => {
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set({ schemaVersion: 2, settings: A });
    expect((await migrateStorage()).hosts).toEqual({ confirmed: [], listed: [] });
  });
});

describe('the team sites Grist listed for the key', () => {
  it('are recorded, with the Origin rule, by a refresh of the current settings', async () => {
    await recordListedHosts(['https://grist.team.example'], cacheEpoch());
    expect((await keyHostsItem.get()).listed).toEqual(['https://grist.team.example']);
    expect(await ruleHosts()).toEqual(['grist.a.example', 'grist.team.example']);
  });

  it('are not recorded by a refresh that started before the settings changed', async () => {
    const startedIn = cacheEpoch();
    await saveSettings({ ...B, apiKey: KEY });
    await recordListedHosts(['https://grist.team.example'], startedIn);
    expect((await keyHostsItem.get()).listed).toEqual([]);
    expect(await ruleHosts()).toEqual(['grist.b.example']);
  });
});
