/**
 * The options page's state and actions: the accounts' groups (account-store.ts), and what concerns
 * them all: loading, one Save for every account, and the hosts the browser has not granted. The
 * view renders these signals and calls these actions; it never talks to the background or the
 * browser itself. Both outside parties are injected, so component tests pass fakes (and never
 * touch the extension API, which is missing outside an extension).
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { createHistoryStore, type HistoryBackend, type HistoryStore } from '../history/history-store.ts';
import type { Backend } from '../page-shared/backend-client.ts';
import { t, tCount } from '../shared/i18n.ts';
import { MAX_ACCOUNTS, type AccountInput, type PublicAccount, type PublicSettings } from '../shared/protocol/messages.ts';
import type { OpenedMap } from '../shared/protocol/pages.ts';
import { hostPermissionPattern } from '../shared/rules/site-url.ts';
import { accountLegend, createAccountStore, type AccountStore } from './account-store.ts';
import { createActionRunner, type StatusMessage } from './action-runner.ts';
import {
  describeRefusal,
  hostAsker,
  type HasHostPermission,
  type RequestHostPermissions,
  type WatchHostPermissions,
} from './host-permissions.ts';

/** The messages the options page sends. */
export type OptionsBackend = Pick<Backend, 'getSettings' | 'saveSettings' | 'removeApiKey' | 'removeAccount' | 'confirmSavedKey' | 'testConnection'> &
  HistoryBackend;

export interface OptionsStoreDependencies {
  backend: OptionsBackend;
  requestHostPermissions: RequestHostPermissions;
  hasHostPermission: HasHostPermission;
  watchHostPermissions: WatchHostPermissions;
  /** Reads what was opened from the extension (`openedItem.get`), which the History's Clear forgets too. Absent: nothing. */
  readOpened?: () => Promise<OpenedMap>;
}

export interface OptionsStore {
  /** The accounts' groups, in the options' order (account 1 first); at least one once loaded. */
  readonly accounts: ReadonlySignal<readonly AccountStore[]>;
  /** False at MAX_ACCOUNTS groups. */
  readonly canAddAccount: ReadonlySignal<boolean>;
  /** False while there is one group: account 1 stays, its Remove key forgets its key. */
  readonly canRemoveAccount: ReadonlySignal<boolean>;
  /** False until the saved settings have been read (or failed to be). */
  readonly loaded: ReadonlySignal<boolean>;
  /** The page's status line: Save, host access, and what no one group is concerned by. */
  readonly status: ReadonlySignal<StatusMessage | null>;
  /**
   * The host permission patterns (`https://host/*`) of every saved account's sites, and of the team
   * sites Grist listed for their keys, that the browser has not granted: Firefox leaves MV3 host
   * permissions to the user, and any browser lets the user take them back. Empty when all are
   * granted (or not yet checked).
   */
  readonly ungrantedHosts: ReadonlySignal<readonly string[]>;
  /** Reads the saved accounts into groups (none saved: one empty group). */
  load(): Promise<void>;
  /**
   * Checks every group, asks for the hosts of them all, saves them all, then checks each saved
   * account's connection in its group. Call it from the click itself.
   */
  save(): Promise<void>;
  /** Add another Grist account: an empty group after the others. Does nothing at MAX_ACCOUNTS. */
  addAccount(): void;
  /**
   * Remove account: a saved account is forgotten by the worker at once, then its group goes; a
   * group not saved yet just goes. Does nothing to the only group. Out: whether the group went.
   */
  removeAccount(account: AccountStore): Promise<boolean>;
  /** Asks the browser for the saved sites' hosts it has not granted. Call it from the click itself. */
  grantHosts(): Promise<void>;
  /** Keeps `ungrantedHosts` current as permissions are granted or taken back, until `signal` aborts. */
  watchHostPermissions(signal: AbortSignal): void;
  /** The change history shown under the settings. */
  readonly history: HistoryStore;
}

