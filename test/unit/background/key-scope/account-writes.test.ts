/**
 * Saving settings is all or nothing, one save at a time (issue 11, finding 7): the Origin rule and
 * the stored settings always name the same sites, whatever the browser refuses and however many
 * options tabs save at once. The in-memory dynamic rules of test/setup stand in for the browser's.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheEpoch } from '../../../../src/background/listing/listing-cache.ts';
import { removeAccount } from '../../../../src/background/settings/remove-account.ts';
import { saveSettings } from '../../../../src/background/settings/settings-service.ts';
import { recordListedHosts } from '../../../../src/background/key-scope/account-writes.ts';
import { migrateStorage } from '../../../../src/background/settings/storage-migration.ts';
import { accountsItem, apiKeysItem, listingItem, schemaVersionItem, SCHEMA_VERSION } from '../../../../src/shared/storage/storage-items.ts';
import { ACCOUNT_1, saveSettingsWithKey } from '../../../setup/saved-key.ts';

const KEY = 'a'.repeat(40);
const A = { personalSiteUrl: 'https://grist.a.example', teamSiteUrls: [] };
const B = { personalSiteUrl: 'https://grist.b.example', teamSiteUrls: [] };

/** The first account's sites as stored. */
const firstSettings = async () => (await accountsItem.get())[0]?.settings;
/** The first account's key hosts as stored. */
const firstHosts = async () => (await accountsItem.get())[0]?.hosts;
/** Saves the one account ACCOUNT_1 with these sites (and a key, when given). */
const saveOne = (settings: typeof A, apiKey?: string) => saveSettings({ accounts: [{ id: ACCOUNT_1, ...settings, ...(apiKey ? { apiKey } : {}) }] });

/** The hosts the installed Origin rule removes Origin for. */
async function ruleHosts(): Promise<string[] | undefined> {
  const [rule] = await fakeBrowser.declarativeNetRequest.getDynamicRules();
  return rule?.condition.requestDomains;
}

