/** Rows `bulk-rename`, `bulk-share`, `bulk-move` and `bulk-copy`: bulk runs against the same requests by bare fetch(). */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '../../../test/e2e/extension.ts';
import { generatedDocId, USERS } from '../../../test/fake-grist/sample-data.ts';
import { profiled } from '../profiles.ts';
import { median, type Row } from '../row.ts';
import type { Phase } from '../set-up.ts';
import { LATENCY_MS, RUNS } from '../settings.ts';

/** The bulk runs measured: BULK_PER_HOST documents on each of BULK_HOSTS team sites. */
export const BULK_HOSTS = 10;
export const BULK_PER_HOST = 50;

/**
 * BULK_HOSTS × BULK_PER_HOST documents of team sites 1 to BULK_HOSTS, taken round the hosts: of
 * each team's "Documents", the BULK_PER_HOST after the first `skip` (generateSeed's numbering).
 */
export function bulkDocuments(skip = 0) {
  return Array.from({ length: BULK_HOSTS * BULK_PER_HOST }, (_, index) => {
    const team = (index % BULK_HOSTS) + 1;
    return { team, orgId: 99 + team, docId: generatedDocId(team, skip + Math.floor(index / BULK_HOSTS) + 1) };
  });
}

/** BULK_HOSTS × BULK_PER_HOST renames of documents of team sites 1 to BULK_HOSTS, named for `run`. */
function bulkItems(run: number) {
  return bulkDocuments().map((item, index) => ({ ...item, newName: `Bulk ${run}.${index}` }));
}

/** One PATCH of a bulk run, for its ideal: to the host of team site `team`, at `path`, with `body` as JSON. */
interface BarePatch {
  team: number;
  path: string;
  body: unknown;
  /** Default PATCH. */
  method?: 'PATCH' | 'POST';
  /** A path read (GET) just before it, in its turn: a bulk share reads each document's access first. */
  read?: string;
}

/**
 * The ideal the issue names for a bulk run, ceil(requests / (2 in flight × hosts)) round trips,
 * measured on this machine: the same PATCHes (each after its read, if it has one) by bare fetch()
 * in the worker, two at a time per host, nothing checked, recorded or reported. No run can take
 * less. Out: ms.
 */
async function bareFetchPatches(extension: LoadedExtension, patches: BarePatch[]): Promise<number> {
  return extension.worker.evaluate(
    async ([apiKey, patches]) => {
      const started = performance.now();
      const byHost = new Map<number, typeof patches>();
      for (const patch of patches) byHost.set(patch.team, [...(byHost.get(patch.team) ?? []), patch]);
      const read = (patch: (typeof patches)[number]) =>
        patch.read === undefined
          ? Promise.resolve('')
          : fetch(`https://team-${patch.team}.getgrist.com${patch.read}`, { headers: { Authorization: `Bearer ${apiKey}` }, cache: 'no-store' }).then((response) => response.text());
      const send = (patch: (typeof patches)[number]) =>
        fetch(`https://team-${patch.team}.getgrist.com${patch.path}`, {
          method: patch.method ?? 'PATCH',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(patch.body),
          cache: 'no-store',
        }).then((response) => response.text());
      const lanes = [...byHost.values()].flatMap((list) => [0, 1].map((lane) => list.filter((_, index) => index % 2 === lane)));
      await Promise.all(lanes.map(async (lane) => {
        for (const patch of lane) {
          await read(patch);
          await send(patch);
        }
      }));
      return performance.now() - started;
    },
    [USERS.owner.apiKey, patches] as const,
  );
}

