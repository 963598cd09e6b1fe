/**
 * Stores accounts and their API keys as the options page leaves them once the user has typed each
 * key and pressed Save: each key may go to every site of its account (see
 * src/background/grist/host-policy.ts).
 */
import { configuredOrigins } from '../../src/background/grist/host-policy.ts';
import { USERS } from '../fake-grist/sample-data.ts';
import { accountsItem, apiKeysItem, type Account, type Settings } from '../../src/shared/storage/storage-items.ts';
import { storeTogether } from '../../src/background/storage-writes.ts';

/** The id saveSettingsWithKey gives its one account. */
export const ACCOUNT_1 = 'account-1';

/** One account to store: its id, sites, key, the team site origins Grist listed for it, and its user. */
export interface SavedAccount {
  id: string;
  settings: Settings;
  apiKey: string;
  listed?: string[];
  user?: Account['user'];
}

/** Stores the accounts, in order, and their keys. */
export async function saveAccounts(accounts: SavedAccount[]): Promise<void> {
  await storeTogether(
    accountsItem.entry(accounts.map(({ id, settings, listed = [], user = null }) => ({ id, settings, hosts: { confirmed: configuredOrigins(settings), listed }, user }))),
    apiKeysItem.entry(Object.fromEntries(accounts.map(({ id, apiKey }) => [id, apiKey]))),
  );
}

/** One account (id ACCOUNT_1). In: its sites, its key, and the team site origins Grist listed for it (none by default). */
export async function saveSettingsWithKey(settings: Settings, apiKey: string, listed: string[] = []): Promise<void> {
  await saveAccounts([{ id: ACCOUNT_1, settings, apiKey, listed }]);
}

/** The ids saveEditorThenOwner and saveViewerThenOwner give Ed's, Victor's and Olivia's accounts. */
export const EDITOR_ACCOUNT = 'account-editor';
export const VIEWER_ACCOUNT = 'account-viewer';
export const OWNER_ACCOUNT = 'account-owner';

/** Users of one server, in this order: each account `id` with its `apiKey`, all with the personal site `personalSiteUrl` and no team site. */
export async function saveOnOneServer(personalSiteUrl: string, ...accounts: Array<{ id: string; apiKey: string }>): Promise<void> {
  const settings = { personalSiteUrl, teamSiteUrls: [] };
  await saveAccounts(accounts.map(({ id, apiKey }) => ({ id, settings, apiKey })));
}

/** Two users of one server (the sample data's): account `id` with `apiKey` first, then Olivia's (saveOnOneServer). */
const saveThenOwner = (id: string, apiKey: string, personalSiteUrl: string) => saveOnOneServer(personalSiteUrl, { id, apiKey }, { id: OWNER_ACCOUNT, apiKey: USERS.owner.apiKey });

/**
 * Ed's account first, then Olivia's (saveThenOwner). Where both list a document, Olivia owns it
 * (Ed owns only what was given to him, such as Leads).
 */
export const saveEditorThenOwner = (personalSiteUrl: string) => saveThenOwner(EDITOR_ACCOUNT, USERS.editor.apiKey, personalSiteUrl);

/** Victor's account first (a viewer of Acme), then Olivia's (its owner) (saveThenOwner). */
export const saveViewerThenOwner = (personalSiteUrl: string) => saveThenOwner(VIEWER_ACCOUNT, USERS.viewer.apiKey, personalSiteUrl);

/** An account as stored (accountsItem), id `a1`, with these settings and no hosts or user: read back as it is, or, with bad settings, as corrupt. */
export const storedAccount = (settings: unknown) => ({ id: 'a1', settings, hosts: { confirmed: [], listed: [] }, user: null });
