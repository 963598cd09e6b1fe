/** Rows `removal`: a member removed from every site, preview and removal, against the same requests by bare fetch(). */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadedExtension } from '../../../test/e2e/extension.ts';
import { generatedDocId, ORGS, USERS } from '../../../test/fake-grist/sample-data.ts';
import { removalRequestOf, type PersonGrants } from '../../../src/shared/protocol/people.ts';
import { profiled } from '../profiles.ts';
import { median, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { LATENCY_MS, REMOVAL_DOCS_PER_TEAM, REMOVAL_TEAMS, RUNS } from '../settings.ts';

/** The member the removal rows remove from every site: an editor of every team site (generateSeed). */
const REMOVED_MEMBER = USERS.editor.email;

/**
 * The grants the removed member has on team site `team` beside their site role, which a removal
 * takes and the bench puts back between runs: owner of the site's "Documents" workspace and of its
 * first two documents (generateSeed's ids and numbering). Out: the access PATCHes that give them,
 * the site's first.
 */
function memberGrants(team: number): Array<{ path: string; role: string }> {
  const orgId = 99 + team;
  return [
    { path: `/api/orgs/${orgId}/access`, role: 'editors' },
    { path: `/api/workspaces/${2 * orgId + 1}/access`, role: 'owners' },
    { path: `/api/docs/${generatedDocId(team, 1)}/access`, role: 'owners' },
    { path: `/api/docs/${generatedDocId(team, 2)}/access`, role: 'owners' },
  ];
}

/**
 * The `removePerson` request the People view sends once its preview (`grants`, readPersonGrants's
 * answer) is confirmed: the sites it named, and its id (the worker takes what it read then, and
 * reads each site's own access and the grants found again).
 */
function removePersonRequest(grants: PersonGrants) {
  return removalRequestOf(grants);
}

/**
 * Waits until the worker's Origin rule (origin-rule.ts) covers `hosts`: it names the hosts a
 * refresh found, a moment after it, and until then Grist refuses the bare PATCHes as cross-origin.
 */
async function originRuleCovers(extension: LoadedExtension, hosts: string[]): Promise<void> {
  for (let waited = 0; ; waited += 100) {
    const domains = await extension.worker.evaluate(async () => {
      // The part of `chrome` read here (tsconfig-globals.d.ts declares less).
      const rules = chrome.declarativeNetRequest as unknown as { getDynamicRules(): Promise<Array<{ condition: { requestDomains?: string[] } }>> };
      return (await rules.getDynamicRules()).flatMap((rule) => rule.condition.requestDomains ?? []);
    });
    if (hosts.every((host) => domains.some((domain) => host === domain || host.endsWith(`.${domain}`)))) return;
    if (waited > 10_000) throw new Error(`The Origin rule does not cover ${hosts.join(', ')}.`);
    await sleep(100);
  }
}

/** Gives REMOVED_MEMBER their site role and grants again on every team site of the removal phase (memberGrants), by bare fetch() in the worker. */
function grantMemberAgain(extension: LoadedExtension): Promise<void> {
  const patches = Array.from({ length: REMOVAL_TEAMS }, (_, index) => ({ team: index + 1, grants: memberGrants(index + 1) }));
  return extension.worker.evaluate(
    async ([apiKey, email, patches]) => {
      await Promise.all(
        patches.map(async ({ team, grants }) => {
          for (const { path, role } of grants) {
            const response = await fetch(`https://team-${team}.getgrist.com${path}`, {
              method: 'PATCH',
              headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ delta: { users: { [email]: role } } }),
              cache: 'no-store',
            });
            if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
          }
        }),
      );
    },
    [USERS.owner.apiKey, REMOVED_MEMBER, patches] as const,
  );
}

/**
 * The ideal of a member's removal from every site: the reads the preview needs and the removal's
 * PATCHes, each once, by bare fetch() in the worker, as many at once per host as the worker's
 * client sends (MAX_IN_FLIGHT_PER_HOST, 6), nothing parsed, checked or logged: on each site the
 * user owns, its access; on each team site, then, every workspace's and document's access; once
 * all are read, on each team site its access again (the removal's check) and its PATCH. Out: ms.
 */
