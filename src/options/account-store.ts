/**
 * One Grist account's group of the options page: its fields, its status line and its own actions
 * (Test connection, Remove key, "Use the saved key for <host>", Remove account). The page's store
 * (store.ts) holds the list of them and does what concerns them all (Save, host access).
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals';
import type { Backend } from '../page-shared/backend-client.ts';
import { t } from '../shared/i18n.ts';
import type { AccountInput, PublicAccount, PublicSettings } from '../shared/protocol/messages.ts';
import { DEFAULT_PERSONAL_SITE_URL, hostPermissionPattern, normalizeSiteUrl } from '../shared/rules/site-url.ts';
import type { ActionRunner, StatusMessage } from './action-runner.ts';
import { connectedMessage, savedCheckMessage } from './connection-messages.ts';
import { describeRefusal, type AskForHosts } from './host-permissions.ts';
import { describeSiteLineErrors, formatSiteUrlList, parseSiteUrlList } from './site-url-list.ts';

/** The messages an account's group sends. */
export type AccountBackend = Pick<Backend, 'removeApiKey' | 'removeAccount' | 'confirmSavedKey' | 'testConnection'>;

export interface AccountStoreDependencies {
  backend: AccountBackend;
  askForHosts: AskForHosts;
  /** The page's runner: one action at a time on the whole page. */
  runner: ActionRunner;
}

export interface AccountStore {
  /** Tells the groups apart for the view whatever their order (a Preact key); never sent anywhere. */
  readonly key: number;
  /** The saved account's id; undefined for a group added in this visit and not saved yet. */
  readonly id: ReadonlySignal<string | undefined>;
  /** The key typed in this visit; the saved key never reaches the page. */
  readonly apiKey: ReadonlySignal<string>;
  readonly keyVisible: ReadonlySignal<boolean>;
  readonly hasApiKey: ReadonlySignal<boolean>;
  readonly personalSiteUrl: ReadonlySignal<string>;
  /** The team box's text, one address per line. */
  readonly teamSiteUrls: ReadonlySignal<string>;
  readonly apiKeyError: ReadonlySignal<string | null>;
  readonly personalSiteUrlError: ReadonlySignal<string | null>;
  readonly teamSiteUrlsError: ReadonlySignal<string | null>;
  /** The group's own status line: its checks and actions. */
  readonly status: ReadonlySignal<StatusMessage | null>;
  /**
   * Origins the saved key is not sent to because it was typed for other sites: configured ones,
   * and an edited address that Test connection could not test for that reason. Each is offered
   * "Use the saved key for <host>".
   */
  readonly keyNotConfirmedFor: ReadonlySignal<readonly string[]>;
  /**
   * `Edith Editor (editor@example.com) — grist.example.org` once the saved key has connected (the
   * server is the saved personal site's host); null before. See accountLegend.
   */
  readonly connectedAs: ReadonlySignal<string | null>;
  setApiKey(text: string): void;
  toggleKeyVisible(): void;
  setPersonalSiteUrl(text: string): void;
  setTeamSiteUrls(text: string): void;
  /** The typed key without the spaces a paste brings along; undefined when none is typed. */
  typedKey(): string | undefined;
  /**
   * Checks the fields for Save, marking each one to correct. In: the key field's error when an
   * earlier account has the same typed key, else null. Out: what to save, or null when a field
   * needs correcting.
   */
  checkInput(sameKeyError: string | null): AccountInput | null;
  /**
   * Says in the group's line that a Save is under way (`true`: what it said before no longer
   * holds), or clears that line when the Save stopped before anything was saved (`false`).
   */
  showSaving(underWay: boolean): void;
  /** Shows what the worker saved for this account: the typed key is saved, so the field empties. */
  showSaved(account: PublicAccount): void;
  /**
   * Save's check of the saved account: the connection with its saved key and personal site, as the
   * popup will use them. Shows the outcome in the group's status line and answers it.
   */
  checkSaved(): Promise<StatusMessage>;
  /** Checks the personal site with the typed key (or the saved one). Call it from the click itself. */
  testConnection(): Promise<void>;
  removeKey(): Promise<void>;
  /** "Use the saved key for <host>": the saved key may go to `origin` from now on. */
  confirmKey(origin: string): Promise<void>;
  /**
   * Remove account for a saved account: the worker forgets it at once. Out: the settings left, or
   * null when it was not removed (the reason is then in the group's status line).
   */
  remove(): Promise<PublicSettings | null>;
}

