/**
 * The pages' side of the message protocol: one function per message, each answering a `Result`.
 * UI stores take a `Backend` so component tests can hand them a fake instead.
 */
import browser from 'webextension-polyfill';
import type { ErrorValue } from './errors.ts';
import type { Message, MessageName, Reply, RequestOf } from './messages.ts';

export type Backend = {
  [K in MessageName]: (request: RequestOf<K>) => Promise<Reply<K>>;
};

const NO_WORKER: ErrorValue = {
  kind: 'network',
  message: 'The extension’s background worker did not answer. Reload the extension and try again.',
};

async function send<K extends MessageName>(type: K, request: RequestOf<K>): Promise<Reply<K>> {
  const message: Message<K> = { type, request };
  try {
    const reply = (await browser.runtime.sendMessage(message)) as Reply<K> | undefined;
    return reply ?? { ok: false, error: NO_WORKER };
  } catch {
    return { ok: false, error: NO_WORKER };
  }
}

/** The real backend: messages to the background service worker. */
export const runtimeBackend: Backend = {
  getSettings: (request) => send('getSettings', request),
  saveSettings: (request) => send('saveSettings', request),
  removeApiKey: (request) => send('removeApiKey', request),
  testConnection: (request) => send('testConnection', request),
  refreshListing: (request) => send('refreshListing', request),
  renameDocument: (request) => send('renameDocument', request),
  getDocumentAtUrl: (request) => send('getDocumentAtUrl', request),
  renameDocumentAtUrl: (request) => send('renameDocumentAtUrl', request),
};