async function bareFetchRemoval(extension: LoadedExtension): Promise<number> {
  const teams = Array.from({ length: REMOVAL_TEAMS }, (_, index) => {
    const team = index + 1;
    const orgId = 99 + team;
    const reads = [2 * orgId, 2 * orgId + 1].map((id) => `/api/workspaces/${id}/access`);
    for (let index = 1; index <= REMOVAL_DOCS_PER_TEAM; index++) reads.push(`/api/docs/${generatedDocId(team, index)}/access`);
    return { host: `team-${team}.getgrist.com`, orgId, reads };
  });
  return extension.worker.evaluate(
    async ([apiKey, email, personalOrgId, teams, inFlight]) => {
      const call = (url: string, init: RequestInit = {}) =>
        fetch(url, { ...init, headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' }, cache: 'no-store' }).then((response) => response.text());
      /** Runs `tasks` `inFlight` at a time. */
      const paced = async (tasks: Array<() => Promise<unknown>>) => {
        let next = 0;
        await Promise.all(Array.from({ length: inFlight }, async () => {
          while (next < tasks.length) await tasks[next++]!();
        }));
      };
      const started = performance.now();
      await Promise.all([
        call(`https://docs.getgrist.com/api/orgs/${personalOrgId}/access`),
        ...teams.map(async ({ host, orgId, reads }) => {
          await call(`https://${host}/api/orgs/${orgId}/access`);
          await paced(reads.map((path) => () => call(`https://${host}${path}`)));
        }),
      ]);
      await Promise.all(
        teams.map(async ({ host, orgId }) => {
          await call(`https://${host}/api/orgs/${orgId}/access`);
          await call(`https://${host}/api/orgs/${orgId}/access`, { method: 'PATCH', body: JSON.stringify({ delta: { users: { [email]: null } } }) });
        }),
      );
      return performance.now() - started;
    },
    [USERS.owner.apiKey, REMOVED_MEMBER, ORGS.ownerPersonal.id, teams, 6] as const,
  );
}

/**
 * A member removed from every site (issue 48): REMOVAL_TEAMS team sites of REMOVAL_DOCS_PER_TEAM
 * documents each, on which the member has a few grants (memberGrants), LATENCY_MS on each request.
 * RUNS times, as the People view does it: its preview (readPersonGrants), then the removal
 * (removePerson, built by removePersonRequest), from the preview's message to the fake's answer
 * to the last site's PATCH of its access (not the message's reply: a removal that goes on as a run
 * answers before); against the same reads and PATCHes by bare fetch() (bareFetchRemoval), at most
 * 1.15 times it. Also the reads of each document's access, preview and removal together: at most
 * one. The member is given their grants again between runs. In: the removal phase (phases/removal.ts).
 */
export async function removalRows(phase: Phase): Promise<Row[]> {
  const { grist, extension, options } = phase;
  if (!(await phase.refreshFromPage()).ok) throw new Error('The removal phase\'s refresh failed.');
  await originRuleCovers(extension, Array.from({ length: REMOVAL_TEAMS }, (_, index) => `team-${index + 1}.getgrist.com`));
  await grantMemberAgain(extension);
  grist.injectFault({ path: /^\/api\//, delayMs: LATENCY_MS / 2, holdAnswerMs: LATENCY_MS / 2 });
  const documents = REMOVAL_TEAMS * REMOVAL_DOCS_PER_TEAM;
  const sitePatch = (entry: { method: string; path: string }) => entry.method === 'PATCH' && /^\/api\/orgs\/\d+\/access$/.test(entry.path);
  const send = (type: string, request: unknown) =>
    options.evaluate(([type, request]) => chrome.runtime.sendMessage({ type, request }) as Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>, [type, request] as const);
  /** One removal as the People view sends it. Out: ms to the last site's PATCH answered, and the reads of each document's access made. */
  const removeOnce = async () => {
    grist.clearRequests();
    const started = performance.now();
    const preview = await send('readPersonGrants', { email: REMOVED_MEMBER });
    const grants = preview.value as PersonGrants | undefined;
    if (!preview.ok || grants?.sites.length !== REMOVAL_TEAMS) throw new Error(`The preview named ${grants?.sites.length ?? 0} of ${REMOVAL_TEAMS} sites: ${preview.error?.message ?? ''}`);
    const reply = send('removePerson', removePersonRequest(grants));
    const answered = () => grist.requests.filter((entry) => sitePatch(entry) && entry.answeredAt !== undefined);
    for (let waited = 0; answered().length < REMOVAL_TEAMS; waited += 5) {
      if (waited > 15 * 60_000) throw new Error('The removal sent no PATCH to some sites.');
      await sleep(5);
    }
    const ended = Math.max(...answered().map((entry) => entry.answeredAt!));
    const removed = await reply;
    if (!removed.ok) throw new Error(`removePerson failed: ${removed.error?.message ?? ''}`);
    const reads = grist.requests.filter((entry) => entry.method === 'GET' && /^\/api\/docs\/[^/]+\/access$/.test(entry.path)).length;
    return { ms: ended - started, reads };
  };
  const times: number[] = [];
  const bare: number[] = [];
  let reads = 0;
  let profile: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    await sleep(1000);
    bare.push(await bareFetchRemoval(extension));
    await grantMemberAgain(extension);
    await sleep(1000);
    // The last run with the worker's profiler on, for where its time goes.
    let result;
    if (run < RUNS - 1) result = await removeOnce();
    else ({ result, profile } = await profiled(options, removeOnce, 'worker'));
    times.push(result.ms);
    reads = Math.max(reads, result.reads);
    await grantMemberAgain(extension);
  }
  grist.clearFaults();
  const measured = median(bare);
  const where = `${REMOVAL_TEAMS} sites of ${REMOVAL_DOCS_PER_TEAM} documents, ${LATENCY_MS} ms latency`;
  return [
    { figure: `ideal, measured: a member's removal from every site, ${where}: each read and PATCH once by bare fetch(), 6 at a time per host`, unit: 'ms', ours: measured, target: null, against: 'ideal', ideal: measured },
    { figure: `remove a member from every site, preview and removal, ${where}`, unit: 'ms', ours: median(times), target: 1.15 * measured, against: 'ideal', ideal: measured, profile },
    { figure: `remove a member from every site: reads of each document's access, preview and removal together (worst run)`, unit: 'reads per document', ours: reads / documents, target: 1, against: 'target' },
  ];
}