/** A bulk run as the bench measures it: what a page sends to start run number `run`, and the same PATCHes for the ideal's run `run`. */
interface BulkRunKind {
  /** Its name in the rows: `bulk <name>`. */
  name: string;
  /** Its items' name in the rows ("renames", "moves"). */
  plural: string;
  message: 'startBulkRename' | 'startBulkMove' | 'startBulkCopy' | 'startBulkShare';
  /** An item's state once Grist confirmed it. */
  confirmed: 'renamed' | 'moved' | 'copied' | 'shared';
  /** The start message's body: a request id of its own for each run (a repeated id answers the run it started). */
  request: (run: number) => unknown;
  bare: (run: number) => BarePatch[];
  /** Round trips per item for the nominal ideal (default 1, its PATCH; a share's read makes 2). */
  roundTrips?: number;
}

export const RENAME_RUNS: BulkRunKind = {
  name: 'rename',
  plural: 'renames',
  message: 'startBulkRename',
  confirmed: 'renamed',
  // Odd names for the extension's runs, even ones for the ideal's: every rename changes the name.
  request: (run) => ({ requestId: crypto.randomUUID(), items: bulkItems(2 * run + 1).map(({ orgId, docId, newName }) => ({ orgId, docId, newName })) }),
  bare: (run) => bulkItems(2 * run).map(({ team, docId, newName }) => ({ team, path: `/api/docs/${docId}`, body: { name: newName } })),
};

/**
 * Moves over BULK_HOSTS hosts: one workspace receives every document of a run, so each run moves
 * documents of team sites 1 to BULK_HOSTS to team site BULK_HOSTS + 1's "Home" (generateSeed: its
 * id is twice the site's), each PATCH going to its document's own host. A moved document is on
 * that one host afterwards, so each run takes fresh ones: block `run + 1` of each team's
 * documents (the renames take block 0). The ideal's PATCHes go to the same hosts with the same
 * bodies, moving block RUNS + 1 within its own site, to "Home" and back to "Documents" by turns
 * (the extension checks each move against its listing, which does not know what they moved).
 */
const MOVE_DESTINATION = { orgId: 100 + BULK_HOSTS, siteUrl: `https://team-${BULK_HOSTS + 1}.getgrist.com`, workspaceId: 2 * (100 + BULK_HOSTS) };

export const MOVE_RUNS: BulkRunKind = {
  name: 'move',
  plural: 'moves',
  message: 'startBulkMove',
  confirmed: 'moved',
  request: (run) => ({ requestId: crypto.randomUUID(), items: bulkDocuments((run + 1) * BULK_PER_HOST).map(({ orgId, docId }) => ({ orgId, docId })), to: MOVE_DESTINATION }),
  bare: (run) =>
    bulkDocuments((RUNS + 1) * BULK_PER_HOST).map(({ team, orgId, docId }) => ({
      team,
      path: `/api/docs/${docId}/move`,
      body: { workspace: run % 2 === 0 ? 2 * orgId : 2 * orgId + 1 },
    })),
};

/**
 * Copies over BULK_HOSTS hosts, to the moves' destination workspace: each POST goes to its
 * document's own host. A copy leaves its source where it is, so every run copies the same block
 * RUNS + 2 (the renames take block 0, the moves blocks 1 to RUNS + 1); the ideal's POSTs are the
 * same requests.
 */
export const COPY_RUNS: BulkRunKind = {
  name: 'copy',
  plural: 'copies',
  message: 'startBulkCopy',
  confirmed: 'copied',
  request: () => ({ requestId: crypto.randomUUID(), items: bulkDocuments((RUNS + 2) * BULK_PER_HOST).map(({ orgId, docId }) => ({ orgId, docId })), to: MOVE_DESTINATION }),
  bare: (run) =>
    bulkDocuments((RUNS + 2) * BULK_PER_HOST).map(({ team, docId }) => ({
      team,
      method: 'POST' as const,
      path: `/api/docs/${docId}/copy`,
      body: { workspaceId: MOVE_DESTINATION.workspaceId, documentName: `Bare copy ${run}`, asTemplate: false },
    })),
};

