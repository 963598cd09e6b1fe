/**
 * The options page's state and actions. The view renders these signals and calls these actions;
 * it never talks to the background or the browser itself. Both outside parties are injected, so
 * component tests pass fakes (and never touch the extension API, which is missing outside an extension).
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { createHistoryStore, type HistoryBackend, type HistoryStore } from '../history/history-store.ts';
import type { Backend } from '../shared/backend-client.ts';
import { t, type MessageKey } from '../shared/i18n.ts';
import type { PublicSettings, SettingsInput } from '../shared/messages.ts';
import { DEFAULT_PERSONAL_SITE_URL, hostPermissionPattern, normalizeSiteUrl } from '../shared/site-url.ts';
import { describeSiteLineErrors, formatSiteUrlList, parseSiteUrlList } from './site-url-list.ts';

/**
 * Asks the browser for host permissions; answers whether they are all granted.
 * The real one wraps `browser.permissions.request({ origins })`.
 */
export type RequestHostPermissions = (origins: string[]) => Promise<boolean>;

/**
 * Answers whether the browser has granted one host permission pattern (`https://host/*`).
 * The real one wraps `browser.permissions.contains({ origins: [origin] })`.
 */
export type HasHostPermission = (origin: string) => Promise<boolean>;

/**
 * Calls `listener` whenever host permissions are granted or taken back (in the options, the
 * browser's extension settings or a prompt), until `signal` aborts.
 * The real one listens to `browser.permissions.onAdded` and `onRemoved`.
 */
export type WatchHostPermissions = (listener: () => void, signal: AbortSignal) => void;

/** The messages the options page sends. */
export type OptionsBackend = Pick<Backend, 'getSettings' | 'saveSettings' | 'removeApiKey' | 'confirmSavedKey' | 'testConnection'> & HistoryBackend;

export interface OptionsStoreDependencies {
  backend: OptionsBackend;
  requestHostPermissions: RequestHostPermissions;
  hasHostPermission: HasHostPermission;
  watchHostPermissions: WatchHostPermissions;
}

/** A line for the page's status region. */
export interface StatusMessage {
  /** `warning`: done, but it will not work as it stands (a saved key Grist refuses, say). */
  tone: 'progress' | 'success' | 'warning' | 'error';
  text: string;
}

/** What the page is waiting for, if anything. */
export type BusyAction = 'loading' | 'saving' | 'testing' | 'removing' | 'granting' | 'confirming';

export interface OptionsStore {
  /** The key typed in this visit; the saved key never reaches the page. */
  readonly apiKey: ReadonlySignal<string>;
  readonly keyVisible: ReadonlySignal<boolean>;
  readonly hasApiKey: ReadonlySignal<boolean>;
  readonly personalSiteUrl: ReadonlySignal<string>;
  /** The team box's text, one address per line. */
  readonly teamSiteUrls: ReadonlySignal<string>;
  readonly personalSiteUrlError: ReadonlySignal<string | null>;
  readonly teamSiteUrlsError: ReadonlySignal<string | null>;
  /** False until the saved settings have been read (or failed to be). */
  readonly loaded: ReadonlySignal<boolean>;
  readonly busy: ReadonlySignal<BusyAction | null>;
  readonly status: ReadonlySignal<StatusMessage | null>;
  /**
   * The host permission patterns (`https://host/*`) of the saved sites, and of the team sites Grist
   * listed for the saved key, that the browser has not granted: Firefox leaves MV3 host permissions to the user, and any browser lets the user take
   * them back. Empty when all are granted (or not yet checked).
   */
  readonly ungrantedHosts: ReadonlySignal<readonly string[]>;
  /**
   * Origins the saved key is not sent to because it was typed for other sites: configured ones,
   * and an edited address that Test connection could not test for that reason. Each is offered
   * "Use the saved key for <host>".
   */
  readonly keyNotConfirmedFor: ReadonlySignal<readonly string[]>;
  setApiKey(text: string): void;
  toggleKeyVisible(): void;
  setPersonalSiteUrl(text: string): void;
  setTeamSiteUrls(text: string): void;
  /** Reads the saved settings into the fields. */
  load(): Promise<void>;
  /** Checks every address, asks for host permissions, then saves. Call it from the click itself. */
  save(): Promise<void>;
  /** Checks the personal site with the typed key (or the saved one). Call it from the click itself. */
  testConnection(): Promise<void>;
  removeKey(): Promise<void>;
  /** "Use the saved key for <host>": the saved key may go to `origin` from now on. */
  confirmKey(origin: string): Promise<void>;
  /** Asks the browser for the saved sites' hosts it has not granted. Call it from the click itself. */
  grantHosts(): Promise<void>;
  /** Keeps `ungrantedHosts` current as permissions are granted or taken back, until `signal` aborts. */
  watchHostPermissions(signal: AbortSignal): void;
  /** The rename history shown under the settings. */
  readonly history: HistoryStore;
}

type PermissionAnswer = { granted: true } | { granted: false; reason?: string };

