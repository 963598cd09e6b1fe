/**
 * Stores accounts and their API keys as the options page leaves them once the user has typed each
 * key and pressed Save: each key may go to every site of its account (see
 * src/background/grist/host-policy.ts).
 */
import { configuredOrigins } from '../../src/background/grist/host-policy.ts';
import { USERS } from '../fake-grist/sample-data.ts';
import { accountsItem, apiKeysItem, storeTogether, type Account, type Settings } from '../../src/shared/storage-items.ts';

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

/** The ids saveEditorThenOwner gives Ed's account and Olivia's. */
export const EDITOR_ACCOUNT = 'account-editor';
export const OWNER_ACCOUNT = 'account-owner';

/**
 * Two users of one server (the sample data's): Ed's account first, then Olivia's, both with the
 * personal site `personalSiteUrl`. Where both list a document, Olivia owns it (Ed owns only what
 * was given to him, such as Leads).
 */
export async function saveEditorThenOwner(personalSiteUrl: string): Promise<void> {
  const settings = { personalSiteUrl, teamSiteUrls: [] };
  await saveAccounts([
    { id: EDITOR_ACCOUNT, settings, apiKey: USERS.editor.apiKey },
    { id: OWNER_ACCOUNT, settings, apiKey: USERS.owner.apiKey },
  ]);
}

/** The ids saveViewerThenOwner gives Victor's account and Olivia's. */
export const VIEWER_ACCOUNT = 'account-viewer';

/**
 * Two users of one server (the sample data's): Victor's account first (a viewer of Acme), then
 * Olivia's (its owner), both with the personal site `personalSiteUrl`.
 */
export async function saveViewerThenOwner(personalSiteUrl: string): Promise<void> {
  const settings = { personalSiteUrl, teamSiteUrls: [] };
  await saveAccounts([
    { id: VIEWER_ACCOUNT, settings, apiKey: USERS.viewer.apiKey },
    { id: OWNER_ACCOUNT, settings, apiKey: USERS.owner.apiKey },
  ]);
}

/** An account as stored (accountsItem), id `a1`, with these settings and no hosts or user: read back as it is, or, with bad settings, as corrupt. */
export const storedAccount = (settings: unknown) => ({ id: 'a1', settings, hosts: { confirmed: [], listed: [] }, user: null });
