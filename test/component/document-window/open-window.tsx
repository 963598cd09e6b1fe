/**
 * The document window's component tests' set-up: the window rendered with a fake backend, a fake
 * window closer and a fake tab reloader, each reply answered by the test; its fixtures and the
 * user's gestures.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { DocumentWindowApp } from '../../../src/document-window/app.tsx';
import { createDocumentWindowStore } from '../../../src/document-window/store.ts';
import { ok, type ErrorValue } from '../../../src/shared/protocol/errors.ts';
import type { DocumentAtUrl, Reply } from '../../../src/shared/protocol/messages.ts';
import type { Listing } from '../../../src/shared/protocol/listing.ts';
import type { EntryTarget } from '../../../src/shared/protocol/change-log.ts';
import { deferred } from '../../setup/deferred.ts';
import { personalSiteEntry, siteEntry, workspaceEntry } from '../../setup/listings.ts';

/** Each test file's set-up: after each test, the window unmounted and the page's title as it was. */
export function setupDocumentWindowTests(): void {
  afterEach(() => {
    cleanup();
    document.title = '';
  });
}

// --- Fixtures -------------------------------------------------------------------------------------

export const PAGE_URL = 'https://docs.getgrist.com/budgetDoc000/Budget';
export const TAB_ID = 42;

export function documentAtUrl(extra: Partial<DocumentAtUrl> = {}): DocumentAtUrl {
  return {
    kind: 'document',
    account: 'a1',
    orgId: 1,
    siteUrl: 'https://docs.getgrist.com',
    docId: 'budgetDoc000000000000',
    name: 'Budget',
    canRename: true,
    siteName: 'Personal',
    workspace: { id: 10, name: 'Home' },
    ...extra,
  };
}

/** An empty workspace on which the user has `access`. */
const workspace = (id: number, name: string, access = 'owners') => workspaceEntry(id, name, [], { access });

/**
 * The cached listing: the document's personal site (Home, where it is, and Archive), and the team
 * site Globex on the same server (Clients; Reports, where the user is a viewer).
 */
const LISTING = {
  sites: [
    personalSiteEntry([workspace(10, 'Home'), workspace(11, 'Archive')], { domain: null }),
    siteEntry(6, 'Globex', [workspace(20, 'Clients', 'editors'), workspace(21, 'Reports', 'viewers')], { siteUrl: 'https://globex.getgrist.com' }),
  ],
} as unknown as Listing;

interface SetupOptions {
  pageUrl?: string | null;
  tabId?: number | null;
  /** The answer to `getDocumentAtUrl`; when absent it stays pending until `answerLookup`. */
  lookup?: Reply<'getDocumentAtUrl'>;
  /** The cached listing the window reads for Move to…; LISTING when absent. */
  listing?: Listing | null;
}

