/**
 * Two fake Grist servers at once, one per account (issue 19, "Several Grist accounts"): the first
 * serves the sample data (`sampleSeed`: Olivia, Ed, Victor, Sam), the second its own users and
 * sites (`secondServerSeed`: Edith, Rita), whose ids and some domains collide with the first's.
 *
 * Both are self-hosted servers with the org in the path, on 127.0.0.1 and each on its own port:
 * that needs no DNS and no browser switch, and their addresses differ only by port
 * (`http://127.0.0.1:<p1>/o/acme` and `http://127.0.0.1:<p2>/o/acme` are different sites).
 * A per-team server would need its own base domain mapped to its port (Chromium's
 * `--host-resolver-rules`, as test/e2e/getgrist-hosts.test.ts does for getgrist.com); pass
 * options to get one, or a single-org second server (`{ second: { mode: 'single-org', singleOrgDomain: 'acme' } }`).
 *
 * Each server keeps its own request log with the key each request carried (`RecordedRequest.apiKey`),
 * so a test can prove that no request took one account's key to the other account's server.
 */
import { sampleSeed, secondServerSeed } from './sample-data.ts';
import { startFakeGrist, type FakeGrist, type FakeGristOptions } from './server.ts';

export interface TwoServers {
  /** The sample data, org in path. */
  first: FakeGrist;
  /** The second seed, org in path unless told otherwise. */
  second: FakeGrist;
  /** Stops both; again is a no-op. */
  close(): Promise<void>;
}

/**
 * Starts both servers, each on a free port (unless options give one).
 * In: options overriding either server's defaults (`mode: 'org-in-path'`, its seed).
 * Out: both servers and a close() for both. If the second cannot start, the first is stopped.
 */
export async function startTwoServers(
  options: { first?: Partial<FakeGristOptions>; second?: Partial<FakeGristOptions> } = {},
): Promise<TwoServers> {
  const first = await startFakeGrist({ mode: 'org-in-path', seed: sampleSeed, ...options.first });
  let second: FakeGrist;
  try {
    second = await startFakeGrist({ mode: 'org-in-path', seed: secondServerSeed, ...options.second });
  } catch (error) {
    await first.close();
    throw error;
  }
  return {
    first,
    second,
    close: async () => {
      await Promise.all([first.close(), second.close()]);
    },
  };
}
