/**
 * The fake Grist as the tests of its endpoints set it up: one `useFreshFake()` in a test file
 * starts a fresh server (org in path, the sample data) before each of its tests and closes it
 * after; `fake` is always the server of the test under way (a live binding), and `send` a request
 * to it (sendTo).
 */
import { afterEach, beforeEach } from 'vitest';
import { sendTo, type Answer, type Call } from './api-calls.ts';
import { startFakeGrist, type FakeGrist, type FakeGristOptions } from './server.ts';

/** The server of the test under way. */
export let fake: FakeGrist;

/** Before each test of the calling file, a fresh server; after it, closed. */
export function useFreshFake(): void {
  beforeEach(async () => {
    fake = await startFakeGrist({ mode: 'org-in-path' });
  });
  afterEach(async () => {
    await fake.close();
  });
}

/**
 * For servers a test starts itself (another seed, other download options): out, a function that
 * starts one, which is closed after the test that started it.
 */
export function useOwnServers(): (options: FakeGristOptions) => Promise<FakeGrist> {
  const started: FakeGrist[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startFakeGrist(options);
    started.push(server);
    return server;
  };
}

/** A request to `path` (under `/o/<site>`) of the test's server. */
export const send = (path: string, call?: Call): Promise<Answer> => sendTo(fake, path, call);