/** Numbers the groups for the view; see AccountStore.key. */
let groupCount = 0;

/** Creates a group. In: its dependencies, and the saved account it shows (none: an empty one). */
export function createAccountStore({ backend, askForHosts, runner }: AccountStoreDependencies, saved?: PublicAccount): AccountStore {
  const id = signal<string | undefined>(undefined);
  const apiKey = signal('');
  const keyVisible = signal(false);
  const hasApiKey = signal(false);
  const personalSiteUrl = signal(DEFAULT_PERSONAL_SITE_URL);
  const teamSiteUrls = signal('');
  const apiKeyError = signal<string | null>(null);
  const personalSiteUrlError = signal<string | null>(null);
  const teamSiteUrlsError = signal<string | null>(null);
  const status = signal<StatusMessage | null>(null);
  const keyNotConfirmedFor = signal<readonly string[]>([]);
  const user = signal<PublicAccount['user']>(null);
  /** The personal site as saved: who the saved key belongs to was found there. */
  const savedPersonalSiteUrl = signal<string | null>(null);
  const connectedAs = computed(() => {
    const site = savedPersonalSiteUrl.value;
    return user.value && site ? t('accountUserAndServer', user.value.name, user.value.email, new URL(site).host) : null;
  });

  function showSaved(account: PublicAccount): void {
    id.value = account.id;
    hasApiKey.value = account.hasApiKey;
    user.value = account.user;
    keyNotConfirmedFor.value = account.keyNotConfirmedFor;
    personalSiteUrl.value = account.personalSiteUrl;
    savedPersonalSiteUrl.value = account.personalSiteUrl;
    teamSiteUrls.value = formatSiteUrlList(account.teamSiteUrls);
    apiKey.value = '';
    keyVisible.value = false;
  }
  if (saved) showSaved(saved);

  function typedKey(): string | undefined {
    // A pasted key often brings a space or line break along; Grist keys never contain one.
    const key = apiKey.value.trim();
    return key ? key : undefined;
  }

  function checkInput(sameKeyError: string | null): AccountInput | null {
    const personal = normalizeSiteUrl(personalSiteUrl.value);
    const team = parseSiteUrlList(teamSiteUrls.value);
    const key = typedKey();
    personalSiteUrlError.value = personal.ok ? null : personal.message;
    teamSiteUrlsError.value = team.errors.length > 0 ? describeSiteLineErrors(team.errors) : null;
    apiKeyError.value = sameKeyError;
    if (!personal.ok || team.errors.length > 0 || sameKeyError !== null) return null;
    return {
      ...(id.value === undefined ? {} : { id: id.value }),
      ...(key === undefined ? {} : { apiKey: key }),
      personalSiteUrl: personal.url,
      teamSiteUrls: team.urls,
    };
  }

  async function checkSaved(): Promise<StatusMessage> {
    const accountId = id.value;
    const site = savedPersonalSiteUrl.value;
    let message: StatusMessage;
    if (!hasApiKey.value || accountId === undefined || site === null) message = { tone: 'warning', text: t('savedNoKey') };
    else {
      const reply = await backend.testConnection({ account: accountId, personalSiteUrl: site });
      // The worker recorded who the key belongs to: the legend says so from now on.
      if (reply.ok) user.value = { name: reply.value.userName, email: reply.value.userEmail };
      message = savedCheckMessage(reply, site);
    }
    status.value = message;
    return message;
  }

  function testConnection(): Promise<void> {
    if (runner.busy.value) return Promise.resolve();
    const personal = normalizeSiteUrl(personalSiteUrl.value);
    personalSiteUrlError.value = personal.ok ? null : personal.message;
    if (!personal.ok) {
      status.value = { tone: 'error', text: t('correctPersonalSiteUrl') };
      return Promise.resolve();
    }
    const origins = [hostPermissionPattern(personal.url)];
    const permission = askForHosts(origins); // no await before this line: see hostAsker
    const key = typedKey();
    const accountId = id.value;
    return runner.run('testing', status, t('testingConnection'), async () => {
      const answer = await permission;
      if (!answer.granted) {
        status.value = { tone: 'error', text: describeRefusal(origins, answer, 'consequenceNotTested', 'retryTest') };
        return;
      }
      // Without a typed key, the worker uses this account's saved key (none yet: it says so).
      const keyToTest = key !== undefined ? { apiKey: key } : accountId !== undefined ? { account: accountId } : {};
      const reply = await backend.testConnection({ ...keyToTest, personalSiteUrl: personal.url });
      if (!reply.ok && reply.error.kind === 'key-not-confirmed') {
        // Not a dead end: the host is offered "Use the saved key for <host>" beside the key field.
        const origin = new URL(personal.url).origin;
        if (!keyNotConfirmedFor.value.includes(origin)) keyNotConfirmedFor.value = [...keyNotConfirmedFor.value, origin];
        status.value = { tone: 'error', text: t('errorKeyNotConfirmedHere', new URL(origin).host) };
        return;
      }
      if (!reply.ok) {
        status.value = { tone: 'error', text: reply.error.message };
        return;
      }
      // The saved key on the saved personal site: the worker recorded who it belongs to, as after Save.
      if (key === undefined && personal.url === savedPersonalSiteUrl.value) user.value = { name: reply.value.userName, email: reply.value.userEmail };
      status.value = connectedMessage(reply.value);
    });
  }

  /** Shows the key state the worker answered for this account; the address fields may hold edits not saved yet. */
  function showKeyState(settings: PublicSettings, accountId: string): void {
    const account = settings.accounts.find((entry) => entry.id === accountId);
    hasApiKey.value = account?.hasApiKey ?? false;
    user.value = account?.user ?? null;
  }

  function removeKey(): Promise<void> {
    const accountId = id.value;
    if (accountId === undefined) return Promise.resolve();
    return runner.run('removing', status, t('removingKey'), async () => {
      const reply = await backend.removeApiKey({ account: accountId });
      if (!reply.ok) {
        status.value = { tone: 'error', text: reply.error.message };
        return;
      }
      showKeyState(reply.value, accountId);
      status.value = { tone: 'success', text: t('keyRemoved') };
    });
  }

  function confirmKey(origin: string): Promise<void> {
    const accountId = id.value;
    if (accountId === undefined) return Promise.resolve();
    return runner.run('confirming', status, t('saving'), async () => {
      const reply = await backend.confirmSavedKey({ account: accountId, siteUrl: origin });
      if (!reply.ok) {
        status.value = { tone: 'error', text: reply.error.message };
        return;
      }
      showKeyState(reply.value, accountId);
      keyNotConfirmedFor.value = keyNotConfirmedFor.value.filter((other) => other !== origin);
      status.value = { tone: 'success', text: t('keyConfirmed', new URL(origin).host) };
    });
  }

  async function remove(): Promise<PublicSettings | null> {
    const accountId = id.value;
    if (accountId === undefined) return null;
    let remaining: PublicSettings | null = null;
    await runner.run('removing-account', status, t('removingAccount'), async () => {
      const reply = await backend.removeAccount({ account: accountId });
      if (reply.ok) remaining = reply.value;
      else status.value = { tone: 'error', text: reply.error.message };
    });
    return remaining;
  }

  return {
    key: ++groupCount,
    id,
    apiKey,
    keyVisible,
    hasApiKey,
    personalSiteUrl,
    teamSiteUrls,
    apiKeyError,
    personalSiteUrlError,
    teamSiteUrlsError,
    status,
    keyNotConfirmedFor,
    connectedAs,
    setApiKey(text) {
      apiKey.value = text;
      apiKeyError.value = null;
    },
    toggleKeyVisible() {
      keyVisible.value = !keyVisible.value;
    },
    setPersonalSiteUrl(text) {
      personalSiteUrl.value = text;
      personalSiteUrlError.value = null;
    },
    setTeamSiteUrls(text) {
      teamSiteUrls.value = text;
      teamSiteUrlsError.value = null;
    },
    typedKey,
    checkInput,
    showSaving: (underWay) => (status.value = underWay ? { tone: 'progress', text: t('saving') } : null),
    showSaved,
    checkSaved,
    testConnection,
    removeKey,
    confirmKey,
    remove,
  };
}

/** A group's legend: who its saved key belongs to once known, else `Account <number>` (1-based). */
export function accountLegend(account: AccountStore, number: number): string {
  return account.connectedAs.value ?? t('accountLegend', String(number));
}
