/**
 * The saved accounts with their keys, and a client for each, shared by the access checks made
 * while they are read: the People view reads every site's access at once (PEOPLE_PORT), and each
 * read the accounts and keys and made a client of its own, which asked the browser for its host's
 * permission apart: some 600 calls to the browser process, answered in turn, before the first
 * site's request could leave. Shared, they are one read, and one client per account, which asks
 * for its hosts' permissions in one call (connectToGrist) and holds its per-host limit for all of
 * them. Never kept once read, nor given to a call made after the accounts or keys were written.
 */
import { accountsItem, apiKeysItem } from '../../shared/storage/storage-items.ts';
import type { GristClient } from '../grist/grist-client.ts';
import { clientsFor, readKeyedAccounts, type KeyedAccount } from '../grist/grist-connection.ts';
import { followWrites } from '../storage-writes.ts';

/** The saved accounts, each with its key, and a client for each (clientsFor). */
export interface KeyedClients {
  accounts: readonly KeyedAccount[];
  clientOf: (accountId: string) => GristClient;
}

/** The read under way, while it is and no write of the accounts or keys came since it began. */
let shared: Promise<KeyedClients> | null = null;
let following = false;

/**
 * The saved accounts, their keys and a client for each: one read (readKeyedAccounts) for every
 * call made while it is under way. Throws what the storage read throws.
 */
export function sharedClients(): Promise<KeyedClients> {
  if (!following) {
    following = true;
    followWrites([accountsItem.key, apiKeysItem.key], () => (shared = null));
  }
  if (shared) return shared;
  const read = readKeyedAccounts().then((accounts) => ({ accounts, clientOf: clientsFor(accounts) }));
  shared = read;
  const done = () => {
    if (shared === read) shared = null;
  };
  read.then(done, done);
  return read;
}