/** Creates the store. In: the backend and the browser's permission functions, real or fake. */
export function createOptionsStore({
  backend,
  requestHostPermissions,
  hasHostPermission,
  watchHostPermissions,
  readOpened,
}: OptionsStoreDependencies): OptionsStore {
  const runner = createActionRunner();
  const askForHosts = hostAsker(requestHostPermissions);
  const accounts = signal<readonly AccountStore[]>([]);
  const loaded = signal(false);
  const status = signal<StatusMessage | null>(null);
  const ungrantedHosts = signal<readonly string[]>([]);
  /** The saved sites' host patterns, whose permissions `ungrantedHosts` reports on. */
  let savedOrigins: string[] = [];
  /** Bumped by each check, so an older check that answers late does not overwrite a newer one. */
  let checkNumber = 0;

  const newAccount = (saved?: PublicAccount) => createAccountStore({ backend, askForHosts, runner }, saved);

  function rememberOrigins(settings: PublicSettings): void {
    savedOrigins = unique(
      settings.accounts.flatMap((account) => [account.personalSiteUrl, ...account.teamSiteUrls, ...account.listedOrigins]).map(hostPermissionPattern),
    );
  }

  /** Asks the browser which saved hosts it has granted and lists the others. */
  async function checkHosts(): Promise<void> {
    const number = ++checkNumber;
    const origins = savedOrigins;
    const answers = await Promise.all(
      // An answer that fails counts as not granted: Grant access then shows the browser's reason.
      origins.map((origin) => hasHostPermission(origin).catch(() => false)),
    );
    if (number !== checkNumber) return;
    const missing = origins.filter((_, index) => !answers[index]);
    // The same list again keeps the same value, so the page does not re-render for nothing.
    const current = ungrantedHosts.value;
    if (missing.length !== current.length || missing.some((origin, index) => origin !== current[index])) {
      ungrantedHosts.value = missing;
    }
  }

  async function load(): Promise<void> {
    let saved: PublicAccount[] = [];
    try {
      const reply = await backend.getSettings(null);
      if (reply.ok) {
        saved = reply.value.accounts;
        rememberOrigins(reply.value);
        // Not awaited: the form need not wait for the browser's answer.
        void checkHosts();
      } else status.value = { tone: 'error', text: reply.error.message };
    } finally {
      // None saved yet, or unreadable: account 1's empty form, with the default personal site.
      accounts.value = saved.length > 0 ? saved.map(newAccount) : [newAccount()];
      loaded.value = true;
    }
  }

  function save(): Promise<void> {
    if (runner.busy.value) return Promise.resolve();
    const groups = accounts.value;
    const sameKeyErrors = findSameKeys(groups.map((account) => account.typedKey()));
    const inputs = groups.map((account, index) => account.checkInput(sameKeyErrors[index] ?? null));
    if (!inputs.every((input): input is AccountInput => input !== null)) {
      status.value = { tone: 'error', text: t(sameKeyErrors.some((error) => error !== null) ? 'nothingSavedMarked' : 'nothingSaved') };
      return Promise.resolve();
    }
    const origins = unique(inputs.flatMap((input) => [input.personalSiteUrl, ...input.teamSiteUrls]).map(hostPermissionPattern));
    const permission = askForHosts(origins); // no await before this line: see hostAsker
    for (const account of groups) account.showSaving(true);
    const nothingSaved = (text: string) => {
      for (const account of groups) account.showSaving(false);
      status.value = { tone: 'error', text };
    };
    return runner.run('saving', status, t('saving'), async () => {
      const answer = await permission;
      if (!answer.granted) return nothingSaved(describeRefusal(origins, answer, 'consequenceNothingSaved', 'retrySave'));
      const reply = await backend.saveSettings({ accounts: inputs });
      if (!reply.ok) return nothingSaved(reply.error.message);
      // The worker answers the accounts in the order sent, the new ones with their ids.
      groups.forEach((account, index) => {
        const saved = reply.value.accounts[index];
        if (saved) account.showSaved(saved);
      });
      rememberOrigins(reply.value);
      await checkHosts();
      status.value = { tone: 'progress', text: t('savedChecking') };
      const outcomes = await Promise.all(groups.map((account) => account.checkSaved()));
      status.value = summarize(outcomes);
    });
  }

  function addAccount(): void {
    if (accounts.value.length >= MAX_ACCOUNTS) return;
    accounts.value = [...accounts.value, newAccount()];
  }

  async function removeAccount(account: AccountStore): Promise<boolean> {
    const index = accounts.value.indexOf(account);
    if (runner.busy.value || index === -1 || accounts.value.length === 1) return false;
    if (account.id.value !== undefined) {
      // Named as the page named it, before the groups after it are numbered down.
      const legend = accountLegend(account, index + 1);
      const remaining = await account.remove();
      if (!remaining) return false;
      rememberOrigins(remaining);
      void checkHosts();
      status.value = { tone: 'success', text: t('accountRemoved', legend) };
    }
    accounts.value = accounts.value.filter((other) => other !== account);
    return true;
  }

  function grantHosts(): Promise<void> {
    const origins = ungrantedHosts.value;
    if (runner.busy.value || origins.length === 0) return Promise.resolve();
    const permission = askForHosts([...origins]); // no await before this line: see hostAsker
    return runner.run('granting', status, t('askingForAccess'), async () => {
      const answer = await permission;
      await checkHosts();
      status.value = answer.granted
        ? { tone: 'success', text: t('accessGranted') }
        : { tone: 'error', text: describeRefusal(origins, answer, 'consequenceCannotReach', 'retryGrant') };
    });
  }

  return {
    accounts,
    canAddAccount: computed(() => accounts.value.length < MAX_ACCOUNTS),
    canRemoveAccount: computed(() => accounts.value.length > 1),
    loaded,
    status,
    ungrantedHosts,
    load,
    save,
    addAccount,
    removeAccount,
    grantHosts,
    watchHostPermissions(signal) {
      watchHostPermissions(() => void checkHosts(), signal);
    },
    history: createHistoryStore(backend, { readOpened }),
  };
}

/**
 * For each typed key (undefined: none typed), the key field's error when an earlier account has
 * the same one, else null. The worker refuses it too, but only the page can say which field.
 */
function findSameKeys(keys: readonly (string | undefined)[]): (string | null)[] {
  return keys.map((key, index) => {
    const first = key === undefined ? -1 : keys.indexOf(key);
    return first === -1 || first === index ? null : t('errorSameKeyTwice', String(index + 1), String(first + 1));
  });
}

/**
 * The page's line once Save's checks are in: each account's outcome is in its own group, so with
 * one account there is nothing to add; with more, whether they all work.
 */
function summarize(outcomes: readonly StatusMessage[]): StatusMessage | null {
  if (outcomes.length === 1) return null;
  return outcomes.every((outcome) => outcome.tone === 'success')
    ? { tone: 'success', text: tCount('savedAllConnected', outcomes.length) }
    : { tone: 'warning', text: t('savedSomeNeedAttention') };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