beforeEach(async () => {
  Object.assign(fakeBrowser.contextMenus, { removeAll: vi.fn(async () => undefined), create: vi.fn() });
  await saveSettingsWithKey(A, KEY);
  await saveOne(A); // installs the rule for A
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a save is all or nothing', () => {
  it('when the browser refuses the Origin rule, nothing is saved and the error says so', async () => {
    vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateDynamicRules').mockRejectedValueOnce(new Error('rule refused'));
    await expect(saveOne(B, KEY)).rejects.toThrow('rule refused');
    expect(await firstSettings()).toEqual(A);
    expect((await firstHosts())?.confirmed).toEqual(['https://grist.a.example']);
    expect(await ruleHosts()).toEqual(['grist.a.example']);
  });

  it('when the browser refuses the settings write, the Origin rule is put back', async () => {
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((async (items: Record<string, unknown>) => {
      if ('accounts' in items) throw new Error('QUOTA_BYTES quota exceeded');
      return set(items);
    }) as never);
    await expect(saveOne(B)).rejects.toThrow('quota');
    expect(await firstSettings()).toEqual(A);
    expect(await ruleHosts()).toEqual(['grist.a.example']);
  });

  it('two options tabs saving at once leave the rule and the settings for the same site', async () => {
    // The first save's write is slow, so without one save at a time the second's rule would land between.
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let first = true;
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((async (items: Record<string, unknown>) => {
      if ('accounts' in items && first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return set(items);
    }) as never);
    await Promise.all([saveOne(B), saveOne({ personalSiteUrl: 'https://grist.c.example', teamSiteUrls: [] })]);
    expect((await firstSettings())?.personalSiteUrl).toBe('https://grist.c.example');
    expect(await ruleHosts()).toEqual(['grist.c.example']);
  });
});

describe('a key saved by an older version', () => {
  it('may go to the sites configured when it was saved, and no other', async () => {
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set({ schemaVersion: 2, apiKey: KEY, settings: { personalSiteUrl: 'https://grist.a.example', teamSiteUrls: ['https://grist.a.example/o/acme', 'https://team.example'] } });
    const hosts = (await migrateStorage())[0]?.hosts;
    expect(hosts).toEqual({ confirmed: ['https://grist.a.example', 'https://team.example'], listed: [] });
    expect(await firstHosts()).toEqual(hosts);
    expect(await schemaVersionItem.get()).toBe(SCHEMA_VERSION);
    // Run again (every worker start), it changes nothing.
    expect((await migrateStorage())[0]?.hosts).toEqual(hosts);
  });

  it('no key, no hosts recorded', async () => {
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set({ schemaVersion: 2, settings: A });
    expect((await migrateStorage())[0]?.hosts).toEqual({ confirmed: [], listed: [] });
  });
});

describe('the team sites Grist listed for the key', () => {
  /** Account 1 as a refresh reads it now. */
  const accountNow = async () => (await accountsItem.get())[0]!;

  it('are recorded, with the Origin rule, by a refresh of the current settings', async () => {
    await recordListedHosts(await accountNow(), KEY, ['https://grist.team.example']);
    expect((await firstHosts())?.listed).toEqual(['https://grist.team.example']);
    expect(await ruleHosts()).toEqual(['grist.a.example', 'grist.team.example']);
  });

  it('are not recorded by a refresh that started before the settings changed', async () => {
    const readThen = await accountNow();
    await saveOne(B, KEY);
    await recordListedHosts(readThen, KEY, ['https://grist.team.example']);
    expect((await firstHosts())?.listed).toEqual([]);
    expect(await ruleHosts()).toEqual(['grist.b.example']);
  });

  it('are not recorded for a key removed or replaced meanwhile, but are when another account changed', async () => {
    const readThen = await accountNow();
    await saveSettings({ accounts: [{ id: ACCOUNT_1, ...A }, { ...B, apiKey: 'b'.repeat(40) }] });
    await recordListedHosts(readThen, KEY, ['https://grist.team.example']);
    expect((await firstHosts())?.listed).toEqual(['https://grist.team.example']);
    await recordListedHosts(readThen, 'c'.repeat(40), ['https://grist.other.example']);
    expect((await firstHosts())?.listed).toEqual(['https://grist.team.example']);
  });
});

describe('several accounts', () => {
  const OTHER_KEY = 'b'.repeat(40);

  it('are saved in one Save, in order; a new one gets an id of its own and its key goes to its sites only', async () => {
    const saved = await saveSettings({ accounts: [{ id: ACCOUNT_1, ...A }, { ...B, apiKey: OTHER_KEY }] });
    expect(saved.accounts.map(({ personalSiteUrl, hasApiKey }) => ({ personalSiteUrl, hasApiKey }))).toEqual([
      { personalSiteUrl: A.personalSiteUrl, hasApiKey: true },
      { personalSiteUrl: B.personalSiteUrl, hasApiKey: true },
    ]);
    const [first, second] = await accountsItem.get();
    expect(first?.id).toBe(ACCOUNT_1);
    expect(second?.id).not.toBe(ACCOUNT_1);
    expect(second?.hosts).toEqual({ confirmed: ['https://grist.b.example'], listed: [] });
    expect(await apiKeysItem.get()).toEqual({ [ACCOUNT_1]: KEY, [second!.id]: OTHER_KEY });
    // The Origin rule covers both accounts' hosts.
    expect(await ruleHosts()).toEqual(['grist.a.example', 'grist.b.example']);
    // The replies never carry a key.
    expect(JSON.stringify(saved)).not.toContain(KEY);
    expect(JSON.stringify(saved)).not.toContain(OTHER_KEY);
  });

  it('the same key twice is refused with a clear message, and nothing is saved', async () => {
    await expect(saveSettings({ accounts: [{ id: ACCOUNT_1, ...A }, { ...B, apiKey: KEY }] })).rejects.toMatchObject({
      kind: 'invalid-input',
      message: 'Account 2 has the same API key as account 1. Each account needs its own key: one key is one Grist user.',
    });
    expect((await accountsItem.get()).map((account) => account.id)).toEqual([ACCOUNT_1]);
    expect(await ruleHosts()).toEqual(['grist.a.example']);
  });

  it('a page that does not know the accounts as saved (another options tab changed them) saves nothing', async () => {
    const stale = 'The Grist accounts changed in another options page. Nothing was saved: reload this page and try again.';
    // Another tab added account 2; this one still shows account 1 alone.
    await saveSettings({ accounts: [{ id: ACCOUNT_1, ...A }, { ...B, apiKey: OTHER_KEY }] });
    await expect(saveOne(A)).rejects.toMatchObject({ kind: 'invalid-input', message: stale });
    // An account removed in another tab does not come back, and one account named twice is refused.
    await expect(saveSettings({ accounts: [{ id: 'gone', ...A }] })).rejects.toMatchObject({ message: stale });
    await expect(saveSettings({ accounts: [{ id: ACCOUNT_1, ...A }, { id: ACCOUNT_1, ...B }] })).rejects.toMatchObject({ message: stale });
    expect((await accountsItem.get()).map((account) => account.settings.personalSiteUrl)).toEqual([A.personalSiteUrl, B.personalSiteUrl]);
  });

  it('more than ten are refused', async () => {
    const accounts = Array.from({ length: 11 }, (_, index) => ({ personalSiteUrl: `https://grist${index}.example`, teamSiteUrls: [], apiKey: String(index).repeat(40) }));
    await expect(saveSettings({ accounts })).rejects.toMatchObject({ kind: 'invalid-input', message: 'At most 10 Grist accounts can be added.' });
  });

  it('Remove account forgets its key and hosts; a host the other account uses stays in the Origin rule', async () => {
    const { accounts } = await saveSettings({ accounts: [{ id: ACCOUNT_1, ...A }, { personalSiteUrl: A.personalSiteUrl, teamSiteUrls: ['https://grist.b.example'], apiKey: OTHER_KEY }] });
    const second = accounts[1]!.id;
    const after = await removeAccount({ account: second });
    expect(after.accounts.map((account) => account.id)).toEqual([ACCOUNT_1]);
    expect(await apiKeysItem.get()).toEqual({ [ACCOUNT_1]: KEY });
    expect(await ruleHosts()).toEqual(['grist.a.example']);
    // Removing the last account leaves no key and no rule.
    await removeAccount({ account: ACCOUNT_1 });
    expect(await apiKeysItem.get()).toEqual({});
    expect(await ruleHosts()).toBeUndefined();
  });

  it('typing the saved key again forgets the account’s cached listing: its hosts start afresh, and only a full listing names its team sites again', async () => {
    await recordListedHosts((await accountsItem.get())[0]!, KEY, ['https://grist.team.example']);
    await listingItem.set({ fetchedAt: 1, sites: [{ account: ACCOUNT_1, orgId: 2, name: 'Personal', domain: null, personal: true, siteUrl: A.personalSiteUrl, workspaces: [] }] });
    const startedIn = cacheEpoch();
    await saveOne(A, KEY);
    expect(cacheEpoch()).not.toBe(startedIn);
    expect((await firstHosts())?.listed).toEqual([]);
    await vi.waitFor(async () => expect(await listingItem.get()).toBeNull());
  });

  it('a save keeps who an unchanged account belongs to, and forgets it when its key changes', async () => {
    await accountsItem.set((await accountsItem.get()).map((account) => ({ ...account, user: { name: 'Olivia Owner', email: 'owner@example.com' } })));
    expect((await saveOne(A)).accounts[0]?.user).toEqual({ name: 'Olivia Owner', email: 'owner@example.com' });
    expect((await saveOne(A, OTHER_KEY)).accounts[0]?.user).toBeNull();
  });
});