/** Creates the store. In: the backend and the permission request, real or fake. */
export function createOptionsStore({
  backend,
  requestHostPermissions,
  hasHostPermission,
  watchHostPermissions,
}: OptionsStoreDependencies): OptionsStore {
  const apiKey = signal('');
  const keyVisible = signal(false);
  const hasApiKey = signal(false);
  // Shown until the saved settings arrive, or if they cannot be read.
  const personalSiteUrl = signal(DEFAULT_PERSONAL_SITE_URL);
  const teamSiteUrls = signal('');
  const personalSiteUrlError = signal<string | null>(null);
  const teamSiteUrlsError = signal<string | null>(null);
  const loaded = signal(false);
  const busy = signal<BusyAction | null>(null);
  const status = signal<StatusMessage | null>(null);
  const ungrantedHosts = signal<readonly string[]>([]);
  const keyNotConfirmedFor = signal<readonly string[]>([]);
  /** The saved sites' host patterns, whose permissions `ungrantedHosts` reports on. */
  let savedOrigins: string[] = [];
  /** Bumped by each check, so an older check that answers late does not overwrite a newer one. */
  let checkNumber = 0;

  function showSettings(settings: PublicSettings): void {
    hasApiKey.value = settings.hasApiKey;
    keyNotConfirmedFor.value = settings.keyNotConfirmedFor;
    personalSiteUrl.value = settings.personalSiteUrl;
    teamSiteUrls.value = formatSiteUrlList(settings.teamSiteUrls);
    savedOrigins = unique([settings.personalSiteUrl, ...settings.teamSiteUrls, ...settings.listedOrigins].map(hostPermissionPattern));
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

  /**
   * Starts the permission request at once. Chrome (and Firefox) show the prompt only while the
   * click is being handled, so callers must reach this with no `await` before it.
   * Asking again for hosts already granted resolves true without a prompt.
   */
  function askForHosts(origins: string[]): Promise<PermissionAnswer> {
    let request: Promise<boolean>;
    try {
      request = requestHostPermissions(origins);
    } catch (error) {
      request = Promise.reject(error);
    }
    return request.then(
      (granted): PermissionAnswer => (granted ? { granted: true } : { granted: false }),
      (error: unknown): PermissionAnswer => ({
        granted: false,
        ...(error instanceof Error && error.message ? { reason: error.message } : {}),
      }),
    );
  }

  function refusal(origins: readonly string[], answer: { reason?: string }, consequence: MessageKey, retry: MessageKey): string {
    const hosts = origins.map(describeHostPattern).join(', ');
    return answer.reason
      ? t('accessRefusedBecause', hosts, answer.reason, t(consequence), t(retry))
      : t('accessRefused', hosts, t(consequence), t(retry));
  }

  function typedKey(): string | undefined {
    // A pasted key often brings a space or line break along; Grist keys never contain one.
    const key = apiKey.value.trim();
    return key ? key : undefined;
  }

  function save(): Promise<void> {
    if (busy.value) return Promise.resolve();
    const personal = normalizeSiteUrl(personalSiteUrl.value);
    const team = parseSiteUrlList(teamSiteUrls.value);
    personalSiteUrlError.value = personal.ok ? null : personal.message;
    teamSiteUrlsError.value = team.errors.length > 0 ? describeSiteLineErrors(team.errors) : null;
    if (!personal.ok || team.errors.length > 0) {
      status.value = { tone: 'error', text: t('nothingSaved') };
      return Promise.resolve();
    }
    const origins = unique([personal.url, ...team.urls].map(hostPermissionPattern));
    const permission = askForHosts(origins); // no await before this line: see askForHosts
    const key = typedKey();
    const input: SettingsInput = {
      ...(key === undefined ? {} : { apiKey: key }),
      personalSiteUrl: personal.url,
      teamSiteUrls: team.urls,
    };
    return run('saving', t('saving'), async () => {
      const answer = await permission;
      if (!answer.granted) {
        status.value = {
          tone: 'error',
          text: refusal(origins, answer, 'consequenceNothingSaved', 'retrySave'),
        };
        return;
      }
      const reply = await backend.saveSettings(input);
      if (!reply.ok) {
        status.value = { tone: 'error', text: reply.error.message };
        return;
      }
      showSettings(reply.value);
      apiKey.value = '';
      keyVisible.value = false;
      await checkHosts();
      status.value = { tone: 'progress', text: t('savedChecking') };
      status.value = await checkSaved(reply.value);
    });
  }

  /**
   * What a saved setup comes to: the connection tested with the saved key and personal site, as
   * the popup will use them. "Saved." alone would say nothing of a wrong key or a mistyped port.
   */
  async function checkSaved(saved: PublicSettings): Promise<StatusMessage> {
    if (!saved.hasApiKey) return { tone: 'warning', text: t('savedNoKey') };
    const reply = await backend.testConnection({ personalSiteUrl: saved.personalSiteUrl });
    if (reply.ok) {
      const { userName, userEmail, siteCount } = reply.value;
      return { tone: 'success', text: t('savedConnected', userName, userEmail, countSites(siteCount)) };
    }
    const host = new URL(saved.personalSiteUrl).host;
    switch (reply.error.kind) {
      case 'auth':
        return { tone: 'warning', text: t('savedKeyRefused') };
      case 'network':
      case 'timeout':
        return { tone: 'warning', text: t('savedHostSilent', host) };
      default:
        return { tone: 'warning', text: t('savedBut', reply.error.message) };
    }
  }

  function testConnection(): Promise<void> {
    if (busy.value) return Promise.resolve();
    const personal = normalizeSiteUrl(personalSiteUrl.value);
    personalSiteUrlError.value = personal.ok ? null : personal.message;
    if (!personal.ok) {
      status.value = { tone: 'error', text: t('correctPersonalSiteUrl') };
      return Promise.resolve();
    }
    const origins = [hostPermissionPattern(personal.url)];
    const permission = askForHosts(origins); // no await before this line: see askForHosts
    const key = typedKey();
    return run('testing', t('testingConnection'), async () => {
      const answer = await permission;
      if (!answer.granted) {
        status.value = {
          tone: 'error',
          text: refusal(origins, answer, 'consequenceNotTested', 'retryTest'),
        };
        return;
      }
      const reply = await backend.testConnection({
        ...(key === undefined ? {} : { apiKey: key }),
        personalSiteUrl: personal.url,
      });
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
      const { userName, userEmail, siteCount } = reply.value;
      status.value = { tone: 'success', text: t('connectedAs', userName, userEmail, countSites(siteCount)) };
    });
  }

  function removeKey(): Promise<void> {
    if (busy.value) return Promise.resolve();
    return run('removing', t('removingKey'), async () => {
      const reply = await backend.removeApiKey(null);
      if (!reply.ok) {
        status.value = { tone: 'error', text: reply.error.message };
        return;
      }
      // Only the key state: the address fields may hold edits not saved yet.
      hasApiKey.value = reply.value.hasApiKey;
      status.value = { tone: 'success', text: t('keyRemoved') };
    });
  }

  function confirmKey(origin: string): Promise<void> {
    if (busy.value) return Promise.resolve();
    return run('confirming', t('saving'), async () => {
      const reply = await backend.confirmSavedKey({ siteUrl: origin });
      if (!reply.ok) {
        status.value = { tone: 'error', text: reply.error.message };
        return;
      }
      // Only the key state: the address fields may hold edits not saved yet.
      hasApiKey.value = reply.value.hasApiKey;
      keyNotConfirmedFor.value = keyNotConfirmedFor.value.filter((other) => other !== origin);
      status.value = { tone: 'success', text: t('keyConfirmed', new URL(origin).host) };
    });
  }

  function grantHosts(): Promise<void> {
    const origins = ungrantedHosts.value;
    if (busy.value || origins.length === 0) return Promise.resolve();
    const permission = askForHosts([...origins]); // no await before this line: see askForHosts
    return run('granting', t('askingForAccess'), async () => {
      const answer = await permission;
      await checkHosts();
      status.value = answer.granted
        ? { tone: 'success', text: t('accessGranted') }
        : {
            tone: 'error',
            text: refusal(origins, answer, 'consequenceCannotReach', 'retryGrant'),
          };
    });
  }

  function watchPermissions(signal: AbortSignal): void {
    watchHostPermissions(() => void checkHosts(), signal);
  }

  async function load(): Promise<void> {
    busy.value = 'loading';
    try {
      const reply = await backend.getSettings(null);
      if (reply.ok) {
        showSettings(reply.value);
        // Not awaited: the form need not wait for the browser's answer.
        void checkHosts();
      } else status.value = { tone: 'error', text: reply.error.message };
    } finally {
      busy.value = null;
      loaded.value = true;
    }
  }

  /** Runs one action at a time, announcing it while it lasts. */
  async function run(action: BusyAction, progress: string, work: () => Promise<void>): Promise<void> {
    busy.value = action;
    status.value = { tone: 'progress', text: progress };
    try {
      await work();
    } catch (error) {
      // The backend answers errors as values; this is a bug, but the page must not stay "Saving…".
      status.value = { tone: 'error', text: error instanceof Error ? error.message : String(error) };
    } finally {
      busy.value = null;
    }
  }

  return {
    apiKey,
    keyVisible,
    hasApiKey,
    personalSiteUrl,
    teamSiteUrls,
    personalSiteUrlError,
    teamSiteUrlsError,
    loaded,
    busy,
    status,
    ungrantedHosts,
    keyNotConfirmedFor,
    setApiKey(text) {
      apiKey.value = text;
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
    load,
    save,
    testConnection,
    removeKey,
    confirmKey,
    grantHosts,
    watchHostPermissions: watchPermissions,
    history: createHistoryStore(backend),
  };
}

/** "3 sites", "1 site". */
function countSites(count: number): string {
  return t(count === 1 ? 'countSite' : 'countSites', String(count));
}

/** A pattern `https://host/*` as it reads best to a person: `https://host`. */
export function describeHostPattern(origin: string): string {
  return origin.replace(/\/\*$/, '');
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
