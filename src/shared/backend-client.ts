/**
 * The pages' side of the message protocol: one function per message, each answering a `Result`.
 * UI stores take a `Backend` so component tests can hand them a fake instead.
 */
import browser from 'webextension-polyfill';
import { NO_WORKER_ERROR, settle } from './errors.ts';
import type { Message, MessageName, Reply, RequestOf } from './messages.ts';

export type Backend = {
  [K in MessageName]: (request: RequestOf<K>) => Promise<Reply<K>>;
};

async function send<K extends MessageName>(type: K, request: RequestOf<K>): Promise<Reply<K>> {
  const message: Message<K> = { type, request };
  // No reply at all (undefined) means no listener answered: the worker is not there.
  const answer = (browser.runtime.sendMessage(message) as Promise<Reply<K> | undefined>).then(
    (reply): Reply<K> => reply ?? { ok: false, error: NO_WORKER_ERROR },
  );
  return settle(answer);
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
