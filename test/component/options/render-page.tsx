/**
 * The options page's component tests' set-up: the page rendered against a fake backend that behaves
 * like the background worker and a fake permission prompt; the accounts' fields and status lines as
 * a person finds them.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { expect, vi } from 'vitest';
import { OptionsApp } from '../../../src/options/app.tsx';
import { createOptionsStore, type OptionsBackend } from '../../../src/options/store.ts';
import type { OpenedMap } from '../../../src/shared/protocol/pages.ts';
import { fail, ok } from '../../../src/shared/protocol/errors.ts';
import type { ChangeLogItem } from '../../../src/shared/protocol/change-log.ts';
import type { ConnectionReport, PublicAccount, PublicSettings, Reply, RequestOf, SettingsInput } from '../../../src/shared/protocol/messages.ts';

/** Account 1 as saved: a key, a personal site and two team sites. */
export const ACCOUNT: PublicAccount = {
  id: 'a1',
  hasApiKey: true,
  user: null,
  personalSiteUrl: 'https://docs.getgrist.com',
  teamSiteUrls: ['https://acme.getgrist.com', 'https://grist.example.com/o/acme'],
  keyNotConfirmedFor: [],
  listedOrigins: [],
};

/** A second saved account, on a self-hosted server. */
export const SELF_HOSTED: PublicAccount = {
  id: 'a2',
  hasApiKey: true,
  user: null,
  personalSiteUrl: 'https://grist.example.org/o/docs',
  teamSiteUrls: [],
  keyNotConfirmedFor: [],
  listedOrigins: [],
};

export const REPORT: ConnectionReport = { userName: 'Ada Lovelace', userEmail: 'ada@example.com', siteCount: 3 };
export const SAVED_AND_CONNECTED = 'Saved. Connected as Ada Lovelace (ada@example.com): 3 sites.';

interface Setup {
  /** The saved accounts; account 1 alone unless said. */
  accounts?: PublicAccount[];
  /** What Test connection answers; the report unless said. */
  testReply?: Reply<'testConnection'> | ((request: RequestOf<'testConnection'>) => Reply<'testConnection'>);
  /** What the permission prompt answers: granted, refused, or the browser throws. */
  permission?: boolean | Error;
  /** The host patterns the browser has granted already; all of them unless said. */
  granted?: string[];
  /** What was opened from the extension (openedItem), as the page reads it; nothing unless said. */
  readOpened?: () => Promise<OpenedMap>;
}

/**
 * Renders the page with a fake backend that behaves like the background worker: it numbers new
 * accounts, keeps each account's key, refuses the same key twice, and records who a saved key
 * belongs to when Test connection checks it.
 */
export async function renderPage({ accounts = [ACCOUNT], permission = true, granted, testReply = ok(REPORT), readOpened }: Setup = {}) {
  let saved = accounts;
  const keys = new Map(accounts.filter((account) => account.hasApiKey).map((account) => [account.id, `saved-key-${account.id}`]));
  let created = 0;
  const settings = (): PublicSettings => ({ accounts: saved });
  const change = (id: string, edit: (account: PublicAccount) => PublicAccount) => {
    saved = saved.map((account) => (account.id === id ? edit(account) : account));
    return ok(settings());
  };
  const backend = {
    getSettings: vi.fn(async (_request: null) => ok(settings())),
    saveSettings: vi.fn(async ({ accounts: inputs }: SettingsInput) => {
      const after = inputs.map((input): PublicAccount => {
        const before = saved.find((account) => account.id === input.id);
        const id = before?.id ?? `new-${++created}`;
        if (input.apiKey !== undefined) keys.set(id, input.apiKey);
        return {
          id,
          hasApiKey: keys.has(id),
          user: input.apiKey === undefined && before?.personalSiteUrl === input.personalSiteUrl ? before.user : null,
          personalSiteUrl: input.personalSiteUrl,
          teamSiteUrls: input.teamSiteUrls,
          keyNotConfirmedFor: input.apiKey === undefined ? (before?.keyNotConfirmedFor ?? []) : [],
          listedOrigins: before?.listedOrigins ?? [],
        };
      });
      const used = after.map((account) => keys.get(account.id));
      const twice = used.findIndex((key, index) => key !== undefined && used.indexOf(key) !== index);
      if (twice !== -1) {
        return fail<PublicSettings>({ kind: 'invalid-input', message: `Account ${twice + 1} has the same API key as account ${used.indexOf(used[twice]) + 1}.` });
      }
      saved = after;
      return ok(settings());
    }),
    removeApiKey: vi.fn(async ({ account }: { account: string }) => {
      keys.delete(account);
      return change(account, (entry) => ({ ...entry, hasApiKey: false, user: null }));
    }),
    removeAccount: vi.fn(async ({ account }: { account: string }) => {
      keys.delete(account);
      saved = saved.filter((entry) => entry.id !== account);
      return ok(settings());
    }),
    readChangeLog: vi.fn(async (_request: null) => ok<ChangeLogItem[]>([])),
    clearChangeLog: vi.fn(async (_request: null) => ok(null)),
    undoChange: vi.fn(),
    undoBatch: vi.fn(),
    confirmSavedKey: vi.fn(async ({ account, siteUrl }: { account: string; siteUrl: string }) =>
      change(account, (entry) => ({ ...entry, keyNotConfirmedFor: entry.keyNotConfirmedFor.filter((origin) => origin !== siteUrl) })),
    ),
    testConnection: vi.fn(async (request: RequestOf<'testConnection'>) => {
      const reply = typeof testReply === 'function' ? testReply(request) : testReply;
      const account = saved.find((entry) => entry.id === request.account);
      if (reply.ok && account && request.apiKey === undefined && account.personalSiteUrl === request.personalSiteUrl) {
        change(account.id, (entry) => ({ ...entry, user: { name: reply.value.userName, email: reply.value.userEmail } }));
      }
      return reply;
    }),
  } satisfies OptionsBackend;
  const permissions = fakePermissions(granted);
  const requestHostPermissions = vi.fn(async (origins: string[]) => {
    if (permission instanceof Error) throw permission;
    if (permission) permissions.grant(origins);
    return permission;
  });
  render(
    <OptionsApp
      store={createOptionsStore({
        backend,
        requestHostPermissions,
        hasHostPermission: permissions.hasHostPermission,
        watchHostPermissions: permissions.watchHostPermissions,
        ...(readOpened && { readOpened }),
      })}
    />,
  );
  await screen.findAllByLabelText('API key');
  return { backend, requestHostPermissions, permissions };
}