/**
 * Access changes over BULK_HOSTS hosts, a read and a PATCH each (issue 43): every run shares the
 * renames' block 0 with a person of its own as viewer, so each PATCH changes something (a document
 * the run leaves as it is sends nothing); the ideal's runs read the same access and PATCH another
 * person of their own in.
 */
export const SHARE_RUNS: BulkRunKind = {
  name: 'share',
  plural: 'access changes (a read and a PATCH each)',
  message: 'startBulkShare',
  confirmed: 'shared',
  roundTrips: 2,
  request: (run) => ({ requestId: crypto.randomUUID(), items: bulkDocuments().map(({ orgId, docId }) => ({ orgId, docId })), change: { kind: 'share', emails: [`bench-${run}@example.com`], role: 'viewers' } }),
  bare: (run) =>
    bulkDocuments().map(({ team, docId }) => ({ team, read: `/api/docs/${docId}/access`, path: `/api/docs/${docId}/access`, body: { delta: { users: { [`bare-${run}@example.com`]: 'viewers' } } } })),
};

/**
 * Runs of BULK_HOSTS × BULK_PER_HOST renames, moves, copies or access changes (`kind`) with LATENCY_MS on each request,
 * RUNS times, from the page's message to the run done (every request answered, each in the
 * history), against the ideal the issue names (see bareFetchPatches), measured in the same runs.
 * A second apart, so the cache write that ends one run does not fall into the next. In: the phase,
 * and an extension page to send the messages from.
 */
export async function bulkRunRows({ grist, extension }: Phase, page: Page, kind: BulkRunKind): Promise<Row[]> {
  const count = BULK_HOSTS * BULK_PER_HOST;
  const nominal = Math.ceil(count / (2 * BULK_HOSTS)) * LATENCY_MS * (kind.roundTrips ?? 1);
  grist.injectFault({ path: /^\/api\//, delayMs: LATENCY_MS / 2, holdAnswerMs: LATENCY_MS / 2 });
  const times: number[] = [];
  const bare: number[] = [];
  let confirmed = count;
  let profile: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    await sleep(1000);
    bare.push(await bareFetchPatches(extension, kind.bare(run)));
    await sleep(1000);
    const sendRun = () => page.evaluate(async ([message, state, request]) => {
      const started = performance.now();
      const send = (type: string, body: unknown) =>
        chrome.runtime.sendMessage({ type, request: body }) as Promise<{ ok: boolean; value: { id: string; done: boolean; items: { state: string }[] } }>;
      let reply = await send(message, request);
      while (reply.ok && !reply.value.done) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        reply = await send('getBulkRun', { runId: reply.value.id });
      }
      return { ms: performance.now() - started, confirmed: reply.ok ? reply.value.items.filter((item) => item.state === state).length : 0 };
    }, [kind.message, kind.confirmed, kind.request(run)] as const);
    // The last run with the worker's profiler on, for where its time goes (its sampling counted in that run).
    let result;
    if (run < RUNS - 1) result = await sendRun();
    else ({ result, profile } = await profiled(page, sendRun, 'worker'));
    times.push(result.ms);
    confirmed = Math.min(confirmed, result.confirmed);
  }
  grist.clearFaults();
  const measured = median(bare);
  const where = `${count} ${kind.plural} over ${BULK_HOSTS} hosts, ${LATENCY_MS} ms latency`;
  return [
    { figure: `ideal, measured: ${where} by bare fetch(), 2 at a time per host`, unit: 'ms', ours: measured, target: null, against: 'ideal', ideal: measured, nominal },
    // A run that confirmed fewer than all is missed, however quick: nothing sent is no speed.
    { figure: `bulk ${kind.name}: ${where} (${confirmed} of ${count} ${kind.confirmed} in the worst run)`, unit: 'ms', ours: confirmed === count ? median(times) : Number.POSITIVE_INFINITY, target: 1.15 * measured, against: 'ideal', ideal: measured, nominal, profile },
  ];
}