/** Renders the document window with fakes; rename replies and the tab reload are answered by the test. */
export async function openWindow({ pageUrl = PAGE_URL, tabId = TAB_ID, lookup, listing = LISTING }: SetupOptions = {}) {
  const lookupReply = deferred<Reply<'getDocumentAtUrl'>>();
  const renameReplies: Array<ReturnType<typeof deferred<Reply<'renameDocumentAtUrl'>>>> = [];
  const undoReplies: Array<ReturnType<typeof deferred<Reply<'undoChange'>>>> = [];
  const moveReplies: Array<ReturnType<typeof deferred<Reply<'moveDocument'>>>> = [];
  const backend = {
    undoChange: vi.fn((_request: { entryId: string; target: EntryTarget; force?: boolean }) => {
      const reply = deferred<Reply<'undoChange'>>();
      undoReplies.push(reply);
      return reply.promise;
    }),
    getDocumentAtUrl: vi.fn((_request: { pageUrl: string }) => (lookup ? Promise.resolve(lookup) : lookupReply.promise)),
    renameDocumentAtUrl: vi.fn((_request: { pageUrl: string; name: string }) => {
      const reply = deferred<Reply<'renameDocumentAtUrl'>>();
      renameReplies.push(reply);
      return reply.promise;
    }),
    // Answered like renameDocumentAtUrl, in the same list: a rename goes by one or the other.
    renameDocument: vi.fn((_request: { orgId: number; docId: string; name: string }) => {
      const reply = deferred<Reply<'renameDocument'>>();
      renameReplies.push(reply);
      return reply.promise;
    }),
    moveDocument: vi.fn((_request: { orgId: number; docId: string; to: { orgId: number; workspaceId: number } }) => {
      const reply = deferred<Reply<'moveDocument'>>();
      moveReplies.push(reply);
      return reply.promise;
    }),
    removeDocument: vi.fn(async (_request: { orgId: number; siteUrl?: string; docId: string; source?: string }): Promise<Reply<'removeDocument'>> => ({ ok: true, value: { entryId: 'trash-1' } })),
    noteOpened: vi.fn(async (_request: { account?: string; orgId: number; siteUrl?: string; docId: string }): Promise<Reply<'noteOpened'>> => ({ ok: true, value: null })),
  };
  const readCachedListing = vi.fn(async () => listing);
  const reload = deferred<void>();
  const closeWindow = vi.fn();
  const reloadTab = vi.fn((_tabId: number) => reload.promise);
  const openOptions = vi.fn();
  const store = createDocumentWindowStore({ backend, readCachedListing, pageUrl, tabId, closeWindow, reloadTab, openOptions });
  render(<DocumentWindowApp store={store} />);
  let started!: Promise<void>;
  await act(async () => {
    started = store.start();
    if (lookup || !pageUrl) await started;
  });
  return {
    backend,
    readCachedListing,
    closeWindow,
    reloadTab,
    openOptions,
    async answerLookup(reply: Reply<'getDocumentAtUrl'>) {
      await act(async () => {
        lookupReply.resolve(reply);
        await started;
      });
    },
    async failLookup(error: Error) {
      await act(async () => {
        lookupReply.reject(error);
        await started;
      });
    },
    async answerRename(reply: Reply<'renameDocumentAtUrl'>, index = 0) {
      await act(async () => {
        renameReplies[index]?.resolve(reply);
        await renameReplies[index]?.promise;
      });
    },
    /** The rename's message rejects (a worker gone), as a message with no answer does. */
    async failRename(error: Error, index = 0) {
      await act(async () => {
        renameReplies[index]?.reject(error);
        await renameReplies[index]?.promise.catch(() => undefined);
      });
    },
    async answerMove(reply: Reply<'moveDocument'>, index = 0) {
      await act(async () => {
        moveReplies[index]?.resolve(reply);
        await moveReplies[index]?.promise;
      });
    },
    async answerUndo(reply: Reply<'undoChange'>, index = 0) {
      await act(async () => {
        undoReplies[index]?.resolve(reply);
        await undoReplies[index]?.promise;
      });
    },
    async finishReload(error?: Error) {
      await act(async () => {
        if (error) reload.reject(error);
        else reload.resolve();
        await reload.promise.catch(() => undefined);
      });
    },
  };
}

/** Opens the document window on an owned document (or `extra`) with the lookup already answered. */
export function openOwnedDocument(extra: Partial<DocumentAtUrl> = {}, options: SetupOptions = {}) {
  return openWindow({ lookup: ok(documentAtUrl(extra)), ...options });
}

export function nameField(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'New name' });
}

export function type(text: string): void {
  fireEvent.input(nameField(), { target: { value: text } });
}

export function pressEnter(target: Element = nameField(), init: KeyboardEventInit = {}): void {
  fireEvent.keyDown(target, { key: 'Enter', ...init });
}

export function pressEscape(target: Element = nameField(), init: KeyboardEventInit = {}): void {
  fireEvent.keyDown(target, { key: 'Escape', ...init });
}

export function statusText(): string {
  return screen.getByRole('status').textContent ?? '';
}

export const refused: ErrorValue = { kind: 'forbidden', status: 403, message: 'Grist refused the rename: you are no longer an owner.' };