/**
 * The browser's host permissions: all granted (`undefined`) or only the listed patterns. Granting
 * or revoking calls the watchers, as `permissions.onAdded` and `onRemoved` do.
 */
function fakePermissions(initiallyGranted: string[] | undefined) {
  const granted = initiallyGranted ? new Set(initiallyGranted) : undefined;
  const watchers = new Set<() => void>();
  const notify = () => watchers.forEach((watcher) => watcher());
  return {
    hasHostPermission: vi.fn(async (origin: string) => (granted ? granted.has(origin) : true)),
    watchHostPermissions: vi.fn((listener: () => void, signal: AbortSignal) => {
      watchers.add(listener);
      signal.addEventListener('abort', () => watchers.delete(listener));
    }),
    grant(origins: string[]) {
      origins.forEach((origin) => granted?.add(origin));
      notify();
    },
    revoke(origins: string[]) {
      origins.forEach((origin) => granted?.delete(origin));
      notify();
    },
    watcherCount: () => watchers.size,
  };
}

/** The accounts' groups (fieldsets), in the page's order. */
export function groups(): HTMLElement[] {
  return screen.getAllByRole('group').filter((element) => element.tagName === 'FIELDSET');
}
/** Account `number`'s group (from 1). */
export function group(number = 1): HTMLElement {
  const element = groups()[number - 1];
  if (!element) throw new Error(`No group for account ${number}`);
  return element;
}
export function legends(): string[] {
  return groups().map((element) => element.querySelector('legend')?.textContent ?? '');
}
export function keyInput(number = 1): HTMLInputElement {
  return within(group(number)).getByLabelText('API key');
}
export function personalInput(number = 1): HTMLInputElement {
  return within(group(number)).getByLabelText('Personal site URL');
}
export function teamBox(number = 1): HTMLTextAreaElement {
  return within(group(number)).getByLabelText('Team site URLs');
}
export function type(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  fireEvent.input(element, { target: { value } });
}
/** Clicks the button named `name`: in account `number`'s group, or anywhere when the page has one. */
export function click(name: string, number?: number): void {
  fireEvent.click((number === undefined ? screen : within(group(number))).getByRole('button', { name }));
}

/** The text a screen reader reads as the element's description (its `aria-describedby`). */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The page's status line (not an account's). */
export function pageStatus(): HTMLElement {
  const status = screen.getAllByRole('status').find((element) => !element.closest('fieldset'));
  if (!status) throw new Error('No page status');
  return status;
}
/** Account `number`'s status line. */
export function accountStatus(number = 1): HTMLElement {
  return within(group(number)).getByRole('status');
}

async function expectText(element: () => HTMLElement, text: string | RegExp): Promise<void> {
  await waitFor(() => {
    const content = element().textContent ?? '';
    if (typeof text === 'string') expect(content).toBe(text);
    else expect(content).toMatch(text);
  });
}
export const expectPageStatus = (text: string | RegExp) => expectText(pageStatus, text);
export const expectAccountStatus = (text: string | RegExp, number = 1) => expectText(() => accountStatus(number), text);
